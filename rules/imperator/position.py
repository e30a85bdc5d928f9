"""A full state from an adjudicator case's partial position (no setup run).

Position keys of every title of the family (all optional)::

    scenario: "305"        start from that scenario's placements (else an empty board whose
                           peoples and fleets come from the first scenario)
    year, phase (default E), active (default: the title's first side), initiative (default: active)
    pieces: [{id|unit|leader, side, zone, weakened, eliminated, eliminated_year, title, pf, qu, bt, cc, vs, cp, pm,
              category, diocese, people, kind}]
    remove: [piece ids]      (with a scenario) take these pieces off the map
    fleets: {fleet: {side, at, cargo}}
    vp: {side: n}    reactions: {side: {...}}    hands: {side: [...]}
    smc_left: {side: n}   (default: 1 for the active side, 0 for the other)
    halt: after_smc | end_of_e | end_of_year | none
                            (default after_smc: the engine stops when the case's SMC is over)
    year_event: {number, pinned, sick, forced, extra_smc}   the year's event (2.D3)
    markers, civil_war, plague: as in the state

Each title adds its own keys (its plug-in's ``position_before_pieces`` and
``position_after_pieces``): Semper Victor's are in ``rules/semper_victor/position.py``.
"""

from __future__ import annotations

from rules.imperator import sequence
from rules.imperator import state as st
from rules.imperator.stratagems import build_bowl, stratagem_file

STAT_KEYS = ("pf", "qu", "bt", "cc", "vs", "cp", "pm", "category", "diocese", "people", "kind", "half")


def load_position(ruleset, position: dict) -> dict:
    world, title = ruleset.world, ruleset.title
    opts = ruleset.full_options(position.get("options"))
    sid = position.get("scenario")
    base_id = str(sid) if sid is not None else (world.scenario_ids() or [None])[0]
    scenario = ruleset._scenario(base_id)
    state = title.new_state(world, scenario, opts, ruleset=ruleset.slug, version=ruleset.version,
                            bowl=build_bowl(stratagem_file(ruleset.slug), opts.get("stratagem_mix", "reconstructed")))
    if sid is None:
        for piece in state["pieces"].values():
            piece.update(zone=None, side=None)
        title.clear_titles(world, state, scenario)
    for pid in position.get("remove") or []:
        state["pieces"][pid].update(zone=None)
    state["year"] = position.get("year", state["year"])
    state["first_year"] = min(state["first_year"], state["year"])
    state["last_year"] = max(state["last_year"], state["year"])
    title.position_before_pieces(world, state, position)  # control, peoples, titles
    for item in position.get("pieces") or []:
        _place(world, state, item)
    for item in position.get("pieces") or []:  # pieces named without a side
        pid = _pid(item)
        piece = state["pieces"][pid]
        if item.get("side") is None and piece["zone"]:
            people = st.people_of(world, state, pid)
            if people:
                piece["side"] = state["peoples"].get(people, {}).get("controller")
            else:
                piece["side"] = title.side_at(world, state, piece["zone"])
    for fid, spec in sorted((position.get("fleets") or {}).items()):
        # a fleet of the scenario, or a temporary one a counter placed (UR 6.3 Flotte)
        fleet = state["fleets"].setdefault(fid, {"side": None, "at": None, "cargo": [], "out_until": None})
        fleet.update({k: v for k, v in spec.items() if k in ("side", "at", "cargo", "out_until", "temporary", "coast")})
        for pid in fleet.get("cargo", []):
            state["pieces"][pid].update(aboard=fid, zone=None)
    for side, points in (position.get("vp") or {}).items():
        state["vp"][side] = points
    for side, sheet in (position.get("reactions") or {}).items():
        state["hidden"]["reactions"][side] = dict(sheet)
    for side, hand in (position.get("hands") or {}).items():
        state["hidden"]["hands"][side] = list(hand)
    title.position_after_pieces(world, state, position)
    if position.get("year_event"):  # the year's event already rolled (2.D3)
        ev = {"year": state["year"], "pinned": [], "sick": [], "forced": {}, "capitals": [], "extra_smc": False}
        ev.update(position["year_event"])
        state["year_event"] = ev
    for key in ("markers", "civil_war", "plague") + title.position_keys:  # SV 6.3, 3.6
        if position.get(key) is not None:
            state[key] = position[key]
    active = position.get("active", title.sides[0])
    state["initiative"] = position.get("initiative", active)
    state["phase"] = position.get("phase", "E")
    state["halt"] = position.get("halt", "after_smc")
    if state["phase"] == "E":
        left = position.get("smc_left") or {active: 1, st.other(active): 0}
        state["smc"] = {"total": sum(left.values()), "left": {s: left.get(s, 0) for s in st.sides(state)},
                        "played": position.get("smc_played", 0), "last": None}
        state["active"] = active
        state["smc"]["last"] = active
        state["pending"] = {"role": active, "kind": "smc",
                            "key": f"{state['year']}/E/smc-{state['smc']['played'] + 1}", "data": {}}
    return state


def _pid(item: dict) -> str:
    return item.get("id") or item.get("unit") or item.get("leader")


def _place(world, state: dict, item: dict) -> None:
    pid = _pid(item)
    if pid in world.leaders:
        kind = "leader"
    elif pid in world.units:
        kind = "unit"
    else:
        kind = "leader" if ("leader" in item or "cc" in item or "vs" in item) else "unit"
    piece = state["pieces"].setdefault(pid, sequence.blank_piece(kind))
    for key in ("zone", "side", "weakened", "eliminated", "eliminated_year", "aboard", "gone", "died") + world.title.piece_keys:
        if key in item:
            piece[key] = item[key]
    stats = {k: item[k] for k in STAT_KEYS if k in item}
    if stats:
        piece["stats"] = {**(piece.get("stats") or {}), **stats}
    if item.get("title"):
        world.title.give_position_title(world, state, pid, item["title"], piece.get("side"))
