"""Semper Victor's emperors (SV 3.5, 3.6.4, 5): successions in both camps (3.5.2,
L312-342), the end of a usurpation by battle (3.6.4 A/, L405-420) and a double one (3.6.5),
the capital dioceses held (3.5.4) and the change of sides (5, L558-571). The death tests
and the machinery of a player's choice are the family's (``rules/imperator/emperors.py``).

The choices this title leaves to a player (Primus case 5, Secundus case 4, the C/ diocese
of a succession's Usurpateur, the CP tie of a double usurpation) are ``choice_options`` and
``apply_choice``; the engine's order (highest CP, then CC, then VS, then id) is only the
default (DECISIONS, A32).
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import emperors as emp
from rules.imperator import state as st
from rules.imperator.civil_war import adjacent_dioceses, civil_war_a_b, civil_war_c, civil_war_failures
from rules.imperator.places import capital_zones
from rules.imperator.titles import (TITLE_KEYS, alive, is_historical_roman, rank_key, strip_titles, successor_key,
                                    total_usurpers)

#: the roles of a choice that a standing ``successor`` list never answers (a diocese)
ROLES_WITHOUT_STANDING = ("diocese",)


def choice_prompt(choice: dict) -> tuple[str, dict]:
    """The ``successor`` prompt of a waiting choice: its key's end and its data."""
    return (f"{choice['role']}-{choice['dead']}",
            {"role": choice["role"], "title": choice["title"], "case": choice["case"],
             "dead": choice["dead"], "usurper": choice.get("usurper")})


def settle_titles(world, state: dict, dice, events: list, *, usurper_won: dict | None = None) -> None:
    """After any death: titles of dead leaders go; a dead Primus or Secundus Augustus is
    succeeded. ``usurper_won`` ({"usurper", "side"}) when a usurper has just beaten the
    last Augustus of the other side (SV 3.6.4 A/)."""
    t = state["titles"]
    for key in TITLE_KEYS:
        for side in st.sides(state):
            t[key][side] = [p for p in t[key].get(side, []) if alive(state, p)]
    if usurper_won:
        usurpation_succeeds(world, state, usurper_won["usurper"], usurper_won["side"], dice, events)
    civil_war_failures(world, state, events)
    if t.get("primus_augustus") and not alive(state, t["primus_augustus"]):
        primus_succession(world, state, dice, events)
    if t.get("secundus_augustus") and not alive(state, t["secundus_augustus"]):
        secundus_succession(world, state, dice, events)


def _promote(world, state: dict, side: str) -> tuple[str | None, int]:
    """Cases 1-3 of either succession: (new holder, case) or (None, 0)."""
    t = state["titles"]
    title_key = "primus_augustus" if side == "PRIMUS" else "secundus_augustus"
    augusti = [a for a in t["augusti"][side] if alive(state, a) and a != t.get(title_key)]
    if augusti:  # case 1
        return sorted(augusti, key=rank_key(world, state))[0], 1
    caesars = [c for c in t["caesars"][side] if alive(state, c)]
    if len(caesars) == 1:  # case 2
        t["caesars"][side].remove(caesars[0])
        t["augusti"][side].append(caesars[0])
        return caesars[0], 2
    if len(caesars) >= 2:  # case 3: both become Augusti, the higher CC takes the title
        for c in caesars:
            t["caesars"][side].remove(c)
            t["augusti"][side].append(c)
        return sorted(caesars, key=rank_key(world, state))[0], 3
    return None, 0


def primus_succession(world, state: dict, dice, events: list) -> None:
    """SV 3.5.2 (L316-330), the Primus Augustus dead by any cause but a usurpation."""
    t = state["titles"]
    dead = t["primus_augustus"]
    heir, case = _promote(world, state, "PRIMUS")
    if heir:
        t["primus_augustus"] = heir
        if heir not in t["augusti"]["PRIMUS"]:
            t["augusti"]["PRIMUS"].append(heir)
    elif alive(state, t.get("secundus_augustus")):  # case 4: the Secundus takes the purple, sides swap in F
        heir, case = t["secundus_augustus"], 4
        t["primus_augustus"], t["secundus_augustus"] = heir, None
        state["swap_at_f"] = {"year": state["year"], "cause": "succession"}
    else:
        # SV 3.5.2 case 5 (L330): with no Secundus Augustus and nobody titled on PRIMUS's
        # side, each player picks a general of his side on the map, PRIMUS first; PRIMUS's
        # pick takes the purple, SECONDUS's becomes a Usurpateur. The picks may need prompts.
        t["primus_augustus"] = None
        record = {"title": "primus_augustus", "dead": dead, "case": 5, "heir": None}
        emp.queue_choices(state, [dict(record, side="PRIMUS", role="augustus"), dict(record, side="SECONDUS", role="usurper")])
        emp.run_choices(world, state, dice, events)
        return
    events.append(Event("succession", {"title": "primus_augustus", "dead": dead, "heir": heir, "case": case}))


