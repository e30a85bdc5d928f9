"""Playing stratagem counters (SV 6, L573-664; UR 6, L766-955): who may play which
counter when, what it needs, and what it does.

A play is a dict ``{"stratagem": type id, ...parameters}``:

* phase C (the ``geostrategy`` prompt): uprisings ``{"peoples": [...]}``, usurpations
  ``{"leader", ...}`` and the title's other C counters;
* phase B (the ``initiative`` prompt): ``{"stratagem": "initiative"}`` (or what the title
  allows there);
* phase E, in the phasing player's ``smc`` order set (``play``, carried out before his
  moves) or as a standing reaction of either player (``reactions.stratagems``): the
  counters without a battle trigger fire at the start of the next SMC of either player;
  the battle counters (the title's ``battle_triggers``) fire in the battle they fit
  (``zone`` filters it).

The counters both titles print the same way are played here (*Initiative*, the uprisings'
count, *Assassinat*'s roll, the plague, *Désertion*); every other counter is asked of the
title (``stratagem_problems``, ``apply_stratagem``, ``stratagem_candidates``).
``problems`` returns (code, path, fmt) tuples; ``apply_e`` carries a legal play out. A
played counter is revealed and goes back to the bowl (or out of the game, once-per-scenario
counters; or onto the map, the title's markers) at once (SV L577, UR L771-772; A74).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator import titles
from rules.imperator.plugin import title_of
from rules.imperator.stratagems import _types_by_id, counter_type
from rules.imperator.vp import add_vp

#: the uprising counters of both titles: (the class of the peoples, how many) (SV 6.2
#: L631-639, UR 6.2 L832-843)
UPRISINGS = {"soulevement-mineur-1": ("minor", 1), "soulevement-mineur-2": ("minor", 2),
             "soulevement-mineur-3": ("minor", 3), "soulevement-majeur-1": ("major", 1),
             "soulevement-majeur-3": ("major", 3)}
PLAGUES = ("foyer-de-peste", "epidemie-de-peste")  # SV L609-611, UR L908-919


# -- the hand ------------------------------------------------------------------------------------------
def held(state: dict, side: str, type_id: str) -> str | None:
    """The counter of that type in the side's hand (the first copy), or None."""
    for c in state["hidden"]["hands"].get(side, []):
        if counter_type(c) == type_id:
            return c
    return None


def spec(state: dict, type_id: str) -> dict:
    return _types_by_id(state).get(type_id, {})


def usable_by(state: dict, side: str, type_id: str) -> bool:
    owner = spec(state, type_id).get("side", "mixed")
    return owner in ("mixed", side)


def phases_of(spec_: dict) -> tuple:
    """The phases a counter is played in: one letter, or several (UR's Augustae, "C ou E")."""
    phase = spec_.get("phase")
    return tuple(phase) if isinstance(phase, list) else (phase,)


def spend(state: dict, side: str, type_id: str, events: list, **data) -> None:
    """The counter is revealed and leaves the hand: back to the bowl, out of the game if it
    is played once per scenario (SV L639, L653), or onto the map if it is one of the
    title's markers (``data["marker"]`` says where)."""
    counter = held(state, side, type_id)
    hidden = state["hidden"]
    hidden["hands"][side].remove(counter)
    if spec(state, type_id).get("once"):
        hidden["removed"].append(counter)
    elif type_id not in title_of(state).stratagem_markers:
        hidden["bowl"] = sorted(hidden["bowl"] + [counter])
    else:
        state.setdefault("markers", {})[type_id] = dict(data.get("marker") or {}, counter=counter)
    events.append(Event("stratagem_played", {"side": side, "stratagem": type_id,
                                             **{k: v for k, v in data.items() if k != "marker"}}))


# -- who and what ------------------------------------------------------------------------------------
def enemy_roman_leader(world, state: dict, side: str, pid) -> bool:
    """An enemy historical Roman leader on the map: whom an *Assassinat* (SV L607, UR L905-906)
    and a usurpation aim at."""
    p = state["pieces"].get(pid) if isinstance(pid, str) else None
    return bool(p) and p["kind"] == "leader" and st.on_map(p) and p["side"] == st.other(side) \
        and titles.is_historical_roman(world, state, pid)


