"""Cursus rules engines: pure Python, no Django, no database, no Celery.

A ruleset is state in, state and events out. See ``rules/base.py`` for the contract
and ``docs/architecture.md`` ("The rules contract").
"""

from rules.registry import all_rulesets, get_ruleset, register

__all__ = ["all_rulesets", "get_ruleset", "register"]
