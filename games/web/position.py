"""The position as a page draws it: stacks per zone and side, markers, counters.

``Ruleset.board()`` is static (the map); the position comes from ``view(state, role)``,
whose shape belongs to each engine. This module reads the two engine families the
platform runs (Imperator views with ``pieces``; Tetrarchia views with ``discs``,
``armies`` and ``emperors``) into one shape the map, the text view and the tests share;
an engine may also give that shape itself as ``view["display"]`` (Kings of Rome does):

``{"stacks": [{"zone", "side", "leaders": [piece], "units": [piece], "label"}],
"markers": {zone: [{"kind", "label"}]}, "control": {region: side}, "counters": [(label, value)],
"vp": {side: points}}`` where a piece is ``{"id", "name", "weakened", "usurper"}``.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _

from games.presentation import message_text


def _name(record, fallback: str) -> str:
    if not record:
        return fallback
    return message_text(record.get("name")) or fallback


def position(ruleset, view: dict) -> dict:
    if not isinstance(view, dict):
        return {"stacks": [], "markers": {}, "control": {}, "counters": [], "vp": {}}
    if isinstance(view.get("display"), dict) and "stacks" in view["display"]:
        return _display(view["display"], view)
    if "pieces" in view:
        return _imperator(ruleset, view)
    if "discs" in view and "emperors" in view:
        return _tetrarchia(ruleset, view)
    return {"stacks": [], "markers": {}, "control": {}, "counters": [], "vp": vp_of(view)}


def _display(display: dict, view: dict) -> dict:
    """An engine that draws its own position (``view["display"]``, the shape above; its
    labels may be ``{"en","fr"}``): read it as it is, in the reader's language."""
    stacks = []
    for stack in display.get("stacks") or []:
        pieces = [dict(p, name=message_text(p.get("name")) or str(p.get("id"))) for p in stack.get("leaders") or []]
        units = [dict(p, name=message_text(p.get("name")) or str(p.get("id"))) for p in stack.get("units") or []]
        stacks.append({"zone": stack["zone"], "side": stack["side"], "leaders": pieces, "units": units,
                       "label": message_text(stack.get("label")) or ", ".join(p["name"] for p in pieces + units)})
    markers = {zone: [{"kind": m["kind"], "label": message_text(m.get("label"))} for m in items]
               for zone, items in (display.get("markers") or {}).items()}
    counters = []
    for item in display.get("counters") or []:
        label, value = (item["label"], item["value"]) if isinstance(item, dict) else item
        counters.append((message_text(label), message_text(value) if isinstance(value, dict) else value))
    return {"stacks": stacks, "markers": markers, "control": dict(display.get("control") or {}), "counters": counters,
            "vp": vp_of(display) or vp_of(view)}


def vp_of(view: dict) -> dict:
    """Victory points per side (or the one shared score of a cooperative game)."""
    if not isinstance(view, dict):
        return {}
    vp = view.get("vp") or view.get("victory_points")
    if isinstance(vp, dict):
        return {str(k): v for k, v in sorted(vp.items()) if isinstance(v, (int, float))}
    if isinstance(view.get("score"), (int, float)):
        return {_("score"): view["score"]}
    return {}


