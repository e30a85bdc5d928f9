"""What a self-play report counts for Ultimus Romanorum beyond the family's tally
(``rules/imperator/coverage.py``): the events only this title emits, named as the keys of
``coverage.yaml``. Pure: an event in, keys out."""

from __future__ import annotations


def tally(event) -> list[str]:
    t, d = event.type, event.data if isinstance(event.data, dict) else {}
    if t == "people_status":
        return [f"people_status:{d.get('previous')}>{d.get('status')}"]
    if t == "approval_roll":
        return ["approval_roll", "approval_refused"] if not d.get("approved") else ["approval_roll"]
    if t == "augustus_succeeds":
        return [f"succession:{d.get('half')}"]
    if t == "usurpation_decided":
        return ["usurpation_decided:" + ("capitals" if d.get("capitals") else "battle_or_assassination")]
    if t == "federation_roll":
        return ["federation_roll"] + (["federation_success"] if d.get("success") else [])
    if t == "move" and d.get("eased"):
        return ["frozen_river_crossed"]
    if t == "naval_move" and str(d.get("fleet", "")).startswith("flotte-") and d.get("embark"):
        return ["flotte_loaded"]  # a Flotte's cargo (at its coast, or later in a port)
    if t == "rex_succeeds":
        return ["rex_succeeds"] if d.get("leader") else ["rex_succeeds", "rex_none"]
    if t in ("escort_named", "escort_home", "free_rex"):
        return [t]
    if t in ("patrice", "honorius_case", "sides_changed", "no_successor", "augustus_fled", "vassals_freed",
             "regnum_capital", "siege", "unit_enters", "people_adjusted"):
        return [t]
    return []