def secundus_succession(world, state: dict, dice, events: list) -> None:
    """SV 3.5.2 (L334-342), the Secundus Augustus dead by any cause."""
    t = state["titles"]
    dead = t["secundus_augustus"]
    heir, case = _promote(world, state, "SECONDUS")
    t["secundus_augustus"] = heir
    if heir and heir not in t["augusti"]["SECONDUS"]:
        t["augusti"]["SECONDUS"].append(heir)
    if not heir:
        # SV 3.5.2 case 4 (L338-340): SECONDUS picks a general of his side on the map, who
        # becomes a Usurpateur; every other SECONDUS leader then tests his loyalty.
        emp.queue_choices(state, [{"title": "secundus_augustus", "dead": dead, "case": 4, "heir": None,
                        "side": "SECONDUS", "role": "usurper"}])
        emp.run_choices(world, state, dice, events)
        return
    events.append(Event("succession", {"title": "secundus_augustus", "dead": dead, "heir": heir, "case": case,
                                       "defectors": []}))


def choice_options(world, state: dict, choice: dict) -> list[str]:
    """What the player may pick for ``choice``: generals (eligible, in the engine's order,
    A32) or, for a Usurpateur's C/ spread, the adjacent dioceses not yet taken (L391)."""
    t = state["titles"]
    if choice["role"] == "double_usurper":  # SV 3.6.5 (L430-431): the CP tie of a double usurpation
        return [u for u in choice["candidates"] if alive(state, u) and u in t["usurpers"][choice["side"]]]
    if choice["role"] == "diocese":
        war = state.get("civil_war") or {}
        taken = {r.get("spread") for u, r in sorted(war.items()) if r.get("side") == choice["side"]}
        zone = state["pieces"][choice["usurper"]]["zone"]
        return [d for d in adjacent_dioceses(world, world.diocese_of(zone)) if d not in taken] if zone else []
    if choice["role"] == "augustus" and t.get("primus_augustus"):
        return []  # filled meanwhile (A32: the next Roman leader entering)
    if choice["role"] == "usurper" and (len(t["usurpers"]["SECONDUS"]) >= 2 or total_usurpers(state) >= 4):
        return []  # A32: no Usurpateur beyond the caps
    pool = [p for p in sorted(state["pieces"]) if state["pieces"][p]["kind"] == "leader" and st.on_map(state["pieces"][p])
            and state["pieces"][p]["side"] == choice["side"] and is_historical_roman(world, state, p)
            and not st.titled(state, p)]
    return sorted(pool, key=successor_key(world, state))


def apply_choice(world, state: dict, choice: dict, pick: str | None, dice, events: list) -> None:
    t = state["titles"]
    queue = state.setdefault("successions", [])
    if choice["role"] == "double_usurper":  # SV 3.6.5
        if pick:
            crown_usurper(world, state, pick, choice["side"], choice["winner"], events)
        return
    if choice["role"] == "augustus":  # case 5, PRIMUS's pick takes the purple
        if not t.get("primus_augustus"):
            t["primus_augustus"] = pick
            if pick:
                t["augusti"]["PRIMUS"].append(pick)
        for later in queue:
            if later["dead"] == choice["dead"]:
                later["heir"] = t.get("primus_augustus")
        return
    if choice["role"] == "usurper":
        if pick:
            t["usurpers"]["SECONDUS"].append(pick)
        defectors = loyalty_tests(world, state, pick, dice, events) if choice["case"] == 4 else []
        heir = pick if choice["case"] == 4 else choice["heir"]
        done = {"title": choice["title"], "dead": choice["dead"], "heir": heir, "case": choice["case"]}
        if choice["case"] == 4:
            done["defectors"] = defectors
        if pick:  # L374: the civil war at once, A/ and B/; C/ once SECONDUS has picked its diocese
            tested = civil_war_a_b(world, state, pick, "SECONDUS", 0, dice)
            queue.insert(0, dict(choice, role="diocese", usurper=pick, tested=tested, done=done))
        else:
            events.append(Event("succession", done))
        return
    # the C/ diocese of the succession's Usurpateur (SV 3.6.3 C/, L391), no bonus
    civil_war_c(world, state, choice["usurper"], "SECONDUS", 0, pick, choice["tested"], dice, events, by="succession")
    events.append(Event("succession", choice["done"]))


