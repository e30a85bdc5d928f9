"""Playing stratagem counters (SV 6, L573-664): who may play which counter when, what it
needs, and what it does.

A play is a dict ``{"stratagem": type id, ...parameters}``:

* phase C (the ``geostrategy`` prompt): uprisings ``{"peoples": [...]}``, usurpations
  ``{"leader", "diocese"}`` (the diocese of step C/);
* phase B (the ``initiative`` prompt): ``{"stratagem": "initiative"}``;
* phase E, in the phasing player's ``smc`` order set (``play``, carried out before his
  moves) or as a standing reaction of either player (``reactions.stratagems``): the
  counters without a battle trigger fire at the start of the next SMC of either player;
  the battle counters fire in the battle they fit (``zone`` filters it): *Fuite opportune*
  before the battle, *Roma Victor* and *Furor Germanicus* before the die, *In hoc signo* and
  *Sol invictus* after it (``value``: the die they set), *La flèche du Parthe* after the
  battle.

``problems`` returns (code, path, fmt) tuples; ``apply`` carries a legal play out. A played
counter is revealed and goes back to the bowl (or out of the game, once-per-scenario
counters) at once (L577, A74).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import emperors, titles
from rules.imperator import peoples as peoples_mod
from rules.imperator import state as st
from rules.imperator.civil_war import adjacent_dioceses, start_civil_war
from rules.imperator.vp import add_vp
from rules.imperator.stratagems import _types_by_id, counter_type

BATTLE_TRIGGERS = {
    "fuite-opportune": "before_battle",
    "roma-victor": "before_roll",
    "furor-germanicus": "before_roll",
    "in-hoc-signo-vinces": "after_roll",
    "sol-invictus": "after_roll",
    "fleche-du-parthe": "after_battle",
}
UPRISINGS = {"soulevement-mineur-1": ("minor", 1), "soulevement-mineur-2": ("minor", 2),
             "soulevement-mineur-3": ("minor", 3), "soulevement-majeur-1": ("major", 1),
             "soulevement-majeur-3": ("major", 3)}
PACIFICATIONS = {"pacification-mineur-1": ("minor", 1), "pacification-mineur-2": ("minor", 2),
                 "pacification-mineur-3": ("minor", 3), "pacification-majeur-1": ("major", 1)}
USURPATIONS = {  # type: (user, title of the target, bonus on B/, C/) (L585-599, A40)
    "usurpation-augustus-secondus": ("PRIMUS", "augustus", 2),
    "usurpation-caesar-secondus": ("PRIMUS", "caesar", 1),
    "usurpation-secondus": ("PRIMUS", None, 0),
    "usurpation-augustus-primus": ("SECONDUS", "augustus", 2),
    "usurpation-caesar-primus": ("SECONDUS", "caesar", 1),
    "usurpation-primus": ("SECONDUS", None, 0),
}
MARKERS = ("persecution", "heresie", "bagaudes", "coup-d-etat-perse")
PERSECUTION_DIOCESES = ("italia", "africa", "moesiae", "thracia", "asia", "pontica", "oriens")  # L655
BAGAUDES_DIOCESES = ("galliae", "viennensis", "hispaniae")  # L659


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


def spend(state: dict, side: str, type_id: str, events: list, **data) -> None:
    """The counter is revealed and leaves the hand: back to the bowl, or out of the game if
    it is played once per scenario (L639, L653)."""
    counter = held(state, side, type_id)
    hidden = state["hidden"]
    hidden["hands"][side].remove(counter)
    if spec(state, type_id).get("once"):
        hidden["removed"].append(counter)
    elif type_id not in MARKERS:
        hidden["bowl"] = sorted(hidden["bowl"] + [counter])
    else:
        state.setdefault("markers", {})[type_id] = dict(data.get("marker") or {}, counter=counter)
    events.append(Event("stratagem_played", {"side": side, "stratagem": type_id,
                                             **{k: v for k, v in data.items() if k != "marker"}}))


# -- who and what ------------------------------------------------------------------------------------
def _enemy_roman_leader(world, state: dict, side: str, pid) -> bool:
    p = state["pieces"].get(pid) if isinstance(pid, str) else None
    return bool(p) and p["kind"] == "leader" and st.on_map(p) and p["side"] == st.other(side) \
        and titles.is_historical_roman(world, state, pid)


def _eligible_peoples(world, state: dict, klass: str, *, at_war: bool) -> list[str]:
    out = []
    for p in sorted(state["peoples"]):
        rec = world.peoples.get(p, {})
        if rec.get("class") != klass:
            continue
        status = state["peoples"][p]["status"]
        if at_war and status == "war":
            out.append(p)
        elif not at_war and status != "war" and (state["peoples"][p].get("locked_until") or 0) <= state["year"] \
                and (state["war_bowl"]["locked"].get(p) or 0) <= state["year"]:
            out.append(p)
    return out


def _marker_zone_ok(world, state: dict, side: str, type_id: str, zone) -> bool:
    if not isinstance(zone, str) or not world.is_zone(zone):
        return False
    diocese = world.diocese_of(zone)
    holder = state["control"].get(diocese)
    if type_id in ("persecution", "heresie"):
        if diocese not in PERSECUTION_DIOCESES or not (world.is_city(zone) or world.is_capital(zone)):
            return False
        symbol = "sun" if type_id == "persecution" else "cross"
        return any(world.leaders.get(l, {}).get("ar") == symbol for l in titles.titled_leaders(state, holder))
    if type_id == "bagaudes":
        return diocese in BAGAUDES_DIOCESES and not any(
            state["pieces"][i]["kind"] == "unit" for i in st.pieces_in(state, zone))
    return False


def ctesiphon_zone(world) -> str | None:
    return next((z for z in sorted(world.zones) if world.zones[z].get("ctesiphon")), None)


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
    if s.get("phase") != phase:
        return [("stratagem.wrong_phase", "/stratagem", {"stratagem": t, "phase": s.get("phase")})]
    if t in UPRISINGS:
        klass, n = UPRISINGS[t]
        chosen = play.get("peoples") or []
        eligible = _eligible_peoples(world, state, klass, at_war=False)
        out = [("stratagem.people_not_eligible", f"/peoples/{k}", {"people": p}) for k, p in enumerate(chosen) if p not in eligible]
        if len(set(chosen)) != min(n, len(eligible)) or len(chosen) != len(set(chosen)):
            out.append(("stratagem.people_count", "/peoples", {"n": min(n, len(eligible))}))  # L664: never fewer
        return out
    if t in PACIFICATIONS:
        klass, n = PACIFICATIONS[t]
        chosen = play.get("peoples") or []
        eligible = _eligible_peoples(world, state, klass, at_war=True)
        out = [("stratagem.people_not_eligible", f"/peoples/{k}", {"people": p}) for k, p in enumerate(chosen) if p not in eligible]
        if not 1 <= len(set(chosen)) <= n or len(chosen) != len(set(chosen)):
            out.append(("stratagem.people_count", "/peoples", {"n": n}))
        return out
    if t == "pacification-nationalite":
        nat = play.get("nationality")
        if not any(world.peoples[p].get("nationality") == nat and state["peoples"][p]["status"] == "war"
                   and not st.is_ally_people(world, p) for p in sorted(state["peoples"])):
            return [("stratagem.nationality_not_at_war", "/nationality", {"nationality": nat})]
        return []
    if t == "pax-romana":
        chosen = play.get("peoples") or []
        at_war = [p for p in sorted(state["peoples"]) if state["peoples"][p]["status"] == "war" and not st.is_ally_people(world, p)]
        if not at_war or len(chosen) > 1 or any(p not in at_war for p in chosen):
            return [("stratagem.people_not_eligible", "/peoples", {"people": ",".join(chosen) or "-"})]
        return []
    if t in USURPATIONS:
        return usurpation_problems(world, state, side, play)
    if t == "initiative":
        return [] if state.get("initiative") == st.other(side) else [("stratagem.not_loser", "/stratagem", {})]
    if t == "assassinat":  # L607
        if not _enemy_roman_leader(world, state, side, play.get("leader")):
            return [("stratagem.bad_target", "/leader", {"piece": play.get("leader")})]
        return []
    if t in ("foyer-de-peste", "epidemie-de-peste"):
        return [] if isinstance(play.get("zone"), str) and world.is_zone(play["zone"]) else \
            [("stratagem.bad_zone", "/zone", {"zone": play.get("zone")})]
    if t == "desertion":  # L613, A64
        zone = play.get("zone")
        ok = isinstance(zone, str) and world.is_zone(zone) and any(
            state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == st.other(side)
            and st.people_of(world, state, i) in (None, "persae") for i in st.pieces_in(state, zone))
        return [] if ok else [("stratagem.bad_zone", "/zone", {"zone": zone})]
    if t == "abandon":  # L615, A65
        return [] if play.get("diocese") in world.dioceses else [("stratagem.bad_diocese", "/diocese", {"diocese": play.get("diocese")})]
    if t in ("persecution", "heresie", "bagaudes"):
        if t in (state.get("markers") or {}):
            return [("stratagem.marker_in_play", "/stratagem", {"stratagem": t})]
        return [] if _marker_zone_ok(world, state, side, t, play.get("zone")) else \
            [("stratagem.bad_zone", "/zone", {"zone": play.get("zone")})]
    if t == "coup-d-etat-perse":  # L629: not 310-319
        if 310 <= state["year"] <= 319 or t in (state.get("markers") or {}):
            return [("stratagem.not_now", "/stratagem", {"stratagem": t})]
        return []
    if t in BATTLE_TRIGGERS:
        return []
    return [("stratagem.unknown", "/stratagem", {"stratagem": t})]


# -- phase C: uprisings and usurpations ------------------------------------------------------------
def usurpation_problems(world, state: dict, side: str, play: dict) -> list[tuple]:
    """SV 3.6.2 (L372-377), 6.1-6.2 (L585-599), A45."""
    user, title, _ = USURPATIONS[play["stratagem"]]
    target = play.get("leader")
    t = state["titles"]
    enemy = st.other(side)
    if not _enemy_roman_leader(world, state, side, target):
        return [("stratagem.bad_target", "/leader", {"piece": target})]
    out = []
    held_title = st.titled(state, target)
    if title == "augustus":
        if len(t["augusti"].get(enemy, [])) < 2 or held_title != "augustus" or target in (t.get("primus_augustus"), t.get("secundus_augustus")):
            out.append(("usurpation.condition_two_augusti", "/leader", {}))
    elif title == "caesar":
        if len(t["caesars"].get(enemy, [])) < 2 or target not in t["caesars"].get(enemy, []):
            out.append(("usurpation.condition_two_caesars", "/leader", {}))
    elif held_title:
        out.append(("usurpation.target_is_augustus_or_caesar", "/leader", {}))
    rank = {"augustus": 2, "caesar": 1, None: 0}
    mine = 3 if target in (t.get("primus_augustus"), t.get("secundus_augustus")) else rank.get(held_title, 0)
    zone = state["pieces"][target]["zone"]
    for other in st.pieces_in(state, zone):
        if other == target or state["pieces"][other]["kind"] != "leader":
            continue
        theirs = 3 if other in (t.get("primus_augustus"), t.get("secundus_augustus")) else rank.get(st.titled(state, other), 0)
        if theirs > mine:
            out.append(("usurpation.status_superior_present", "/leader", {"piece": other}))
            break
    if len(t["usurpers"].get(side, [])) >= 2 or titles.total_usurpers(state) >= 4:
        out.append(("usurpation.usurper_cap", "/leader", {}))
    diocese = play.get("diocese")
    if diocese is not None and diocese not in adjacent_dioceses(world, world.diocese_of(zone)):
        out.append(("usurpation.not_adjacent", "/diocese", {"diocese": diocese}))
    for other in t["usurpers"].get(side, []):  # SV 3.6.5 (L426): a double usurpation
        if not titles.alive(state, other) or not state["pieces"][other]["zone"]:
            continue  # dead, or at sea
        theirs = world.diocese_of(state["pieces"][other]["zone"])
        mine_d = world.diocese_of(zone)
        if theirs == mine_d or theirs in adjacent_dioceses(world, mine_d):
            out.append(("usurpation.double_too_close", "/leader", {"piece": other}))
        taken = ((state.get("civil_war") or {}).get(other) or {}).get("spread")
        if diocese is not None and diocese == taken:
            out.append(("usurpation.double_same_diocese", "/diocese", {"diocese": diocese}))
    return out


def apply_uprising(world, state: dict, side: str, play: dict, events: list) -> None:
    """SV 4.2.2 (L494), 6.2 (L631-639): the chosen peoples go to war at once."""
    for people in play["peoples"]:
        peoples_mod.set_at_war(world, state, people)
    spend(state, side, play["stratagem"], events, peoples=list(play["peoples"]))


def apply_usurpation(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """SV 3.6.2 validation (1d6 at most the target's CP), then the civil war 3.6.3 A/-C/
    (A40: the counter's bonus helps B/ and C/)."""
    target = play["leader"]
    _, _, bonus = USURPATIONS[play["stratagem"]]
    cp = st.leader_def(world, state, target)["cp"] or 0
    roll = dice.d6(f"usurpation {target}")
    ok = roll <= cp
    spend(state, side, play["stratagem"], events, leader=target, roll=roll, cp=cp, validated=ok)
    if not ok:
        return
    titles.strip_titles(state, target)
    state["titles"]["usurpers"][side].append(target)
    start_civil_war(world, state, target, side, bonus, play.get("diocese"), dice, events, by="stratagem")


# -- phase E effects -------------------------------------------------------------------------------------
def apply_e(world, state: dict, side: str, play: dict, dice, events: list) -> None:
    """Carry out an E counter with no battle trigger (SV 6.3)."""
    t = play["stratagem"]
    if t == "assassinat":
        target = play["leader"]
        protected = (state.get("protectores") or {}).get(st.other(side)) == target
        roll = dice.d10(f"assassinat {target}")
        dies = roll - (1 if protected else 0) >= 8  # L607, A10
        spend(state, side, t, events, leader=target, roll=roll, protected=protected, dies=dies)
        if dies:
            owner = state["pieces"][target]["side"]
            won = None
            if state["titles"].get("usurpers", {}).get(side):  # 3.6.4 B/: an Augustus assassinated in a civil war
                won = emperors.usurper_beats_augustus(state, list(state["titles"]["usurpers"][side]), [target])
            titles.leader_dies(state, target)
            events.append(Event("leader_eliminated", {"leader": target, "side": owner, "cause": "assassinat"}))
            add_vp(state, side, 1, "enemy_leader_eliminated", events, leader=target)  # 10.1
            emperors.settle_titles(world, state, dice, events, usurper_won=won)
        return
    if t in ("foyer-de-peste", "epidemie-de-peste"):
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
                hit[pid] = _weaken(state, pid)
        spend(state, side, t, events, zone=zone, hit=hit)
        return
    if t == "abandon":
        diocese = play["diocese"]
        hit = {}
        for z in world.diocese_zones.get(diocese, ()):
            for pid in st.pieces_in(state, z):
                if state["pieces"][pid]["kind"] != "unit" or not st.is_roman_unit(world, state, pid):
                    continue
                u = st.unit_def(world, state, pid)
                if u["category"] in ("RI", "PC") and u["diocese"] == diocese:
                    state["pieces"][pid].update(eliminated=True, eliminated_year=state["year"], zone=None)
                    hit[pid] = "eliminated"
                elif u["category"] == "PC":
                    hit[pid] = _weaken(state, pid)
        spend(state, side, t, events, diocese=diocese, hit=hit)
        return
    if t in PACIFICATIONS or t in ("pacification-nationalite", "pax-romana"):
        if t == "pacification-nationalite":
            chosen = [p for p in sorted(state["peoples"]) if world.peoples[p].get("nationality") == play["nationality"]
                      and state["peoples"][p]["status"] == "war" and not st.is_ally_people(world, p)]
        elif t == "pax-romana" and not play.get("peoples"):
            chosen = [p for p in sorted(state["peoples"]) if state["peoples"][p]["status"] == "war" and not st.is_ally_people(world, p)]
        else:
            chosen = list(play["peoples"])
        for p in chosen:
            if state["peoples"][p]["status"] == "war":
                peoples_mod.pacify(world, state, p, by_arms=False)  # A67: no lock, no PV
        spend(state, side, t, events, peoples=chosen)
        return
    if t in ("persecution", "heresie", "bagaudes"):
        zone = play["zone"]
        holder = state["control"].get(world.diocese_of(zone))
        spend(state, side, t, events, zone=zone, marker={"zone": zone, "against": holder})
        return
    if t == "coup-d-etat-perse":
        zone = ctesiphon_zone(world)
        spend(state, side, t, events, zone=zone, marker={"zone": zone})
        return


def _weaken(state: dict, pid: str) -> str:
    piece = state["pieces"][pid]
    if piece.get("weakened"):
        piece.update(eliminated=True, eliminated_year=state["year"], zone=None, aboard=None)
        return "eliminated"
    piece["weakened"] = True
    return "weakened"


def plague_strikes(world, state: dict, pids, *, centre: bool, dice, events: list) -> None:
    """SV 6.3 (L609-611; A66): units weakened (in the centre a weakened unit dies; in the
    ring it stays weakened), each leader dies on a d10 of 9. No PV."""
    for pid in sorted(pids):
        piece = state["pieces"][pid]
        if not st.on_map(piece):
            continue
        if piece["kind"] == "unit":
            if centre or not piece.get("weakened"):
                effect = _weaken(state, pid)
                events.append(Event("plague", {"piece": pid, "effect": effect}))
        else:
            roll = dice.d10(f"plague {pid}")
            if roll == 9:
                owner = piece["side"]
                if titles.is_historical_roman(world, state, pid):
                    titles.leader_dies(state, pid)
                else:
                    piece.update(eliminated=True, eliminated_year=state["year"], zone=None, aboard=None)
                events.append(Event("plague", {"piece": pid, "roll": roll, "effect": "dies", "side": owner}))
                emperors.settle_titles(world, state, dice, events)
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


# -- markers scored in F (10.1 L834, 6.3 L629, L655-659; A61) --------------------------------------------
def markers_in_f(world, state: dict, events: list) -> None:
    markers = state.get("markers") or {}
    for t in sorted(markers):
        m = markers[t]
        zone = m.get("zone")
        ids = st.pieces_in(state, zone) if zone else []
        if t == "coup-d-etat-perse":
            controller = state["peoples"].get("persae", {}).get("controller")
            kings = [i for i in ids if state["pieces"][i]["kind"] == "leader" and st.leader_def(world, state, i)["people"] == "persae"]
            units = [i for i in ids if state["pieces"][i]["kind"] == "unit" and st.people_of(world, state, i) == "persae"]
            if kings and len(units) >= 3:
                _remove_marker(state, t, events)
            elif controller in st.sides(state):
                add_vp(state, st.other(controller), 3, "coup_d_etat_perse", events)
            continue
        holder = state["control"].get(world.diocese_of(zone))
        leaders = [i for i in ids if state["pieces"][i]["kind"] == "leader" and state["pieces"][i]["side"] == holder
                   and st.leader_def(world, state, i)["people"] is None]
        if t == "persecution":
            leaders = [l for l in leaders if world.leaders.get(l, {}).get("ar") != "cross"]
        elif t == "heresie":
            leaders = [l for l in leaders if world.leaders.get(l, {}).get("ar") != "sun"]
        units = [i for i in ids if state["pieces"][i]["kind"] == "unit" and state["pieces"][i]["side"] == holder]
        if leaders and units:
            _remove_marker(state, t, events)
        elif holder in st.sides(state):
            add_vp(state, st.other(holder), 3, t, events, zone=zone)


def _remove_marker(state: dict, t: str, events: list) -> None:
    m = state["markers"].pop(t)
    if m.get("counter"):
        state["hidden"]["bowl"] = sorted(state["hidden"]["bowl"] + [m["counter"]])
    events.append(Event("marker_removed", {"stratagem": t}))


# -- what a side may play now (prompt options) ------------------------------------------------------
def legal_plays(world, state: dict, side: str, phase: str, limit: int = 40) -> list[dict]:
    """A sample of legal plays of the side's hand for a phase (the prompt's options)."""
    out = []
    seen = set()
    for c in sorted(state["hidden"]["hands"].get(side, [])):
        t = counter_type(c)
        if t in seen or spec(state, t).get("phase") != phase or not usable_by(state, side, t) or t in BATTLE_TRIGGERS:
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
        eligible = _eligible_peoples(world, state, klass, at_war=False)
        return [{"stratagem": t, "peoples": eligible[:n]}] if eligible else []
    if t in PACIFICATIONS:
        klass, n = PACIFICATIONS[t]
        return [{"stratagem": t, "peoples": [p]} for p in _eligible_peoples(world, state, klass, at_war=True)]
    if t == "pacification-nationalite":
        nats = sorted({world.peoples[p].get("nationality") for p in state["peoples"] if state["peoples"][p]["status"] == "war"})
        return [{"stratagem": t, "nationality": n} for n in nats if n]
    if t == "pax-romana":
        return [{"stratagem": t, "peoples": []}]
    if t in USURPATIONS:
        return [{"stratagem": t, "leader": l} for l in sorted(state["pieces"]) if _enemy_roman_leader(world, state, side, l)]
    if t == "initiative":
        return [{"stratagem": t}]
    if t == "assassinat":
        return [{"stratagem": t, "leader": l} for l in sorted(state["pieces"]) if _enemy_roman_leader(world, state, side, l)]
    if t in ("foyer-de-peste", "epidemie-de-peste", "desertion"):
        zones = sorted({state["pieces"][i]["zone"] for i in state["pieces"] if state["pieces"][i]["kind"] == "unit"
                        and state["pieces"][i]["side"] == st.other(side) and st.on_map(state["pieces"][i])})
        return [{"stratagem": t, "zone": z} for z in zones]
    if t == "abandon":
        return [{"stratagem": t, "diocese": d} for d in sorted(world.dioceses) if state["control"].get(d) == st.other(side)]
    if t in ("persecution", "heresie", "bagaudes"):
        return [{"stratagem": t, "zone": z} for z in sorted(world.zones) if _marker_zone_ok(world, state, side, t, z)]
    if t == "coup-d-etat-perse":
        return [{"stratagem": t}]
    return []
