"""The JSON Schema of a Kings of Rome order set per prompt kind (``Ruleset.order_schema``):
shapes and types only, closed objects, each action's fields by its ``act``; ``orders.py``
judges legality against the position."""

from __future__ import annotations

from rules.kings_of_rome.policies import SPEC
from rules.schema_parts import MAX_ITEMS, closed, ident, idents, mapping, nullable, order_set

KINDS = ("battle", "candidates", "expeditions", "political", "triumph_vote", "actions")
HEX = ident("a hex, CCRR (four digits)")
HEXES = {"type": "array", "items": HEX, "maxItems": MAX_ITEMS}
SMALL = {"type": "integer", "minimum": 0, "maximum": 99}
TACTIC = {"enum": ["attack", "defence", "ask"]}


def _policy_schema() -> dict:
    props = {}
    for key, (default, allowed, _en, _fr) in sorted(SPEC.items()):
        if allowed is bool:
            props[key] = {"type": "boolean"}
        elif allowed is dict:
            props[key] = mapping(idents("Gentes in order of preference"), "per Curia")
        elif allowed == "ip":
            props[key] = nullable({"type": "integer", "minimum": 0, "maximum": 200})
        else:
            props[key] = {"enum": list(allowed)}
    return closed(props, description="standing policies (policies.py); hidden from the other seats")


POLICY = _policy_schema()
BATTLE_PLAN = closed({
    "tactic": TACTIC, "spolia": {"type": "boolean"}, "withdraw": {"type": "boolean"}, "leader": ident(),
    "front": idents("units for the front line, in box order"), "leader_box": {"enum": ["right", "centre", "left", "reserve"]},
    "cavalry": idents("horsemen in the order they pair off in the vanguard (§6.5.4)"),
}, description="a battle's plan (§6.5): tactic marker, Spolia Opima, leader, deployment, the vanguard's pairs")
TARGET = {"enum": ["garrison", "leader"]}
ACT_FIELDS = {
    "move": {"path": HEXES, "to": HEX, "battle": BATTLE_PLAN},
    "intimidate": {"city": ident("a city"), "path": HEXES, "to": HEX},
    "siege": {"city": ident("a city"), "path": HEXES, "to": HEX, "surrender": TARGET, "target": TARGET},
    "negotiate": {"city": ident("a city"), "path": HEXES, "to": HEX},
    "detach": {"office": ident("an office"), "units": idents("units")},
    "merge": {"force": ident("a Roman army in the same hex")},
    "sail": {"fleet": ident("a fleet"), "path": HEXES, "land": HEX},
    "end": {},
}


def _tagged(fields: dict[str, dict]) -> dict:
    return {
        "type": "object", "required": ["act"], "properties": {"act": {"enum": sorted(fields)}},
        "allOf": [{"if": {"properties": {"act": {"const": act}}},
                   "then": closed({"act": {"const": act}, **fields[act]}, required=("act",))} for act in sorted(fields)],
    }


ACTION = _tagged(ACT_FIELDS)
FLEET_ACTION = _tagged({"sail": {"path": HEXES}})
NR_ACTION = _tagged({"move": {"path": HEXES, "target": ident("a Roman army")},
                     "attack": {"path": HEXES, "city": ident("a city")}, "end": {}})
PRAECEPTUM = closed({"people": ident("a people"), "city": ident("a city"), "defend": {"type": "boolean"},
                     "fides": {"type": "boolean"}}, description="the Tribune's mission (§5.4.5)")

SCHEMAS = {
    "candidates": order_set("Kings of Rome order set: candidates", {
        "candidates": mapping(mapping(ident("a Gens"), "office -> Gens"), "Curia -> its candidates"),
        "bids": mapping(SMALL, "Curia -> IP bid for the head of the Senate (0-2)"),
        "policy": POLICY}),
    "political": order_set("Kings of Rome order set: political", {
        "magistri": {"type": "array", "maxItems": 10, "items": closed({"office": {"enum": ["mp", "me"]}, "curia": ident()},
                                                                      required=("office", "curia"))},
        "general": {"type": "boolean"}, "secret_name": {"type": "boolean"}, "consent": {"type": "boolean"},
        "recruit": {"type": "array", "maxItems": MAX_ITEMS,
                    "items": closed({"office": ident(), "inf": SMALL, "cav": SMALL}, required=("office",))},
        "fides": closed({"nation": nullable(ident()), "city": ident()}),
        "tribunes": {"type": "array", "maxItems": 10, "items": closed({
            "office": {"enum": ["tp1", "tp2", "tc"]}, "how": {"enum": ["direct", "rogatio"]}, "curia": nullable(ident()),
            "praeceptum": PRAECEPTUM, "join": nullable(ident())}, required=("office",))},
        "promote": idents("units to promote"), "garrison": idents("Roman cities to reinforce"),
        "transfer": {"type": "array", "maxItems": MAX_ITEMS,
                     "items": closed({"from": ident(), "to": ident(), "points": SMALL}, required=("from", "to"))},
        "policy": POLICY}),
    "actions": order_set("Kings of Rome order set: actions", {
        "armies": mapping({"type": "array", "items": ACTION, "maxItems": 20}, "army -> its actions in order"),
        "fleets": mapping({"type": "array", "items": FLEET_ACTION, "maxItems": 20}, "fleet -> its voyages"),
        "policy": POLICY}),
    "battle": order_set("Kings of Rome order set: battle", {**BATTLE_PLAN["properties"], "policy": POLICY}),
    "triumph_vote": order_set("Kings of Rome order set: triumph_vote", {"accept": {"type": "boolean"}, "policy": POLICY}),
    "expeditions": order_set("Kings of Rome order set: expeditions", {
        "forces": mapping({"anyOf": [{"const": "auto"}, {"type": "array", "items": NR_ACTION, "maxItems": 20}]},
                          "force -> auto, or its actions in order"),
        "policy": POLICY}),
}


def prompt_kinds() -> list[str]:
    return sorted(SCHEMAS)


def order_schema(kind: str) -> dict:
    return SCHEMAS[kind]
