"""Leaders' natural deaths and the choices a succession leaves to a player (SV 3.5,
UR 3.5): the family's part.

* Deaths (the entry and death tables, SV L1035-1047, UR L1552-1628): every leader the title
  tests (``death_candidate``) rolls 1d10 in the years his row lists and dies below the
  column's value, or for sure in his Mort year; what follows a death (successions, a civil
  war's end) is the title's (``after_deaths``).
* Choices: a succession may leave picks to a player (SV: Primus case 5, Secundus case 4,
  the C/ diocese of a succession's Usurpateur; UR: the Augustus's successor, the Honorius
  case's usurper and escort). They wait in ``state["successions"]``: each is taken from the
  side's standing ``successor`` list when it names an eligible choice, is obvious when only
  one option is left, and is otherwise asked with a ``successor`` prompt (SV A32). What may
  be picked and what a pick does are the title's (``choice_options``, ``apply_choice``).
"""

from __future__ import annotations

from rules.base import Event
# Who is who lives in ``titles``; its names stay readable here (``emperors.alive``).
from rules.imperator.titles import alive, is_historical_roman, leader_dies, rank_key, successor_key  # noqa: F401


# -- D5: natural deaths ----------------------------------------------------------------------------
def death_threshold(world, state: dict, pid: str) -> tuple[int | None, bool]:
    """(k, automatic) for this year: the leader dies on a d10 below k, or for sure in his
    Mort year (SV L1037-1039, UR L1617-1621); PdT and leaders with no row are never tested
    (SV L1041, L223; UR L1626)."""
    death = world.leaders.get(pid, {}).get("death") or {}
    year = state["year"]
    dies = death.get("dies")
    if dies is not None and year >= int(dies):
        return None, True
    thresholds = {int(k): v for k, v in (death.get("thresholds") or {}).items()}
    return thresholds.get(year), False


def death_tests(world, state: dict, dice, events: list) -> None:
    """SV 2.D5 (L145; A78), UR 2.D (L182-184; A35): every leader the title tests, in play on
    the map or aboard, rolls 1d10 in the years his row lists."""
    title = world.title
    for pid in sorted(world.leaders):
        if not alive(state, pid) or not title.death_candidate(world, state, pid):
            continue
        k, automatic = death_threshold(world, state, pid)
        if automatic:
            events.append(Event("natural_death", {"leader": pid, "automatic": True, "side": state["pieces"][pid]["side"]}))
        elif k is not None:
            roll = dice.d10(f"death {pid}")
            dead = roll < k
            events.append(Event("death_test", {"leader": pid, "roll": roll, "below": k, "dies": dead}))
            if not dead:
                continue
            events.append(Event("natural_death", {"leader": pid, "automatic": False, "side": state["pieces"][pid]["side"]}))
        else:
            continue
        leader_dies(state, pid)
        title.after_deaths(world, state, [pid], [], dice, events)


# -- choices left to a player ----------------------------------------------------------------------------
def queue_choices(state: dict, choices: list[dict]) -> None:
    state.setdefault("successions", []).extend(choices)


def choice_options(world, state: dict, choice: dict) -> list[str]:
    """What the player may pick for ``choice`` (the title's rule), in the engine's order."""
    return world.title.choice_options(world, state, choice)


def standing_pick(world, state: dict, choice: dict, options: list[str]) -> str | None:
    """The pick made without asking: the only option, or the first option the side's
    standing ``successor`` list names (not for the title's roles without one)."""
    if not options:
        return None
    if len(options) == 1:
        return options[0]  # nothing to choose
    if choice["role"] in world.title.roles_without_standing:
        return None
    prefs = state.get("hidden", {}).get("reactions", {}).get(choice["side"], {}).get("successor") or []
    return next((p for p in prefs if p in options), None)


def run_choices(world, state: dict, dice, events: list) -> bool:
    """Carry out the waiting choices in order, as far as the standing lists and the obvious
    ones go. True when none is left; False when a player must be asked."""
    queue = state.get("successions") or []
    while queue:
        choice = queue[0]
        options = choice_options(world, state, choice)
        pick = standing_pick(world, state, choice, options)
        if options and pick is None:
            return False
        queue.pop(0)
        world.title.apply_choice(world, state, choice, pick, dice, events)
    state.pop("successions", None)
    return True


def ask_choice(world, state: dict, dice, events: list) -> bool:
    """At a safe point of the sequence: settle what can be, else put the ``successor``
    prompt in ``state["pending"]``. True when resolution must stop."""
    if state.get("pending") or not state.get("successions"):
        return False
    if run_choices(world, state, dice, events):
        return False
    choice = state["successions"][0]
    suffix, data = world.title.choice_prompt(choice)
    state["pending"] = {"role": choice["side"], "kind": "successor",
                        "key": f"{state['year']}/{state['phase']}/successor-{suffix}", "data": data}
    return True


def answer_choice(world, state: dict, orders: dict, dice, events: list) -> None:
    """The player's pick for the first waiting choice (validated against its options)."""
    choice = state["successions"].pop(0)
    options = choice_options(world, state, choice)
    pick = orders.get("successor") if orders.get("successor") in options else (options[0] if options else None)
    world.title.apply_choice(world, state, choice, pick, dice, events)
    if not state["successions"]:
        state.pop("successions")


# -- the change of sides (SV 5, UR 5) -----------------------------------------------------------------------
def swap_players(state: dict, sides: tuple[str, str]) -> None:
    """The players change sides (SV 5 L560-571, UR 5 L726-763): each keeps his score (the
    PV totals swap), his seat now plays the other side (``state["seats"]``), the hidden
    hands and standing reactions go with the sides."""
    first, second = sides
    state["vp"] = {first: state["vp"][second], second: state["vp"][first]}
    seats = state.get("seats") or {first: first, second: second}
    state["seats"] = {seat: (second if side == first else first) for seat, side in sorted(seats.items())}
    hidden = state.get("hidden", {})
    for key in ("hands", "reactions"):
        if key in hidden:
            hidden[key] = {first: hidden[key].get(second, [] if key == "hands" else {}),
                           second: hidden[key].get(first, [] if key == "hands" else {})}