def _imperator(ruleset, view: dict) -> dict:
    world = getattr(ruleset, "world", None)
    leaders_data = getattr(world, "leaders", {}) or {}
    units_data = getattr(world, "units", {}) or {}
    usurpers = set()
    for side_list in ((view.get("titles") or {}).get("usurpers") or {}).values():
        usurpers.update(side_list or [])
    stacks: dict[tuple, dict] = {}
    for pid in sorted(view.get("pieces") or {}):
        piece = view["pieces"][pid]
        zone = piece.get("zone")
        if not zone or piece.get("eliminated") or piece.get("aboard"):
            continue
        side = piece.get("side") or "—"
        stack = stacks.setdefault((zone, side), {"zone": zone, "side": side, "leaders": [], "units": []})
        record = (leaders_data if piece.get("kind") == "leader" else units_data).get(pid)
        entry = {"id": pid, "name": _name(record, pid), "weakened": bool(piece.get("weakened")), "usurper": pid in usurpers}
        stack["leaders" if piece.get("kind") == "leader" else "units"].append(entry)
    markers: dict[str, list] = {}
    origin = {}
    for pid, people in sorted((getattr(world, "peoples", {}) or {}).items()):
        for zone in people.get("origin_zones") or []:
            origin.setdefault(pid, zone)
    for pid, status in sorted((view.get("peoples") or {}).items()):
        if (status or {}).get("status") == "war" and pid in origin:
            markers.setdefault(origin[pid], []).append({"kind": "war", "label": _("at war")})
    year_event = view.get("year_event") or {}
    for zone in year_event.get("sick") or []:
        if isinstance(zone, str):
            markers.setdefault(zone, []).append({"kind": "plague", "label": _("plague")})
    for leader in sorted(usurpers):
        piece = (view.get("pieces") or {}).get(leader) or {}
        if piece.get("zone"):
            markers.setdefault(piece["zone"], []).append({"kind": "usurper", "label": _("usurper")})
    for fid, fleet in sorted((view.get("fleets") or {}).items()):
        port = (getattr(world, "ports", {}) or {}).get(fleet.get("at"))
        if port:
            markers.setdefault(port["zone"], []).append({"kind": "fleet", "label": _("fleet %(name)s (%(side)s)") % {"name": fid, "side": fleet.get("side")}})
    smc = view.get("smc") or {}
    counters = []
    if view.get("year") is not None:
        counters.append((_("Year"), view["year"]))
    if view.get("phase"):
        counters.append((_("Phase"), view["phase"]))
    if view.get("active"):
        counters.append((_("Active side"), view["active"]))
    if view.get("initiative"):
        counters.append((_("Initiative"), view["initiative"]))
    for side, left in sorted((smc.get("left") or {}).items()):
        counters.append((_("SMC left (%(side)s)") % {"side": side}, left))
    if smc.get("total") is not None:
        counters.append((_("SMC this year"), f"{smc.get('played', 0)} / {smc['total']}"))
    hands = (view.get("stratagems") or {}).get("hand_sizes") or {}
    for side, size in sorted(hands.items()):
        counters.append((_("Stratagems in hand (%(side)s)") % {"side": side}, size))
    ordered = sorted(stacks.values(), key=lambda s: (s["zone"], s["side"]))
    for stack in ordered:
        stack["label"] = ", ".join(p["name"] + (" *" if p["weakened"] else "") for p in stack["leaders"] + stack["units"])
    return {"stacks": ordered, "markers": markers, "control": dict(view.get("control") or {}), "counters": counters, "vp": vp_of(view)}


def _tetrarchia(ruleset, view: dict) -> dict:
    from rules.tetrarchia.data import emperors as load_emperors

    emperors = load_emperors()
    stacks = []
    for eid in sorted(view.get("emperors") or {}):
        where = (view["emperors"][eid] or {}).get("at")
        if where:
            e = emperors.get(eid)
            name = (e.name_fr if (translation.get_language() or "en").startswith("fr") else e.name_en) if e else eid
            stacks.append({"zone": where, "side": eid, "leaders": [{"id": eid, "name": name, "weakened": False, "usurper": False}], "units": []})
    for zone in view.get("armies") or []:
        stacks.append({"zone": zone, "side": "barbari", "leaders": [], "units": [{"id": "army", "name": _("barbarian army"), "weakened": False, "usurper": False}]})
    markers: dict[str, list] = {}
    for zone, disc in sorted((view.get("discs") or {}).items()):
        label = {"revolt": _("revolt"), "unrest": _("unrest")}.get(disc, str(disc))
        markers.setdefault(zone, []).append({"kind": str(disc), "label": label})
    for stack in stacks:
        stack["label"] = ", ".join(p["name"] for p in stack["leaders"] + stack["units"])
    counters = [(_("Round"), view.get("round")), (_("Phase"), view.get("phase")), (_("Score"), view.get("score"))]
    for sea, count in sorted((view.get("fleets") or {}).items()):
        counters.append((_("Fleets in %(sea)s") % {"sea": sea}, count))
    return {"stacks": sorted(stacks, key=lambda s: (s["zone"], s["side"])), "markers": markers, "control": {},
            "counters": [(k, v) for k, v in counters if v is not None], "vp": vp_of(view)}