def problems(world, state: dict, side: str, play, phase: str) -> list[tuple]:
    """Why this play may not be made now (codes ``stratagem.*``)."""
    if not isinstance(play, dict) or not isinstance(play.get("stratagem"), str):
        return [("orders.bad_shape", "", {"what": "play"})]
    t = play["stratagem"]
    s = spec(state, t)
    if not s:
        return [("stratagem.unknown", "/stratagem", {"stratagem": t})]
    if not held(state, side, t):
        return [("stratagem.not_held", "/stratagem", {"stratagem": t})]
    if not usable_by(state, side, t):
        return [("stratagem.wrong_side", "/stratagem", {"stratagem": t})]
    if phase not in phases_of(s):
        shown = s.get("phase") if isinstance(s.get("phase"), str) else " / ".join(phases_of(s))
        return [("stratagem.wrong_phase", "/stratagem", {"stratagem": t, "phase": shown})]
    title = world.title
    if t in UPRISINGS:
        klass, n = UPRISINGS[t]
        chosen = play.get("peoples") or []
        eligible = title.uprising_eligible(world, state, side, klass)
        out = [("stratagem.people_not_eligible", f"/peoples/{k}", {"people": p}) for k, p in enumerate(chosen) if p not in eligible]
        if len(set(chosen)) != min(n, len(eligible)) or len(chosen) != len(set(chosen)):
            out.append(("stratagem.people_count", "/peoples", {"n": min(n, len(eligible))}))  # SV L664, UR L953-955: never fewer
        return out
    if t == "initiative":
        return [] if state.get("initiative") == st.other(side) else [("stratagem.not_loser", "/stratagem", {})]
    if t == "assassinat":  # SV L607, UR L905-906
        if not enemy_roman_leader(world, state, side, play.get("leader")):
            return [("stratagem.bad_target", "/leader", {"piece": play.get("leader")})]
        return []
    if t in PLAGUES:
        return [] if isinstance(play.get("zone"), str) and world.is_zone(play["zone"]) else \
            [("stratagem.bad_zone", "/zone", {"zone": play.get("zone")})]
    if t == "desertion":  # SV L613, A64; UR L920-923
        zone = play.get("zone")
        ok = isinstance(zone, str) and world.is_zone(zone) and any(
            state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == st.other(side)
            and st.people_of(world, state, i) in (None, "persae") for i in st.pieces_in(state, zone))
        return [] if ok else [("stratagem.bad_zone", "/zone", {"zone": zone})]
    if t in title.battle_triggers:
        return []
    return title.stratagem_problems(world, state, side, play, phase)


