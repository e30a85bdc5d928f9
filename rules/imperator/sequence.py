"""The turn sequence A-F of an Imperator-system year (SV 2, L107-174; UR 2, L113-227), run
automatically until a player must decide something.

The skeleton is the family's: A the stratagem draw, B the initiative roll and its reversal,
C the geostrategy of each player in initiative order and the Pax Romana, D the SMC count,
the event, the appointments and deaths, E the SMCs in alternation, F the campaign review.
What a title does its own way inside a phase (its state, who is asked what, its formulas,
its review of F) is asked of its plug-in (``world.title``, ``rules/imperator/plugin.py``).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import emperors
from rules.imperator import events as year_events
from rules.imperator import plays as plays_mod
from rules.imperator import review as review_mod
from rules.imperator import smc as smc_mod
from rules.imperator import state as st
from rules.imperator.stratagems import draw_stratagems, stratagems_at_phase_f
from rules.imperator.world import World

PHASES = ("A", "B", "C", "D", "E", "F")


def blank_piece(kind: str) -> dict:
    """A piece record before setup places it (off the map, nobody's)."""
    return {"kind": kind, "side": None, "zone": None, "weakened": False, "eliminated": False, "aboard": None}


def opening_state(scenario: dict, options: dict, *, ruleset: str, version: str, sides: tuple, bowl: list) -> dict:
    """The keys every title's opening position shares (``rules/imperator/state.py``): the
    game's identity, the calendar, phase A, no initiative yet, no SMC, the stratagem bowl and
    empty hands, no decision awaited; the title adds its pieces, titles and peoples."""
    return {
        "ruleset": ruleset, "version": version, "scenario": str(scenario["id"]), "options": dict(sorted(options.items())),
        "year": scenario["first_year"], "first_year": scenario["first_year"], "last_year": scenario["last_year"],
        "phase": "A", "step": "start", "initiative": None, "active": None,
        "smc": {"total": 0, "left": {side: 0 for side in sides}, "played": 0, "last": None},
        "vp": {side: int((scenario.get("vp") or {}).get(side, 0)) for side in sides}, "pax_romana": False,
        "hidden": {"hands": {side: [] for side in sides}, "bowl": list(bowl), "removed": [],
                   "reactions": {side: {} for side in sides}},
        "current": None, "pending": None, "log": {"steps": 0, "events": 0},
    }


# -- running the year -----------------------------------------------------------------------------
def advance(world: World, state: dict, dice, events: list, opened=None) -> None:
    """Run phases until a decision is pending or the game is over; ``state["step"]`` then
    names where the game stands (the pending decision's key, or the phase). ``opened``: the
    SMC just opened in this ``resolve`` (``smc.Opened``), for its first run."""
    try:
        _advance(world, state, dice, events, opened)
    finally:
        pending = state.get("pending")
        state["step"] = pending["key"] if pending else state["phase"]


def _advance(world: World, state: dict, dice, events: list, opened=None) -> None:
    title = world.title
    guard = 0
    while not state.get("pending") and state["phase"] not in ("end", "halted"):
        guard += 1
        if guard > 10000:
            raise RuntimeError("the turn sequence does not progress")
        if title.ask_pending(world, state, dice, events):  # a choice waiting (SV 3.5.2: a successor)
            return
        phase = state["phase"]
        if phase == "A":
            _phase_event(state, events)
            draw_stratagems(state, dice, events)  # SV 2.A L113-114, UR 2.A L116-120
            title.after_draw(world, state, dice, events)
            state["phase"] = "B"
        elif phase == "B":
            _phase_event(state, events)
            initiative(world, state, dice, events)
            state["phase"] = "C"
        elif phase == "C":
            _phase_event(state, events)
            geostrategy(world, state, dice, events)
        elif phase == "D":
            if (state.get("d_stage") or {}).get("year") != state["year"]:
                _phase_event(state, events)
            if not administration(world, state, dice, events):
                return
            state["phase"] = "E"
            _phase_event(state, events)
        elif phase == "E":
            if state.get("current"):
                done = smc_mod.run(world, state, dice, events, opened)
                opened = None  # for the SMC's first run only
                if not done:
                    return
                if state.get("halt") == "after_smc":  # an adjudicator case stops here
                    state["phase"] = "halted"
                    return
                continue
            if not next_smc(world, state, events):
                state["phase"] = "F"
                if state.get("halt") == "end_of_e":
                    state["phase"] = "halted"
            else:
                title.start_of_smc(world, state, state["active"], events)
        elif phase == "F":
            _phase_event(state, events)
            campaign_review(world, state, dice, events)


def _phase_event(state: dict, events: list) -> None:
    events.append(Event("phase", {"year": state["year"], "phase": state["phase"]}))


# -- B: initiative (SV 2.B L118-120, UR 2.B L121-130) ---------------------------------------------------
def initiative(world: World, state: dict, dice, events: list) -> None:
    """The first side rolls 1d6 and wins below the title's CP (SV: the Primus Augustus's; UR:
    the lowest of the Augusti in play); the loser may then reverse it with a counter."""
    first, second = world.title.sides
    cp = world.title.initiative_cp(world, state)
    roll = dice.d6("initiative")
    side = first if roll < (cp or 0) else second
    state["initiative"] = side
    events.append(Event("initiative", {"roll": roll, "cp": cp, "side": side}))
    ask_initiative(world, state, st.other(side), {"roll": roll, "cp": cp, "winner": side}, events)


def ask_initiative(world: World, state: dict, loser: str, data: dict, events: list, *, reversing: bool = False) -> None:
    """SV 2.B (L120), 6.2 (L603; A28): the loser of the roll may reverse it with the counters
    the title allows (``initiative_plays``); ``reversing``: it has just been reversed and the
    new loser may answer (UR: an Augusta cancels an Initiative, A9)."""
    plays = world.title.initiative_plays(world, state, loser, reversing)
    if reversing and not plays:
        return
    standing = (state["hidden"]["reactions"].get(loser) or {}).get("initiative")
    if standing == "always" and plays:
        play_initiative(world, state, loser, plays[0], events)
    elif standing not in ("always", "never"):
        # asked whether he holds a counter or not, so that the prompt reveals nothing (A74)
        key = f"{state['year']}/B/initiative" + ("-answer" if reversing else "")
        state["pending"] = {"role": loser, "kind": "initiative", "key": key, "data": data}


def play_initiative(world: World, state: dict, side: str, play: dict, events: list) -> None:
    """``side`` takes the initiative with the counter ``play`` names."""
    state["initiative"] = side
    plays_mod.spend(state, side, play["stratagem"], events, **{k: v for k, v in play.items() if k != "stratagem"})
    events.append(Event("initiative_reversed", {"side": side}))
    ask_initiative(world, state, st.other(side), {"winner": side, "reversed_by": play["stratagem"]}, events,
                   reversing=True)


# -- C: geostrategy (SV 2.C L122-136, UR 2.C L131-153) ---------------------------------------------------
def geostrategy(world: World, state: dict, dice, events: list) -> None:
    """The title's opening of C (leaders entering, SV's war-entry draw), then each player in
    initiative order decides (the ``geostrategy`` prompt), then the Pax Romana."""
    title = world.title
    if not state.get("c_queue") or state["c_queue"].get("year") != state["year"]:
        title.phase_c_start(world, state, dice, events)
        first = state.get("initiative") or title.sides[0]
        state["c_queue"] = {"year": state["year"], "sides": [first, st.other(first)]}
    queue = state["c_queue"]["sides"]
    while queue:
        side = queue[0]
        choices = title.geostrategy_choices(world, state, side)
        passes = (state["hidden"]["reactions"].get(side) or {}).get("geostrategy") == "pass"
        # asked every year unless he passes by standing order, so that the prompt does not
        # reveal his hand (A74); public choices (a placement, SV's Constantinople) always ask
        if not passes or title.geostrategy_public(choices):
            state["pending"] = {"role": side, "kind": "geostrategy", "key": f"{state['year']}/C/{side.lower()}", "data": {}}
            return
        queue.pop(0)
    if title.pax_romana_applies(world, state):
        # Pax Romana (SV L132-136, UR L146-153): the deaths of D are tested, then straight to
        # F; the death of an Augustus the title watches breaks the peace: back to D, no
        # second test (SV A26).
        watched = title.pax_romana_watch(world, state)
        emperors.death_tests(world, state, dice, events)
        state["deaths_tested"] = state["year"]
        dead = [lid for lid in watched if not emperors.alive(state, lid)]
        if dead:
            events.append(Event("pax_romana_interrupted", {"year": state["year"], "dead": dead[0]}))
            state["phase"] = "D"
            return
        state["pax_romana"] = True
        events.append(Event("pax_romana", {"year": state["year"]}))
        state["phase"] = "F"
    else:
        state["phase"] = "D"


def placement_choices(state: dict, side: str) -> dict:
    """The leaders of ``side`` placed this year whose zone their owner may choose (a leader
    entering on a unit of his people, SV 4.2.1 L478, UR 4.2.1): {leader: zones}."""
    placements = state.get("placements") or {}
    if placements.get("year") != state["year"]:
        return {}
    return {l: z for l, z in sorted(placements["leaders"].items()) if state["pieces"][l]["side"] == side}


def offer_leader_placement(state: dict, lid: str, zones: list[str]) -> None:
    """Record the zones a leader placed by the engine in C may be moved to by his owner."""
    placements = state.setdefault("placements", {})
    if placements.get("year") != state["year"]:
        placements.clear()
        placements.update(year=state["year"], leaders={})
    placements["leaders"][lid] = zones


def answer(world: World, state: dict, pending: dict, orders: dict, dice, events: list) -> None:
    """A phase decision comes in (``initiative``, ``geostrategy``, ``review`` or one of the
    title's own kinds); the phase carries on."""
    kind, side = pending["kind"], pending["role"]
    if kind == "initiative":
        if orders.get("play"):
            play_initiative(world, state, side, orders["play"][0], events)
        return
    if kind == "review":
        review_mod.apply(world, state, side, orders, events)
        queue = (state.get("f_stage") or {}).get("queue") or []
        if queue and queue[0] == side:
            queue.pop(0)
        return
    if kind == "geostrategy":
        allowed = (state.get("placements") or {}).get("leaders") or {}
        for lid, zone in sorted((orders.get("place") or {}).items()):
            if zone in allowed.get(lid, []):
                state["pieces"][lid]["zone"] = zone
                events.append(Event("leader_placed", {"leader": lid, "zone": zone}))
        for lid in [l for l in sorted(allowed) if state["pieces"][l]["side"] == side]:
            del allowed[lid]
        world.title.geostrategy_answer(world, state, side, orders, dice, events)
        queue = (state.get("c_queue") or {}).get("sides") or []
        if queue and queue[0] == side:
            queue.pop(0)
        return
    world.title.answer(world, state, pending, orders, dice, events)


# -- D: administration (SV 2.D L138-146, UR 2.D L154-186) ----------------------------------------------
def smc_split(sides: tuple[str, str], total: int, initiative_side: str) -> dict:
    """Half each; the odd one to the initiative player (SV 2.D L141, UR L167-172)."""
    half = total // 2
    left = {side: half for side in sides}
    if total % 2:
        left[initiative_side] += 1
    return left


def administration(world: World, state: dict, dice, events: list) -> bool:
    """D1-D6: the SMC count and split, the event, the title's appointments (which may wait
    for a player: False), the deaths, the reinforcements."""
    title = world.title
    d = state.get("d_stage") or {}
    if d.get("year") != state["year"]:
        total = title.smc_total(world, state)
        state["smc"] = {"total": total, "left": smc_split(title.sides, total, state["initiative"]),
                        "played": 0, "last": None}
        events.append(Event("smc_count", {"total": total, "split": dict(state["smc"]["left"]),
                                          "initiative": state["initiative"]}))
        year_events.roll_event(world, state, dice, events)  # D3: the title's events table
        state["d_stage"] = title.d_stage(state)
    if not title.administration_prompts(world, state, dice, events):
        return False
    if state.get("deaths_tested") != state["year"]:  # D5; SV A26
        emperors.death_tests(world, state, dice, events)
    title.reinforcements(world, state, events)
    return True


def fleets_return(world: World, state: dict, events: list, side_of_port) -> None:
    """A fleet away for 5 full turns comes back to its port in D (SV 9.2 L787-789, UR 9.2
    L1153-1162); ``side_of_port(port)`` says whose it is then."""
    for fid, fleet in sorted(state["fleets"].items()):
        if fleet.get("out_until") and fleet["out_until"] <= state["year"]:
            port = world.port_of_fleet(fid)
            fleet.update(out_until=None, at=port["id"], cargo=[], side=side_of_port(port))
            events.append(Event("fleet_returns", {"fleet": fid, "side": fleet["side"]}))


# -- E: the SMCs (SV 2.E L148-162, UR 2.E L187-205) ------------------------------------------------------
def next_smc(world: World, state: dict, events: list) -> bool:
    """Open the next SMC prompt, alternating from the initiative player (L160). False when
    every SMC of the year has been played. Event 10 gives the second side one more SMC at
    the end of E (SV L963: SECONDUS; UR L1519-1521: BARBARE)."""
    first, second = world.title.sides
    left = state["smc"]["left"]
    last = state["smc"].get("last")
    ev = state.get("year_event") or {}
    ev = ev if ev.get("year") == state.get("year") else {}
    if ev.get("extra_smc") and not any(left.values()):
        ev["extra_smc"] = False
        left[second] = 1
        last = first
    if last is None:
        order = [state["initiative"], st.other(state["initiative"])]
    else:
        order = [st.other(last), last]
    for side in order:
        if left.get(side, 0) > 0:
            state["active"] = side
            state["smc"]["last"] = side
            state["pending"] = {"role": side, "kind": "smc",
                                "key": f"{state['year']}/E/smc-{state['smc']['played'] + 1}", "data": {}}
            return True
    state["active"] = None
    return False


# -- F: campaign review (SV 2.F L164-174, UR 2.F L206-227) ------------------------------------------------
def campaign_review(world: World, state: dict, dice, events: list) -> None:
    """The title's F1-F4, then each side's choices (the ``review`` prompt), then F5."""
    f = state.get("f_stage") or {}
    if f.get("year") != state["year"]:
        world.title.review_f1_to_f4(world, state, dice, events)
        state["f_stage"] = f = {"year": state["year"], "queue": list(world.title.sides)}
    while f["queue"]:
        side = f["queue"][0]
        if review_mod.choices(world, state, side):
            state["pending"] = {"role": side, "kind": "review", "key": f"{state['year']}/F/review-{side.lower()}", "data": {}}
            return
        review_mod.apply(world, state, side, {}, events)
        f["queue"].pop(0)
    end_of_year(world, state, events)


def end_of_year(world: World, state: dict, events: list) -> None:
    """F5 and the Turn marker: counters back to the bowl, the hand limit, the next year or
    the end of the game."""
    stratagems_at_phase_f(state, events)  # SV 6 L577-579, UR 6 L771-778
    state["pax_romana"] = False
    state["smc"] = {"total": 0, "left": {side: 0 for side in world.title.sides}, "played": 0, "last": None}
    state["active"] = None
    if state["year"] >= state["last_year"]:
        world.title.end_of_game(world, state, events)
        state["phase"] = "end"
        events.append(Event("game_end", {"year": state["year"], "vp": dict(state["vp"])}))
        return
    if state.get("halt") == "end_of_year":
        state["phase"] = "halted"
        return
    state["year"] += 1
    state["phase"] = "A"


def fleets_adjustment(world: World, state: dict, events: list) -> None:
    """SV 9.2 (L787-789), UR 9.2 (L1153-1162): a fleet not back in its port is lost for 5
    full turns; leaders aboard are eliminated for good; units aboard are eliminated (their
    re-placement follows at once through 9.3)."""
    for fid, fleet in sorted(state["fleets"].items()):
        if fleet.get("out_until"):
            continue
        port = world.port_of_fleet(fid)
        if port and fleet["at"] != port["id"]:
            for pid in sorted(fleet.get("cargo", [])):
                piece = state["pieces"][pid]
                piece.update(eliminated=True, aboard=None, zone=None, eliminated_year=state["year"])
                if piece["kind"] == "leader":
                    piece["gone"] = True
            fleet.update(out_until=state["year"] + 6, cargo=[], at=None)
            events.append(Event("fleet_lost", {"fleet": fid, "returns": state["year"] + 6}))
