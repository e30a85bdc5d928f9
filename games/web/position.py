"""The position as a page draws it, in the reader's language.

``Ruleset.board()`` is static (the map); what stands on it and around it comes from
``Ruleset.furniture(view, role)`` (the rules contract, ``rules/base.py``): every ruleset
says itself which stacks, markers, sides, legend, facts and panels it has, so this module
knows no ruleset. It only picks the reader's language, in one shape the map, the text
view and the tests share:

``{"stacks": [{"zone", "side", "strength", "leaders": [piece], "units": [piece], "label"}],
"markers": {zone: [{"kind", "symbol", "colour", "shape", "ring", "dashed", "label"}]}, "control": {region: side},
"sides": {side: {"name", "colour"}}, "legend": [...], "phase": str, "facts": [(label,
value)], "panels": [...], "vp": {side: points}}`` where a piece is ``{"id", "name",
"label", "weakened", "usurper", "strength"}``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.presentation import message_text

EMPTY = {"stacks": [], "markers": {}, "control": {}, "sides": {}, "legend": [], "phase": "", "facts": [],
         "counters": [], "panels": [], "standing_help": "", "vp": {}}


def _t(value, lang=None) -> str:
    if isinstance(value, dict):
        return message_text(value, lang)
    return "" if value is None else str(value)


def position(ruleset, view: dict, role: str | None = None, lang: str | None = None) -> dict:
    if not isinstance(view, dict) or not view:
        return {k: (v.copy() if hasattr(v, "copy") else v) for k, v in EMPTY.items()}
    f = ruleset.furniture(view, role)
    own = set(f.get("own_sides") or ([role] if role else []))  # the sides the reader commands
    stacks = []
    for s in f.get("stacks") or []:
        pieces = [{"id": p["id"], "name": _t(p.get("name"), lang), "label": _t(p.get("label") or p.get("name"), lang),
                   "weakened": bool(p.get("weakened")), "usurper": bool(p.get("usurper")), "strength": p.get("strength"),
                   "kind": p.get("kind")} for p in s.get("pieces") or []]
        stacks.append({"zone": s["zone"], "side": s["side"], "strength": s.get("strength"), "own": s["side"] in own,
                       "leaders": [p for p in pieces if p["kind"] == "leader"],
                       "units": [p for p in pieces if p["kind"] != "leader"],
                       "label": ", ".join(p["label"] for p in pieces)})
    markers = {zone: [{"kind": m.get("kind"), "symbol": _t(m.get("symbol"), lang) or "•", "colour": m.get("colour"),
                       "shape": m.get("shape"), "ring": m.get("ring"), "dashed": bool(m.get("dashed")),
                       "label": _t(m.get("label"), lang)} for m in items]
               for zone, items in (f.get("markers") or {}).items()}
    sides = {side: {"name": _t(v.get("name"), lang), "colour": v.get("colour")} for side, v in (f.get("sides") or {}).items()}
    legend = [dict(e, label=_t(e.get("label"), lang), **({"symbol": _t(e["symbol"], lang)} if e.get("symbol") else {}))
              for e in f.get("legend") or []]
    facts = [(_t(x.get("label"), lang), _t(x.get("value"), lang)) for x in f.get("facts") or []]
    panels = []
    for panel in f.get("panels") or []:
        panels.append({"id": panel.get("id"), "private": bool(panel.get("private")), "title": _t(panel.get("title"), lang),
                       "empty": _t(panel.get("empty"), lang) if panel.get("empty") else _("Nothing."),
                       "items": [{"label": _t(i.get("label"), lang), "detail": _t(i.get("detail"), lang),
                                  "colour": i.get("colour"),
                                  # a link within the site only (a table of the library)
                                  "href": i["href"] if str(i.get("href", "")).startswith("/") and
                                  not str(i.get("href", "")).startswith("//") else None}
                                 for i in panel.get("items") or []]})
    return {"stacks": stacks, "markers": markers, "control": dict(f.get("control") or {}), "sides": sides,
            "legend": legend, "phase": _t(f.get("phase"), lang), "facts": facts, "counters": facts, "panels": panels,
            "standing_help": _t(f.get("standing_help"), lang), "vp": vp_of(view, f)}


def vp_of(view: dict, furniture: dict | None = None) -> dict:
    """Victory points per side (or the one shared score of a cooperative game)."""
    if not isinstance(view, dict):
        return {}
    scores = (furniture or {}).get("scores")
    if scores:
        return {str(k): v for k, v in sorted(scores.items())}
    vp = view.get("vp") or view.get("victory_points")
    if isinstance(vp, dict):
        return {str(k): v for k, v in sorted(vp.items()) if isinstance(v, (int, float))}
    if isinstance(view.get("score"), (int, float)):
        return {_("score"): view["score"]}
    return {}


def name_places(pos: dict, board: dict | None, lang: str | None = None) -> dict:
    """The position with names for a reader (the text view): each stack's ``zone_name``
    and ``side_name``, and ``marker_rows`` (every zone with markers, by name), from the
    board's zones and seas. Changes and returns ``pos``."""
    names = {}
    for z in (board or {}).get("zones") or []:
        names[z["id"]] = _t(z.get("label") or z.get("name"), lang)
    for s in (board or {}).get("seas") or []:
        names.setdefault(s["id"], _t(s.get("name"), lang))
    for stack in pos.get("stacks") or []:
        stack["zone_name"] = names.get(stack["zone"], stack["zone"])
        stack["side_name"] = ((pos.get("sides") or {}).get(stack["side"]) or {}).get("name") or stack["side"]
    pos["marker_rows"] = sorted(({"zone": zone, "zone_name": names.get(zone, zone), "markers": markers}
                                 for zone, markers in (pos.get("markers") or {}).items() if markers),
                                key=lambda row: row["zone_name"])
    return pos
