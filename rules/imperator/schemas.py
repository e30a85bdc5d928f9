"""The JSON Schema of an order set per prompt kind (``Ruleset.order_schema``): the shapes
listed at the top of ``orders.py``, closed (an unknown field is refused) and bounded. The
legality of what the fields name is ``orders.validate``'s business. A title adds the
schemas of its own fields, play arguments and standing reactions (``schema_fields``,
``play_schema_fields``, ``reaction_schemas``)."""

from __future__ import annotations

from rules.imperator.orders import kind_fields
from rules.schema_parts import MAX_ITEMS, closed, ident, idents, mapping, nullable, order_set

ALWAYS_NEVER_ASK = {"enum": ["always", "never", "ask"]}  # ask: no standing answer, ask me

PLAY_FIELDS = {
    "stratagem": ident("the stratagem played (SV 6, UR 6)"),
    "peoples": idents("peoples risen or pacified"),
    "nationality": ident(),
    "leader": ident("the leader aimed at (assassinat, usurpations)"),
    "zone": ident(),
    "diocese": ident(),
    "value": {"type": "integer", "minimum": 0, "maximum": 99},
    "to": idents("zones, in order of preference (fuite opportune)"),
    "target": ident(),
}

REACTION_FIELDS = {  # standing reactions (orders.py docstring)
    "evade": mapping(ALWAYS_NEVER_ASK, "per zone (or *): always or never try to evade, or ask"),
    "evade_to": mapping(idents(), "per zone (or *): where to evade to"),
    "retreat": mapping(idents(), "per zone (or *): where to retreat to"),
    "losses": {"anyOf": [{"enum": ["auto", "ask"]}, idents()]},
    "escape": mapping(idents(), "per leader (or *): where he escapes to"),
    "successor": idents("generals preferred as successors"),
    "initiative": ALWAYS_NEVER_ASK,
    "geostrategy": {"enum": ["pass", "ask"]},
    "ask": {"enum": ["battles", "never"]},
    "battle_order": {"enum": ["ask", "auto"]},
}

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
    "place": PLACE,
    "discard": idents(),
    "evade": {"type": "boolean"},
    "to": idents(),
    "groups": {"type": "array", "maxItems": 40, "items": closed(
        {"leaders": idents(), "units": idents(), "to": ident()})},
    "retreat": idents(min_items=1),
    "losses": idents(),
    "escape": ident(),
    "successor": ident(),
    "battle_order": idents("the zones whose battles are fought first, in this order (2.E.2)"),
}
REQUIRED = {"evasion": ("evade",), "retreat": ("retreat",), "losses": ("losses",), "escape": ("escape",),
            "battle_order": ("battle_order",)}


def fields(title) -> dict:
    """The family's field schemas with the title's (cached per title)."""
    out = _FIELDS.get(title.slug)
    if out is None:
        play = closed({**PLAY_FIELDS, **title.play_schema_fields}, required=("stratagem",))
        plays = {"type": "array", "items": play, "maxItems": 40}
        reactions = closed({**REACTION_FIELDS, "stratagems": plays, **title.reaction_schemas})
        out = _FIELDS[title.slug] = {**FIELDS, **title.schema_fields, "play": plays, "reactions": reactions}
    return out


_FIELDS: dict = {}


def prompt_kinds(title) -> list[str]:
    return sorted(kind for kind in kind_fields(title) if kind is not None)


def order_schema(title, kind: str) -> dict:
    known = kind_fields(title)
    if kind not in known or kind is None:
        raise KeyError(kind)
    schemas = fields(title)
    return order_set(f"Imperator order set: {kind}", {name: schemas[name] for name in sorted(known[kind])},
                     required=REQUIRED.get(kind, ()))
