"""The shape check of an order set, before the engine sees it (docs/api.md, "Order sets").

Every ruleset describes the order set of each prompt kind as a JSON Schema
(``Ruleset.order_schema``); here the platform checks a submitted order set against it with
``jsonschema`` and turns every failure into an order error ``{code, path, message}`` whose
path is a JSON pointer into the order set and whose message names the field, in English and
French. Stricter than plain JSON Schema in one way: ``10.0`` is not an integer.

No Django here, so the engine fuzz tests (tests/fuzz) use the same check.
"""

from __future__ import annotations

from functools import lru_cache

from jsonschema import Draft202012Validator, validators

from rules.registry import get_ruleset

#: Every code this module answers (docs/api.md lists them).
CODES = ("orders.not_an_object", "orders.unknown_field", "orders.missing_field", "orders.wrong_type",
         "orders.bad_value", "orders.too_many", "orders.too_few", "orders.too_long", "orders.too_short",
         "orders.bad_shape")

_TYPE_CHECKER = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool)
)
StrictValidator = validators.extend(Draft202012Validator, type_checker=_TYPE_CHECKER)

_TYPES = {  # (English, French) names of JSON types, as a player reads them
    "object": ("an object {…}", "un objet {…}"),
    "array": ("a list […]", "une liste […]"),
    "string": ("a text", "un texte"),
    "integer": ("a whole number", "un nombre entier"),
    "number": ("a number", "un nombre"),
    "boolean": ("true or false", "true ou false"),
    "null": ("null", "null"),
}


def _type_of(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _escape(part) -> str:
    return str(part).replace("~", "~0").replace("/", "~1")


def pointer(parts) -> str:
    return "".join("/" + _escape(p) for p in parts)


def _short(value, lang: str = "en") -> str:
    if isinstance(value, str):
        value = value if len(value) <= 40 else value[:39] + "…"
        return f"“{value}”" if lang == "en" else f"« {value} »"
    text = "null" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


@lru_cache(maxsize=256)
def _validator(slug: str, version: str, kind: str):
    schema = get_ruleset(slug).order_schema(kind)
    StrictValidator.check_schema(schema)
    return StrictValidator(schema)


def validator_for(ruleset, kind: str):
    """The (cached) validator of ``ruleset``'s order set for ``kind``."""
    return _validator(ruleset.slug, ruleset.version, kind)


def _error(code: str, path: str, en: str, fr: str) -> dict:
    return {"code": code, "path": path, "message": {"en": en, "fr": fr}}


def _where(parts) -> tuple[str, str]:
    """How a message names a place: the field (or item) and its path."""
    if not parts:
        return "The order set", "L'ensemble d'ordres"
    last = parts[-1]
    path = pointer(parts)
    if isinstance(last, int):
        return f"Item {last} at {path}", f"L'élément {last} en {path}"
    return f"The field “{last}” at {path}", f"Le champ « {last} » en {path}"


def _explain(error) -> list[dict]:
    parts = list(error.absolute_path)
    path = pointer(parts)
    where_en, where_fr = _where(parts)
    kind = error.validator
    if kind == "additionalProperties":
        known = set(error.schema.get("properties", {}))
        extra = sorted(k for k in error.instance if k not in known) if isinstance(error.instance, dict) else []
        return [_error("orders.unknown_field", pointer(parts + [k]),
                       f"Unknown field “{k}” at {pointer(parts + [k])}: it is not part of this order set.",
                       f"Champ inconnu « {k} » en {pointer(parts + [k])} : il ne fait pas partie de cet ensemble d'ordres.")
                for k in extra]
    if kind == "required":
        missing = [k for k in error.validator_value if isinstance(error.instance, dict) and k not in error.instance]
        return [_error("orders.missing_field", pointer(parts + [k]),
                       f"The field “{k}” is missing at {pointer(parts + [k])}.",
                       f"Le champ « {k} » manque en {pointer(parts + [k])}.") for k in missing]
    if kind == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        got = _type_of(error.instance)
        en = " or ".join(_TYPES[t][0] for t in wanted)
        fr = " ou ".join(_TYPES[t][1] for t in wanted)
        if not parts:
            return [_error("orders.not_an_object", "", "Orders must be a JSON object.", "Les ordres doivent être un objet JSON.")]
        return [_error("orders.wrong_type", path, f"{where_en} must be {en}, not {_TYPES[got][0]}.",
                       f"{where_fr} doit être {fr}, pas {_TYPES[got][1]}.")]
    if kind in ("enum", "const"):
        choices = error.validator_value if kind == "enum" else [error.validator_value]
        shown = ", ".join("null" if c is None else str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
        return [_error("orders.bad_value", path, f"{where_en} is {_short(error.instance)}; it must be one of: {shown}.",
                       f"{where_fr} vaut {_short(error.instance, 'fr')} ; il doit valoir : {shown}.")]
    if kind in ("maxItems", "maxProperties"):
        n = error.validator_value
        return [_error("orders.too_many", path, f"{where_en} has more than {n} entries.",
                       f"{where_fr} a plus de {n} entrées.")]
    if kind in ("minItems", "minProperties"):
        n = error.validator_value
        return [_error("orders.too_few", path, f"{where_en} needs at least {n} entries.",
                       f"{where_fr} demande au moins {n} entrées.")]
    if kind == "maxLength":
        n = error.validator_value
        return [_error("orders.too_long", path, f"{where_en} is longer than {n} characters.",
                       f"{where_fr} dépasse {n} caractères.")]
    if kind == "minLength":
        return [_error("orders.too_short", path, f"{where_en} is empty.", f"{where_fr} est vide.")]
    if kind in ("minimum", "maximum"):
        bound = "at least" if kind == "minimum" else "at most"
        bound_fr = "au moins" if kind == "minimum" else "au plus"
        return [_error("orders.bad_value", path, f"{where_en} must be {bound} {error.validator_value}.",
                       f"{where_fr} doit valoir {bound_fr} {error.validator_value}.")]
    if kind == "propertyNames":
        return [_error("orders.bad_value", path, f"{where_en} has a name longer than allowed.",
                       f"{where_fr} contient un nom trop long.")]
    if kind == "anyOf":  # the first alternative that failed in a way a player understands
        found = []
        for sub in sorted(error.context or [], key=lambda e: (len(e.absolute_path), str(e.validator))):
            found = _explain(sub)
            if found:
                break
        return found or [_error("orders.bad_shape", path, f"{where_en} has the wrong shape.",
                                f"{where_fr} n'a pas la bonne forme.")]
    return [_error("orders.bad_shape", path, f"{where_en} has the wrong shape ({kind}).",
                   f"{where_fr} n'a pas la bonne forme ({kind}).")]


def shape_errors(ruleset, kind: str, orders) -> list[dict]:
    """Every shape problem of ``orders`` for a prompt of ``kind`` (empty: the engine may
    look at it), sorted by path, at most 50."""
    if not isinstance(orders, dict):
        return [_error("orders.not_an_object", "", "Orders must be a JSON object.", "Les ordres doivent être un objet JSON.")]
    found: list[dict] = []
    for error in validator_for(ruleset, kind).iter_errors(orders):
        found.extend(_explain(error))
        if len(found) >= 50:
            break
    unique = {(e["path"], e["code"]): e for e in found}
    return [unique[key] for key in sorted(unique)][:50]
