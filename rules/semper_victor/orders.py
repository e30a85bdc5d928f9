"""Semper Victor's order sets (the family's are ``rules/imperator/orders.py``): its prompt
kinds (``nominations``, ``veto``), its fields (``constantinople`` in C; ``sacrifice`` and
``protectores`` in F; ``nominate``; ``veto``), its standing reactions (``veto``,
``nominate``, ``protectores``) and their lines in the text notation
(``build constantinople``, ``nominate LEADER augustus|caesar``, ``veto`` / ``accept``,
``sacrifice LEADER...``, ``protectores LEADER``).
"""

from __future__ import annotations

from rules.imperator.messages import error
from rules.schema_parts import closed, ident, idents, nullable
from rules.semper_victor import constantinople, deployment
from rules.semper_victor import nominations as nominations_mod

KIND_FIELDS = {
    "deploy": {"place", "reactions"},
    "geostrategy": {"constantinople"},
    "nominations": {"nominate", "reactions"},
    "veto": {"veto", "reactions"},
    "review": {"sacrifice", "protectores"},
}
REACTION_KEYS = ("veto", "nominate", "protectores")
#: the id prefixes a player may leave out when he names a unit (``cornuti`` for ``co-cornuti``)
NAME_PREFIXES = ("co", "pc", "ri")
PROMPT_TITLES = {
    "deploy": ("Set-up: where do your limitanei stand?", "Mise en place : où se tiennent vos limitanei ?"),
    "geostrategy": ("Geostrategy: uprisings, usurpations, Constantinople?", "Géostratégie : soulèvements, usurpations, Constantinople ?"),
    "nominations": ("Name co-emperors (Augustus, Caesars)?", "Nommer des co-empereurs (Augustus, Caesars) ?"),
    "veto": ("SECONDUS names a co-emperor: veto him?", "SECONDUS nomme un co-empereur : opposer votre veto ?"),
    "review": ("End of the year: sacrifices, Protectores Domestici, discards", "Fin d'année : sacrifices, Protectores Domestici, défausses"),
}
ALWAYS_NEVER_ASK = {"enum": ["always", "never", "ask"]}
SCHEMA_FIELDS = {
    "constantinople": {"type": "boolean"},
    "nominate": {"type": "array", "maxItems": 10, "items": closed(
        {"leader": ident(), "title": {"enum": ["augustus", "caesar"]}}, required=("leader", "title"))},
    "veto": {"type": "boolean"},
    "sacrifice": idents(),
    "protectores": nullable(ident()),
}
REACTION_SCHEMAS = {"veto": ALWAYS_NEVER_ASK, "nominate": ALWAYS_NEVER_ASK, "protectores": ident()}
_LEADER_PLAYS = ("assassinat",)
_ZONE_PLAYS = ("foyer-de-peste", "epidemie-de-peste", "desertion", "persecution", "heresie", "bagaudes")


def validate(world, state: dict, role: str, kind: str | None, orders: dict) -> list:
    """The problems of Semper Victor's own fields of an order set."""
    errors = []
    if kind == deployment.KIND:
        errors.extend(deployment.problems(world, state, role, orders))
    if kind == "geostrategy" and orders.get("constantinople"):
        errors.extend(error(code, "/constantinople", **fmt) for code, fmt in constantinople.launch_problems(world, state, role))
    if kind == "nominations":
        noms = orders.get("nominate", [])
        if not isinstance(noms, list):
            errors.append(error("orders.bad_shape", "/nominate", what="nominate"))
        else:
            for k, nom in enumerate(noms):
                for code, path, fmt in nominations_mod.problems(world, state, role, nom, noms[:k]):
                    errors.append(error(code, f"/nominate/{k}{path}", **fmt))
    if kind == "veto" and not isinstance(orders.get("veto", False), bool):
        errors.append(error("orders.bad_shape", "/veto", what="veto"))
    return errors


def validate_reaction(world, state: dict, key: str, value, base: str) -> list:
    if key == "protectores":
        return [] if value in state["pieces"] else [error("reactions.unknown_piece", base, piece=value)]
    if value not in ("always", "never", "ask"):  # veto, nominate
        return [error("reactions.bad_value", base, what=key, value=value)]
    return []