# -- the effects both titles share -------------------------------------------------------------------------
def apply_e(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """Carry out a counter with no battle trigger: the plague and *Désertion* (the same in
    both titles), anything else as the title says."""
    t = play["stratagem"]
    if t in PLAGUES:
        zone = play["zone"]
        ring = list(world.neighbours(zone)) if t == "epidemie-de-peste" else []
        state["plague"] = {"year": state["year"], "centre": [zone], "ring": ring}
        spend(state, side, t, events, zone=zone)
        plague_strikes(world, state, st.pieces_in(state, zone), centre=True, dice=dice, events=events)
        for z in ring:
            plague_strikes(world, state, st.pieces_in(state, z), centre=False, dice=dice, events=events)
        return
    if t == "desertion":
        zone = play["zone"]
        hit = {}
        for pid in st.pieces_in(state, zone):
            if state["pieces"][pid]["kind"] == "unit" and state["pieces"][pid]["side"] == st.other(side):
                hit[pid] = weaken(state, pid)
        spend(state, side, t, events, zone=zone, hit=hit)
        return
    world.title.apply_stratagem(world, state, side, play, dice, events)


def assassination(world, state: dict, side: str, target: str, dice, events: list, *, saved_by: int,
                  **data) -> bool:
    """*Assassinat* (SV L607, UR L905-907): 1d10, an 8 or a 9 kills; ``saved_by`` is what
    protects the target (SV: the Protectores Domestici, UR: an Augusta; A10, A28). The
    counter is spent; if he dies, he leaves the game and the player scores 1 (10.1). True
    when he died: the title's successions follow."""
    roll = dice.d10(f"assassinat {target}")
    dies = roll - saved_by >= 8
    spend(state, side, "assassinat", events, leader=target, roll=roll, dies=dies, **data)
    if dies:
        owner = state["pieces"][target]["side"]
        titles.leader_dies(state, target)
        events.append(Event("leader_eliminated", {"leader": target, "side": owner, "cause": "assassinat"}))
        add_vp(state, side, 1, "enemy_leader_eliminated", events, leader=target)  # 10.1
    return dies


def weaken(state: dict, pid: str) -> str:
    """A unit is weakened; one already weakened is eliminated."""
    piece = state["pieces"][pid]
    if piece.get("weakened"):
        piece.update(eliminated=True, eliminated_year=state["year"], zone=None, aboard=None)
        return "eliminated"
    piece["weakened"] = True
    return "weakened"


def plague_strikes(world, state: dict, pids, *, centre: bool, dice, events: list) -> None:
    """SV 6.3 (L609-611; A66), UR 6.3 (L908-919): units weakened (in the centre a weakened
    unit dies; in the ring it stays weakened), each leader dies on a d10 of 9. No PV."""
    for pid in sorted(pids):
        piece = state["pieces"][pid]
        if not st.on_map(piece):
            continue
        if piece["kind"] == "unit":
            if centre or not piece.get("weakened"):
                effect = weaken(state, pid)
                events.append(Event("plague", {"piece": pid, "effect": effect}))
        else:
            roll = dice.d10(f"plague {pid}")
            if roll == 9:
                owner = piece["side"]
                if world.title.gone_when_eliminated(world, state, pid):
                    titles.leader_dies(state, pid)
                else:
                    piece.update(eliminated=True, eliminated_year=state["year"], zone=None, aboard=None)
                events.append(Event("plague", {"piece": pid, "roll": roll, "effect": "dies", "side": owner}))
                world.title.after_deaths(world, state, [pid], [], dice, events)
            else:
                events.append(Event("plague", {"piece": pid, "roll": roll, "effect": "spared"}))


def plague_on_entry(world, state: dict, pids, path, dice, events: list) -> bool:
    """A66: pieces entering an infested zone suffer the plague there. True when it
    struck (pieces may have died: the caller's zone index is then out of date)."""
    plague = state.get("plague") or {}
    if plague.get("year") != state["year"]:
        return False
    for zone in path[1:]:
        if zone in plague.get("centre", []):
            plague_strikes(world, state, [p for p in pids if state["pieces"][p].get("zone") == zone or zone == path[-1]],
                           centre=True, dice=dice, events=events)
            return True
        if zone in plague.get("ring", []) and zone == path[-1]:
            plague_strikes(world, state, pids, centre=False, dice=dice, events=events)
            return True
    return False


# -- what a side may play now (prompt options) ------------------------------------------------------
def legal_plays(world, state: dict, side: str, phase: str, limit: int = 40) -> list[dict]:
    """A sample of legal plays of the side's hand for a phase (the prompt's options)."""
    out = []
    seen = set()
    triggers = world.title.battle_triggers
    for c in sorted(state["hidden"]["hands"].get(side, [])):
        t = counter_type(c)
        if t in seen or phase not in phases_of(spec(state, t)) or not usable_by(state, side, t) or t in triggers:
            continue
        seen.add(t)
        for play in _candidates(world, state, side, t):
            if not problems(world, state, side, play, phase):
                out.append(play)
                if len(out) >= limit:
                    return out
    return out


def _candidates(world, state: dict, side: str, t: str) -> list[dict]:
    if t in UPRISINGS:
        klass, n = UPRISINGS[t]
        eligible = world.title.uprising_eligible(world, state, side, klass)
        return [{"stratagem": t, "peoples": eligible[:n]}] if eligible else []
    if t == "initiative":
        return [{"stratagem": t}]
    if t == "assassinat":
        return [{"stratagem": t, "leader": l} for l in sorted(state["pieces"]) if enemy_roman_leader(world, state, side, l)]
    if t in PLAGUES or t == "desertion":
        zones = sorted({state["pieces"][i]["zone"] for i in state["pieces"] if state["pieces"][i]["kind"] == "unit"
                        and state["pieces"][i]["side"] == st.other(side) and st.on_map(state["pieces"][i])})
        return [{"stratagem": t, "zone": z} for z in zones]
    return world.title.stratagem_candidates(world, state, side, t)
