"""The JSON Schema of a Tetrarchia order set per prompt kind (``Ruleset.order_schema``):
closed objects, each action's fields by its ``act``; ``turns.validate`` judges legality."""

from __future__ import annotations

from rules.schema_parts import MAX_ITEMS, closed, ident, idents, order_set
from rules.tetrarchia.roman import ACTS
from rules.tetrarchia.data import EMPEROR_ORDER
from rules.tetrarchia.turns import STANDING

BY = {"enum": ["land", "sea", None], "description": "land or sea (the cheaper when absent)"}
ACT_FIELDS = {  # the fields of each action (roman.py check_*)
    "move": {"to": ident("a province"), "by": BY},
    "sail": {"from": ident("a sea zone with a fleet"), "to": ident("an adjacent sea zone")},
    "protect": {},
    "subdue": {"how": {"enum": ["remove", "reduce"]}},
    "attack": {"target": ident("a province"), "bonus": {"type": "integer", "minimum": 0, "maximum": 99}},
    "move_other": {"emperor": ident(), "to": ident("a province"), "by": BY},
}
ACTION = {
    "type": "object", "required": ["act"],
    "properties": {"act": {"enum": list(ACTS)}},
    "allOf": [
        {"if": {"properties": {"act": {"const": act}}},
         "then": closed({"act": {"const": act}, **ACT_FIELDS[act]}, required=("act",))}
        for act in ACTS
    ],
}
_TYPES = {bool: {"type": "boolean"}, int: {"type": "integer", "minimum": 0, "maximum": 99}}
STANDING_SCHEMA = closed({
    emperor: closed({field: _TYPES[kind] for field, kind in sorted(STANDING.get(emperor, {}).items())})
    for emperor in EMPEROR_ORDER
}, description="standing choices per emperor (the Caesars' reactions in other emperors' turns)")

SCHEMAS = {
    "fleets": order_set("Tetrarchia order set: fleets", {"fleets": idents("the sea zones that get a fleet")},
                        required=("fleets",)),
    "roman_phase": order_set("Tetrarchia order set: roman_phase", {
        "enter": {"enum": ["roma", "capital", None], "description": "where an emperor off the board comes in"},
        "imperium": {"type": "boolean"},
        "patres": {"type": "boolean"},
        "end": {"type": "boolean", "description": "end the Roman phase after a won attack"},
        "actions": {"type": "array", "items": ACTION, "maxItems": MAX_ITEMS},
        "standing": STANDING_SCHEMA,
    }),
    "barbarian_phase": order_set("Tetrarchia order set: barbarian_phase", {}),
}


def prompt_kinds() -> list[str]:
    return sorted(SCHEMAS)


def order_schema(kind: str) -> dict:
    return SCHEMAS[kind]
