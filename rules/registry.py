"""The registry of rulesets, by slug (``semper-victor`` lives in ``rules/semper_victor/``).

Rulesets register themselves on import; :func:`get_ruleset` imports the package named
after the slug on first use, so callers never import a ruleset module directly.
"""

from __future__ import annotations

import importlib

from rules.base import Ruleset

_REGISTRY: dict[str, Ruleset] = {}

#: Every ruleset package shipped with Cursus. A new title adds its slug here.
KNOWN_SLUGS = ("semper-victor", "tetrarchia", "kings-of-rome", "ultimus-romanorum", "refereed")


class UnknownRuleset(LookupError):
    pass


def register(ruleset: Ruleset) -> Ruleset:
    if ruleset.slug in _REGISTRY and _REGISTRY[ruleset.slug] is not ruleset:
        raise ValueError(f"ruleset {ruleset.slug!r} is registered twice")
    _REGISTRY[ruleset.slug] = ruleset
    return ruleset


def get_ruleset(slug: str) -> Ruleset:
    if slug not in _REGISTRY:
        if slug not in KNOWN_SLUGS:
            raise UnknownRuleset(slug)
        importlib.import_module("rules." + slug.replace("-", "_"))
    try:
        return _REGISTRY[slug]
    except KeyError:  # the package exists but did not register itself
        raise UnknownRuleset(slug) from None


def all_rulesets() -> list[Ruleset]:
    return [get_ruleset(slug) for slug in KNOWN_SLUGS]


def warm_up(slugs: tuple[str, ...] = KNOWN_SLUGS) -> dict[str, float]:
    """Parse every ruleset's data files and fill its caches now, through the contract
    alone: set up its first scenario with its default options, ask for the prompts and
    validate their default orders. A web or worker process calls this when it starts
    (config/wsgi.py, config/celery.py), so no player's first request pays for it.
    Returns the seconds each ruleset took."""
    import time

    from rules.dice import HmacDice

    took = {}
    for slug in slugs:
        started = time.perf_counter()
        ruleset = get_ruleset(slug)
        scenario = ruleset.scenarios()[0]["id"]
        options = {option["id"]: option.get("default") for option in ruleset.options()}
        state = ruleset.setup(scenario, options, HmacDice(bytes(32), 0))
        for prompt in ruleset.prompts(state):
            ruleset.validate(state, prompt.role, prompt.default_orders)
        took[slug] = time.perf_counter() - started
    return took
