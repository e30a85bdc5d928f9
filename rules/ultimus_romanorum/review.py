"""Ultimus Romanorum's own choices in phase F: none beyond the family's discards and
placements (``rules/imperator/review.py``)."""

from __future__ import annotations


def choices(world, state: dict, side: str) -> dict:
    return {}


def defaults(world, state: dict, side: str, ch: dict) -> dict:
    return {}


def problems(world, state: dict, side: str, orders: dict, ch: dict) -> tuple[list, list]:
    return [], []


def apply(world, state: dict, side: str, orders: dict, events: list) -> None:
    return None
