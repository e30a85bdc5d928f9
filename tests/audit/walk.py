"""The audit's walker: every GET endpoint and page of the URLconf, for a game, as a
given client; and the checks for secrets that must not be there (used by
tests/audit/test_no_leaks.py)."""

from __future__ import annotations

import json
import re

from django.urls import URLPattern, URLResolver, get_resolver

# Paths the walk does not GET: the admin (staff only, its own permission system), the
# logout view (it changes the session), the language switch (POST), and the email
# providers' inbound webhooks (django-anymail: authenticated by the provider, POST only,
# never shown to a player).
SKIP_PREFIXES = ("admin/", "accounts/logout", "i18n/", "anymail/")


def _walk(patterns, prefix=""):
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern)


def every_path(*, game_id: int, step_numbers: list[int]) -> tuple[list[str], list[str]]:
    """Concrete GET paths for every route whose parameters we can fill, and the routes
    we could not (reported, not silently dropped)."""
    fill = {"game_id": [str(game_id)], "number": [str(n) for n in step_numbers], "pk": [str(game_id)],
            "id": [str(game_id)]}
    paths, unfilled = [], []
    for route in _walk(get_resolver().url_patterns):
        if route.startswith(SKIP_PREFIXES) or route.startswith("^"):
            continue
        params = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if any(name not in fill for name in params):
            unfilled.append(route)
            continue
        variants = [route]
        for name in params:
            variants = [re.sub(rf"<(?:\w+:)?{name}>", value, v, count=1) for v in variants for value in fill[name]]
        paths += ["/" + v.lstrip("/") for v in variants]
    return sorted(set(paths)), unfilled


def find_keys(value, key: str):
    """Every value stored under ``key`` anywhere in a JSON document."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == key:
                yield v
            yield from find_keys(v, key)
    elif isinstance(value, list):
        for item in value:
            yield from find_keys(item, key)


def dicts_where(value, predicate) -> list:
    """Every mapping inside ``value`` (at any depth) for which ``predicate`` holds."""
    found = []
    if isinstance(value, dict):
        if predicate(value):
            found.append(value)
        for v in value.values():
            found += dicts_where(v, predicate)
    elif isinstance(value, list):
        for item in value:
            found += dicts_where(item, predicate)
    return found


def unsealed_picks(value) -> list:
    """Dice rolls of a ``pick:`` purpose whose value is shown."""
    return dicts_where(value, lambda d: str(d.get("purpose", "")).startswith("pick:") and d.get("value") is not None)


def body_json(response):
    if "json" not in response.get("Content-Type", ""):
        return None
    try:
        return json.loads(response.content)
    except ValueError:
        return None
