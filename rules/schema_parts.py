"""Building blocks of the JSON Schemas that rulesets give for their order sets
(``Ruleset.order_schema``): plain dicts, no validator here (the platform checks)."""

from __future__ import annotations

#: Bounds for every list and string of an order set: generous for any real order set,
#: small enough that a hostile one costs the server nothing.
MAX_ITEMS = 200
MAX_ID = 100


def ident(description: str = "") -> dict:
    """A name of something in the game (a piece, a zone, a stratagem...)."""
    out = {"type": "string", "minLength": 1, "maxLength": MAX_ID}
    if description:
        out["description"] = description
    return out


def idents(description: str = "", *, min_items: int = 0) -> dict:
    out = {"type": "array", "items": ident(), "maxItems": MAX_ITEMS}
    if min_items:
        out["minItems"] = min_items
    if description:
        out["description"] = description
    return out


def closed(properties: dict, *, required: tuple = (), description: str = "") -> dict:
    """An object with exactly these (optional unless ``required``) fields."""
    out = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    return out


def mapping(values: dict, description: str = "") -> dict:
    """An object whose keys are names (pieces, zones) and whose values all have one shape."""
    out = {"type": "object", "propertyNames": {"maxLength": MAX_ID}, "additionalProperties": values,
           "maxProperties": MAX_ITEMS}
    if description:
        out["description"] = description
    return out


def nullable(schema: dict) -> dict:
    """The same, or ``null`` (the keywords of a type apply to values of that type only)."""
    return {**schema, "type": [schema["type"], "null"]}


def order_set(title: str, properties: dict, *, required: tuple = ()) -> dict:
    out = closed(properties, required=required)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, **out}
