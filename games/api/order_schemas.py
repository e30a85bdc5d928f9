"""The order sets in the OpenAPI schema (docs/api.md, "Order sets"), so that a client can
be generated: each ruleset's order set for each prompt kind is a component of its own,
the ruleset's JSON Schema (``Ruleset.order_schema``, draft 2020-12, which OpenAPI 3.1
schemas are) named ``<Ruleset><Kind>Orders`` and marked with ``x-ruleset`` and
``x-prompt-kind``; ``OrderSet`` is their union.

The union is an ``anyOf``, not a ``oneOf``: an order set does not name its ruleset nor its
prompt kind (the step it answers does), and one order set may fit several kinds (``{}``,
"pass", fits every kind without a required field). A client picks the member from what it
answers: the game's ``ruleset`` and the prompt's ``kind``; the union's ``x-order-sets``
maps each ``<slug>:<kind>`` to its component for that lookup.

Added by a drf-spectacular post-processing hook (``SPECTACULAR_SETTINGS``); the request
and response fields that carry an order set point at ``OrderSet`` (``ORDER_SET_REF``)."""

from __future__ import annotations

import copy
import re

from rules.registry import KNOWN_SLUGS, UnknownRuleset, get_ruleset

UNION = "OrderSet"
ORDER_SET_REF = {"$ref": f"#/components/schemas/{UNION}"}


def _camel(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def component_name(slug: str, kind: str) -> str:
    """``semper-victor``, ``smc`` -> ``SemperVictorSmcOrders``."""
    return f"{_camel(slug)}{_camel(kind)}Orders"


def _rulesets():
    for slug in KNOWN_SLUGS:
        try:
            yield get_ruleset(slug)
        except (ImportError, UnknownRuleset):  # a ruleset that cannot load has no orders to take
            continue


def components() -> dict[str, dict]:
    """Every order-set component, by name, in a stable order (slug, then kind)."""
    out: dict[str, dict] = {}
    for rs in _rulesets():
        name_en = rs.name.as_dict().get("en") or rs.slug
        for kind in rs.prompt_kinds():
            schema = copy.deepcopy(rs.order_schema(kind))
            schema.pop("$schema", None)  # the document's dialect (OpenAPI 3.1: JSON Schema 2020-12)
            schema["title"] = f"{name_en}: {kind}"
            schema["description"] = (
                f"An order set answering a '{kind}' prompt of {name_en} (ruleset '{rs.slug}', version {rs.version})."
                + (f" {schema['description']}" if schema.get("description") else "")
            )
            schema["x-ruleset"] = rs.slug
            schema["x-prompt-kind"] = kind
            out[component_name(rs.slug, kind)] = schema
    return out


def postprocess(result: dict, generator=None, request=None, public=None) -> dict:
    """drf-spectacular post-processing hook: add the order-set components and their union."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    found = components()
    schemas.update(found)
    kinds = {f"{schema['x-ruleset']}:{schema['x-prompt-kind']}": name for name, schema in found.items()}
    schemas[UNION] = {
        "title": "Order set",
        "description": (
            "A sealed order set: the answer to one prompt. Its shape is the component of the game's ruleset "
            "and the prompt's kind (x-order-sets maps '<ruleset>:<kind>' to it); the server checks it against "
            "that one, then the rules judge its legality."
        ),
        "anyOf": [{"$ref": f"#/components/schemas/{name}"} for name in found],
        "x-order-sets": kinds,
    }
    return result