def loyalty_tests(world, state: dict, usurper: str | None, dice, events: list) -> list[str]:
    """SV 3.5.2 Secundus case 4 (L340; A33): every other SECONDUS Roman leader (Dux
    included, Usurpateurs not) rolls 1d6; at or above his CP he goes over to PRIMUS with
    every combat unit in his zone."""
    t = state["titles"]
    defectors = []
    for pid in sorted(state["pieces"]):
        piece = state["pieces"][pid]
        if piece["kind"] != "leader" or piece["side"] != "SECONDUS" or not alive(state, pid) or pid == usurper:
            continue
        if st.leader_def(world, state, pid)["people"] is not None or pid in t["usurpers"]["SECONDUS"]:
            continue
        cp = st.leader_def(world, state, pid)["cp"] or 0
        roll = dice.d6(f"loyalty {pid}")
        goes = roll >= cp
        events.append(Event("loyalty_test", {"leader": pid, "roll": roll, "cp": cp, "defects": goes}))
        if goes:
            defectors.append(pid)
    for pid in defectors:
        zone = state["pieces"][pid]["zone"]
        strip_titles(state, pid)
        state["pieces"][pid]["side"] = "PRIMUS"
        for other in st.pieces_in(state, zone) if zone else []:
            if state["pieces"][other]["kind"] == "unit" and st.is_roman_unit(world, state, other) \
                    and state["pieces"][other]["side"] == "SECONDUS":
                state["pieces"][other]["side"] = "PRIMUS"
    return defectors


def usurper_beats_augustus(state: dict, winner_leaders: list[str], dead: list[str]) -> dict | None:
    """3.6.4 A/ (L407-411): a Usurpateur's force beat an Augustus who died of it (8.5.2);
    with two enemy Augusti both must be beaten (A43: one beaten and one dead otherwise
    counts too: the side simply has no Augustus left)."""
    t = state["titles"]
    for u in winner_leaders:
        for side in st.sides(state):
            if u not in t["usurpers"].get(side, []):
                continue
            enemy = st.other(side)
            beaten = [d for d in dead if d in t["augusti"].get(enemy, []) or
                      d == (t["primus_augustus"] if enemy == "PRIMUS" else t["secundus_augustus"])]
            left = [a for a in t["augusti"].get(enemy, []) if alive(state, a) and a not in dead]
            if beaten and not left:
                return {"usurper": u, "side": side}
    return None


def usurpation_succeeds(world, state: dict, usurper: str, side: str, dice, events: list) -> None:
    """SV 3.6.4 (L413-420): against PRIMUS the usurper becomes Primus Augustus and the sides
    swap in F; against SECONDUS he becomes an Augustus of PRIMUS (a Caesar, or a plain
    leader, if PRIMUS has no room) and the Secundus Augustus is succeeded.

    SV 3.6.5 (L428-431), a double usurpation (two Usurpateurs of ``side`` in play): whichever
    of them won, the one with the higher CP takes the title and the other goes back to the
    ranks, loyal, with all his units; on a CP tie the player in charge of them chooses (his
    standing ``successor`` list, else a ``successor`` prompt, the choice waiting in
    ``state["successions"]`` like the other successor picks)."""
    t = state["titles"]
    usurpers = [u for u in t["usurpers"][side] if alive(state, u)]
    if usurper not in usurpers:
        usurpers.append(usurper)
    title = "primus_augustus" if side == "SECONDUS" else "augustus"
    beaten = t.get("primus_augustus") if side == "SECONDUS" else t.get("secundus_augustus")
    if side == "SECONDUS":
        t["primus_augustus"] = None  # the beaten Primus is gone; his successor is named below
        state["swap_at_f"] = {"year": state["year"], "cause": "usurpation"}
    if len(usurpers) == 1:
        crown_usurper(world, state, usurper, side, usurper, events)
        return
    best = max(st.leader_def(world, state, u)["cp"] or 0 for u in usurpers)
    tied = sorted(u for u in usurpers if (st.leader_def(world, state, u)["cp"] or 0) == best)
    choice = {"title": title, "dead": beaten or "usurpation", "case": "double", "heir": None, "side": side,
              "role": "double_usurper", "candidates": tied, "winner": usurper}
    emp.queue_choices(state, [choice])
    if len(tied) == 1 or emp.standing_pick(world, state, choice, tied):
        emp.run_choices(world, state, dice, events)