def default_orders(world, state: dict, pending: dict) -> dict:
    if pending["kind"] == deployment.KIND:
        return {"place": {}}
    return {"nominate": []} if pending["kind"] == "nominations" else {"veto": False}


def prompt_options(world, state: dict, pending: dict) -> dict:
    if pending["kind"] == deployment.KIND:
        return {"place": deployment.choices(world, state, pending["role"])}
    if pending["kind"] == "nominations":
        return {"candidates": nominations_mod.candidates(world, state, pending["role"]),
                "vetoed": list((state.get("d_stage") or {}).get("vetoed") or [])}
    return dict(pending.get("data", {}), choices=[True, False])


def play_bare_field(t: str) -> str:
    """What the bare argument of ``play TYPE ARG`` names."""
    if t in _LEADER_PLAYS or t.startswith("usurpation"):
        return "leader"
    if t in _ZONE_PLAYS:
        return "zone"
    if t == "abandon":
        return "diocese"
    if t == "pacification-nationalite":
        return "nationality"
    return "peoples"


def play_defaults(t: str) -> dict:
    return {"peoples": []} if t.startswith(("soulevement", "pacification-m", "pax-romana")) else {}


def parse_line(head, rest, line, n, standing, names, orders, reactions, lines, errors) -> bool:
    """One line of Semper Victor's own in the text notation; False if it is not one."""
    if head == "build" and rest.lower() == "constantinople":
        orders["constantinople"] = True
        lines["/constantinople"] = n
        return True
    if head == "nominate" and rest.lower() in ("always", "never", "ask"):
        reactions["nominate"] = rest.lower()
        lines["/reactions/nominate"] = n
        return True
    if head == "nominate":
        parts = rest.split()
        if len(parts) == 2 and parts[1].lower() in ("augustus", "caesar"):
            pid = names.piece(parts[0], n, errors)
            lines[f"/nominate/{len(orders.setdefault('nominate', []))}"] = n
            orders["nominate"].append({"leader": pid, "title": parts[1].lower()})
        else:
            errors.append(error("text.bad_syntax", f"line:{n}", line=line))
        return True
    if head == "veto" and rest.lower() == "ask":  # standing: ask me (no standing answer)
        reactions["veto"] = "ask"
        lines["/reactions/veto"] = n
        return True
    if head in ("veto", "accept") and not rest:
        if standing:
            reactions["veto"] = "always" if head == "veto" else "never"
            lines["/reactions/veto"] = n
        else:
            orders["veto"] = head == "veto"
            lines["/veto"] = n
        return True
    if head == "sacrifice":  # a repeated line adds to the list
        orders.setdefault("sacrifice", []).extend(p for p in (names.piece(w, n, errors) for w in rest.split()) if p)
        lines[f"/{head}"] = n
        return True
    if head == "protectores" and rest:
        pid = names.piece(rest, n, errors)
        if standing:
            reactions["protectores"] = pid
            lines["/reactions/protectores"] = n
        else:
            orders["protectores"] = pid
            lines["/protectores"] = n
        return True
    return False


def format_lines(orders: dict, slot: str) -> list[str]:
    """Semper Victor's lines of an order set, at their place among the family's."""
    out = []
    if slot == "after_place":
        if orders.get("constantinople"):
            out.append("build constantinople")
        if orders.get("sacrifice"):
            out.append("sacrifice " + " ".join(orders["sacrifice"]))
        if orders.get("protectores"):
            out.append(f"protectores {orders['protectores']}")
    elif slot == "after_discard":
        for nom in orders.get("nominate") or []:
            out.append(f"nominate {nom.get('leader')} {nom.get('title')}")
        if "veto" in orders:
            out.append("veto" if orders["veto"] else "accept")
    elif slot == "standing_after_initiative":
        reactions = orders.get("reactions") or {}
        if reactions.get("protectores"):
            out.append(f"standing protectores {reactions['protectores']}")
    elif slot == "standing_after_geostrategy":
        reactions = orders.get("reactions") or {}
        if reactions.get("nominate"):
            out.append(f"standing nominate {reactions['nominate']}")
        if reactions.get("veto"):
            out.append("standing " + {"always": "veto", "ask": "veto ask"}.get(reactions["veto"], "accept"))
    return out
