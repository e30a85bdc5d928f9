"""What a self-play report counts for an Imperator title (``manage.py selfplay --stats``).

:func:`tally` reads one engine event and names the rules it shows firing, as the keys of
the title's coverage table (``rules/<title>/coverage.yaml``: key, section, label, and the
written reason when a rule may rightly never fire in a thousand games). :func:`measures`
gives the numbers averaged over finished games. Pure: events and state in, keys out.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator.plugin import title_of
from rules.yamlfiles import safe_load


def load_table(path) -> list[dict]:
    """A title's coverage table, in reading order."""
    with open(path, encoding="utf-8") as fh:
        rows = safe_load(fh)["coverage"]
    for row in rows:
        if not isinstance(row.get("key"), str) or not row.get("label"):
            raise ValueError(f"{path}: every coverage row needs a key and a label ({row!r})")
    return rows


def tally(world, event: Event) -> list[str]:
    """The coverage keys ``event`` shows firing."""
    t, d = event.type, event.data
    handler = _HANDLERS.get(t)
    if handler:
        return handler(world, d)
    return [t] if t in _PLAIN else []


_PLAIN = {
    "pax_romana", "pax_romana_interrupted", "initiative_reversed", "veto", "sacrifice", "control_change",
    "forced_march", "fleet_lost", "fleet_returns", "constantinople_started", "constantinople_built",
    "constantinople_interrupted", "usurpation_fails", "usurpation_continues", "stratagems_cancel",
    "leader_leaves", "marker_removed", "move_cancelled", "limitanei_deployed",
}


def _battle(world, d) -> list[str]:
    keys = ["battle"]
    total = sum((d.get("pf") or {}).values())
    big = world.title.battle_vp[0]  # the PF of a battle that scores (SV 10.1 L832: 35; UR 10.1 L1347: 25)
    if total >= big:
        keys.append(f"battle_{big}pf")
    if total >= 2 * big:
        keys.append(f"battle_{2 * big}pf")
    if d.get("winner") is None:
        keys.append("battle_no_winner")
    res = d.get("result") or {}
    if "R" == res.get("attacker") == res.get("defender"):
        keys.append("battle_rr")
    for side in ("attacker", "defender"):
        if res.get(side) == "E":
            keys.append("result_e")
    shift = d.get("shift") or 0
    if shift:
        keys.append("column_shift")
    for mod in d.get("modifiers") or []:
        keys.append(f"drm:{mod.get('code')}")
    return keys


def _evasion(world, d) -> list[str]:
    if not d.get("attempted"):
        return []
    return ["evasion_tried"] + (["evasion_succeeded"] if d.get("success") else [])


def _leader_eliminated(world, d) -> list[str]:
    return [f"leader_eliminated:{d.get('cause')}"]


def _event(world, d) -> list[str]:
    return [f"event:{d.get('number')}"]


def _war_entry(world, d) -> list[str]:
    return ["war_entry_draw"] + (["war_entry_people"] if d.get("entered_war") else [])


def _stratagem(world, d) -> list[str]:
    keys = [f"stratagem:{d.get('stratagem')}"]
    if str(d.get("stratagem", "")).startswith("usurpation") and "validated" in d:
        keys.append("usurpation_attempt")
    return keys


def _usurpation(world, d) -> list[str]:
    keys = [f"usurpation:{d.get('by')}"]
    if d.get("rallied"):
        keys.append("usurpation_rallied_b")
    return keys


def _spread(world, d) -> list[str]:
    return ["civil_war_spread"] + (["civil_war_spread_success"] if d.get("success") else [])


def _rally(world, d) -> list[str]:
    return ["rally_success" if d.get("success") else "rally_failure"]


def _succeeds(world, d) -> list[str]:
    keys = [f"usurpation_succeeds:{d.get('against')}"]
    if d.get("back_in_ranks"):
        keys.append("double_usurpation_success")
    return keys


def _succession(world, d) -> list[str]:
    return [f"succession:{d.get('title')}:{d.get('case')}"]


def _loyalty(world, d) -> list[str]:
    return ["loyalty_defection" if d.get("defects") else "loyalty_kept"]


def _nomination(world, d) -> list[str]:
    return [f"nomination:{d.get('title')}"]


def _natural_death(world, d) -> list[str]:
    return ["natural_death"]


def _enters(world, d) -> list[str]:
    leader = (getattr(world, "leaders", {}) or {}).get(d.get("leader"), {})
    return [f"leader_enters:{leader.get('kind', 'roman')}"]


def _naval(world, d) -> list[str]:
    keys = ["naval_move"]
    if d.get("embark"):
        keys.append("naval_embark")
    if d.get("landed"):
        keys.append("naval_landing")
    return keys


def _escape(world, d) -> list[str]:
    return ["escape"]


def _change(world, d) -> list[str]:
    return [f"change_of_sides:{d.get('cause')}"]


def _pacified(world, d) -> list[str]:
    klass = (getattr(world, "peoples", {}) or {}).get(d.get("people"), {}).get("class", "?")
    return [f"pacified:{'arms' if d.get('by_arms') else 'counter'}:{klass}"]


def _adjust(world, d) -> list[str]:
    keys = []
    if d.get("replaced"):
        keys.append("limitanei_replaced")
    if d.get("sent_home"):
        keys.append("comitatenses_sent_home")
    if d.get("recovered"):
        keys.append("units_recovered")
    if d.get("leaders"):
        keys.append("leaders_brought_back")
    return keys


def _plague(world, d) -> list[str]:
    return ["plague_hit"]


def _vp(world, d) -> list[str]:
    return [f"vp:{d.get('reason')}"]


def _game_end(world, d) -> list[str]:
    return []


_HANDLERS = {
    "battle": _battle, "evasion": _evasion, "leader_eliminated": _leader_eliminated, "event": _event,
    "war_entry_draw": _war_entry, "stratagem_played": _stratagem, "usurpation": _usurpation,
    "civil_war_spread": _spread, "rally": _rally, "usurpation_succeeds": _succeeds, "succession": _succession,
    "loyalty_test": _loyalty, "nomination": _nomination, "natural_death": _natural_death,
    "leader_enters": _enters, "naval_move": _naval, "escape": _escape, "change_of_sides": _change,
    "people_pacified": _pacified, "roman_adjustments": _adjust, "plague": _plague, "vp": _vp,
    "game_end": _game_end,
}


def measures(state: dict) -> dict[str, float]:
    """Years played, whether the seats ever changed sides, the final score of each seat."""
    first = title_of(state).sides[0]
    seats = state.get("seats") or {side: side for side in title_of(state).sides}
    vp = state.get("vp") or {}
    out = {"years": state.get("year", 0) - state.get("first_year", 0) + 1,
           "sides_swapped_at_end": int(seats.get(first) != first)}
    for seat, side in sorted(seats.items()):
        out[f"final_vp_seat_{seat}"] = vp.get(side, 0)
    return out