def crown_usurper(world, state: dict, chosen: str, side: str, winner: str, events: list) -> None:
    """The Usurpateur ``chosen`` of ``side`` succeeds (3.6.4); every other Usurpateur of that
    side goes back to the ranks (3.6.5: marker removed, loyal to the new emperor, with his
    units; his Guerre Civile record goes with the success, A82)."""
    t = state["titles"]
    others = sorted(u for u in t["usurpers"][side] if u != chosen)
    t["usurpers"][side] = []
    data = {"usurper": chosen, "against": st.other(side)}
    if winner != chosen:
        data["won_battle"] = winner
    if others:
        data["back_in_ranks"] = others
    if side == "SECONDUS":  # against PRIMUS
        t["primus_augustus"] = chosen
        for key in ("augusti", "caesars"):
            if chosen in t[key]["SECONDUS"]:
                t[key]["SECONDUS"].remove(chosen)
        state["swap_at_f"] = {"year": state["year"], "cause": "usurpation"}
        events.append(Event("usurpation_succeeds", data))
        return
    state["pieces"][chosen]["side"] = "PRIMUS"
    if len(t["augusti"]["PRIMUS"]) < 2:
        t["augusti"]["PRIMUS"].append(chosen)
    elif len(t["caesars"]["PRIMUS"]) < 2:
        t["caesars"]["PRIMUS"].append(chosen)
    events.append(Event("usurpation_succeeds", data))


def change_of_sides(world, state: dict, events: list) -> None:
    """SV 5 (L560-571): PRIMUS and SECONDUS swap. The new Primus Augustus (already named,
    A35) and every leader of the old SECONDUS go to the new PRIMUS; the old PRIMUS's
    leaders go to the new SECONDUS, its highest-CC Caesar becoming Secundus Augustus (A34);
    diocese control flips, units and peoples follow, the PV totals swap so each player
    keeps his score, and the players change seats (``state["seats"]``)."""
    swap = state.pop("swap_at_f", None)
    if not swap:
        return
    t = state["titles"]
    primus = t["primus_augustus"]
    for pid in sorted(state["pieces"]):
        piece = state["pieces"][pid]
        if piece.get("side") in st.sides(state):
            piece["side"] = st.other(piece["side"])
    if primus and alive(state, primus):
        state["pieces"][primus]["side"] = "PRIMUS"
    for key in TITLE_KEYS:
        t[key] = {"PRIMUS": list(t[key].get("SECONDUS", [])), "SECONDUS": list(t[key].get("PRIMUS", []))}
    for s in st.sides(state):
        for key in TITLE_KEYS:
            if primus in t[key][s]:
                t[key][s].remove(primus)
    t["augusti"]["PRIMUS"] = [primus] + [a for a in t["augusti"]["PRIMUS"] if a != primus] if primus else t["augusti"]["PRIMUS"]
    old_primus_augusti = [a for a in t["augusti"]["SECONDUS"] if alive(state, a)]
    caesars = sorted((c for c in t["caesars"]["SECONDUS"] if alive(state, c)), key=rank_key(world, state))
    if old_primus_augusti:
        t["secundus_augustus"] = sorted(old_primus_augusti, key=rank_key(world, state))[0]
    elif caesars:
        t["secundus_augustus"] = caesars[0]
        t["caesars"]["SECONDUS"].remove(caesars[0])
        t["augusti"]["SECONDUS"].append(caesars[0])
    else:
        t["secundus_augustus"] = None
    for d in sorted(state["control"]):
        if state["control"][d] in st.sides(state):
            state["control"][d] = st.other(state["control"][d])
    prot = state.get("protectores") or {}
    state["protectores"] = {"PRIMUS": prot.get("SECONDUS"), "SECONDUS": prot.get("PRIMUS")}
    for record in (state.get("civil_war") or {}).values():
        record["side"] = st.other(record["side"])
        for key in ("leaders", "units"):
            record[key] = {p: st.other(s) for p, s in sorted(record[key].items())}
    for marker in (state.get("markers") or {}).values():
        if marker.get("against") in st.sides(state):
            marker["against"] = st.other(marker["against"])
    for fleet in state.get("fleets", {}).values():
        if fleet.get("side") in st.sides(state):
            fleet["side"] = st.other(fleet["side"])
    emp.swap_players(state, ("PRIMUS", "SECONDUS"))
    events.append(Event("change_of_sides", {"cause": swap.get("cause"), "primus_augustus": primus,
                                            "secundus_augustus": t["secundus_augustus"],
                                            "vp": dict(state["vp"]), "seats": dict(state["seats"])}))


def capital_dioceses_held(world, state: dict, side: str) -> int:
    dioceses = {world.diocese_of(z) for z in capital_zones(world, state)}
    return sum(1 for d in sorted(d for d in dioceses if d) if state["control"].get(d) == side)
