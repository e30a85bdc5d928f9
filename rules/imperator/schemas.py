"""The JSON Schema of an order set per prompt kind (``Ruleset.order_schema``): the shapes
listed at the top of ``orders.py``, closed (an unknown field is refused) and bounded. The
legality of what the fields name is ``orders.validate``'s business."""

from __future__ import annotations

from rules.imperator.orders import KIND_FIELDS
from rules.schema_parts import MAX_ITEMS, closed, ident, idents, mapping, nullable, order_set

ALWAYS_NEVER_ASK = {"enum": ["always", "never", "ask"]}  # ask: no standing answer, ask me

PLAY = closed({
    "stratagem": ident("the stratagem played (SV 6)"),
    "peoples": idents("peoples risen or pacified"),
    "nationality": ident(),
    "leader": ident("the leader aimed at (assassinat, usurpations)"),
    "zone": ident(),
    "diocese": ident(),
    "value": {"type": "integer", "minimum": 0, "maximum": 99},
    "to": idents("zones, in order of preference (fuite opportune)"),
    "target": ident(),
}, required=("stratagem",))
PLAYS = {"type": "array", "items": PLAY, "maxItems": 40}

REACTIONS = closed({  # standing reactions (orders.py docstring)
    "evade": mapping(ALWAYS_NEVER_ASK, "per zone (or *): always or never try to evade, or ask"),
    "evade_to": mapping(idents(), "per zone (or *): where to evade to"),
    "retreat": mapping(idents(), "per zone (or *): where to retreat to"),
    "losses": {"anyOf": [{"enum": ["auto", "ask"]}, idents()]},
    "escape": mapping(idents(), "per leader (or *): where he escapes to"),
    "successor": idents("generals preferred as successors"),
    "stratagems": PLAYS,
    "initiative": ALWAYS_NEVER_ASK,
    "veto": ALWAYS_NEVER_ASK,
    "nominate": ALWAYS_NEVER_ASK,
    "protectores": ident(),
    "geostrategy": {"enum": ["pass", "ask"]},
    "ask": {"enum": ["battles", "never"]},
})

MOVE = closed({
    "leaders": idents(), "units": idents(),
    "path": idents("the zones crossed, the first where the stack stands", min_items=1),
    "drop": mapping(ident(), "unit: the zone of the path where it is dropped off"),
    "then": idents("after a successful rally, the zones the stack goes on to (SV 3.6.3 D/)"),
})
NAVAL = closed({
    "fleet": ident(), "embark": idents(), "to": nullable(ident("a sea or a port")),
    "land": nullable(ident("a coastal zone")),
}, required=("fleet",))
PLACE = nullable(mapping(ident(), "piece: zone"))

FIELDS = {
    "moves": {"type": "array", "items": MOVE, "maxItems": MAX_ITEMS},
    "naval": {"type": "array", "items": NAVAL, "maxItems": MAX_ITEMS},
    "play": PLAYS,
    "reactions": REACTIONS,
    "constantinople": {"type": "boolean"},
    "place": PLACE,
    "nominate": {"type": "array", "maxItems": 10, "items": closed(
        {"leader": ident(), "title": {"enum": ["augustus", "caesar"]}}, required=("leader", "title"))},
    "veto": {"type": "boolean"},
    "sacrifice": idents(),
    "protectores": nullable(ident()),
    "discard": idents(),
    "evade": {"type": "boolean"},
    "to": idents(),
    "groups": {"type": "array", "maxItems": 40, "items": closed(
        {"leaders": idents(), "units": idents(), "to": ident()})},
    "retreat": idents(min_items=1),
    "losses": idents(),
    "escape": ident(),
    "successor": ident(),
}
REQUIRED = {"evasion": ("evade",), "retreat": ("retreat",), "losses": ("losses",), "escape": ("escape",)}


def prompt_kinds() -> list[str]:
    return sorted(kind for kind in KIND_FIELDS if kind is not None)


def order_schema(kind: str) -> dict:
    if kind not in KIND_FIELDS or kind is None:
        raise KeyError(kind)
    return order_set(f"Imperator order set: {kind}", {name: FIELDS[name] for name in sorted(KIND_FIELDS[kind])},
                     required=REQUIRED.get(kind, ()))
