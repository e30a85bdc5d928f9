"""A full state from an adjudicator case's partial position (no setup run).

Position keys (all optional)::

    scenario: "305"        start from that scenario's placements (else an empty board whose
                           diocese control, peoples and fleets come from the first scenario)
    year, phase (default E), active (default PRIMUS), initiative (default: active)
    control: {diocese: side}
    peoples: {people: war|peace|{status, controller}}     peoples_at_war: [people]
    titles: {primus_augustus, secundus_augustus, augusti{side:[]}, caesars{side:[]}, usurpers{side:[]}}
    pieces: [{id|unit|leader, side, zone, weakened, eliminated, eliminated_year, title, pf, qu, bt, cc, vs, cp, pm,
              category, diocese, people, kind}]
    remove: [piece ids]      (with a scenario) take these pieces off the map
    fleets: {fleet: {side, at, cargo}}
    vp: {side: n}    reactions: {side: {...}}    hands: {side: [...]}
    smc_left: {side: n}   (default: 1 for the active side, 0 for the other)
    halt: after_smc | end_of_e | end_of_year | none
    year_event: {number, pinned, sick, forced, extra_smc}   the year's event (SV 2.D3)
    swap_at_f: succession | usurpation                     a change of sides due in F (SV 5)
                            (default after_smc: the engine stops when the case's SMC is over)
"""

from __future__ import annotations

from rules.imperator import sequence
from rules.imperator import state as st
from rules.imperator.stratagems import build_bowl, stratagem_file

STAT_KEYS = ("pf", "qu", "bt", "cc", "vs", "cp", "pm", "category", "diocese", "people", "kind")


def load_position(ruleset, position: dict) -> dict:
    world = ruleset.world
    opts = ruleset.full_options(position.get("options"))
    sid = position.get("scenario")
    base_id = str(sid) if sid is not None else (world.scenario_ids() or [None])[0]
    scenario = ruleset._scenario(base_id)
    state = sequence.new_state(world, scenario, opts, ruleset=ruleset.slug, version=ruleset.version,
                               bowl=build_bowl(stratagem_file(ruleset.slug), opts.get("stratagem_mix", "reconstructed")))
    if sid is None:
        for piece in state["pieces"].values():
            piece.update(zone=None, side=None)
        state["titles"] = {"primus_augustus": scenario["primus_augustus"], "secundus_augustus": None,
                           "augusti": {s: [] for s in st.sides(state)}, "caesars": {s: [] for s in st.sides(state)},
                           "usurpers": {s: [] for s in st.sides(state)}}
    for pid in position.get("remove") or []:
        state["pieces"][pid].update(zone=None)
    state["year"] = position.get("year", state["year"])
    state["first_year"] = min(state["first_year"], state["year"])
    state["last_year"] = max(state["last_year"], state["year"])
    state["control"].update(position.get("control") or {})
    for people in position.get("peoples_at_war") or []:
        state["peoples"][people]["status"] = "war"
    explicit_controllers = {}
    for people, value in sorted((position.get("peoples") or {}).items()):
        if isinstance(value, dict):
            state["peoples"][people]["status"] = value.get("status", state["peoples"][people]["status"])
            if value.get("controller"):
                explicit_controllers[people] = value["controller"]
        else:
            state["peoples"][people]["status"] = value
    sequence.derive_people_control(world, state)
    for people, side in explicit_controllers.items():
        state["peoples"][people]["controller"] = side
    titles = position.get("titles") or {}
    for key in ("primus_augustus", "secundus_augustus"):
        if key in titles:
            state["titles"][key] = titles[key]
    for key in ("augusti", "caesars", "usurpers"):
        for side, ids in (titles.get(key) or {}).items():
            state["titles"][key][side] = list(ids)
    for item in position.get("pieces") or []:
        _place(world, state, item)
    for item in position.get("pieces") or []:  # Roman units named without a side
        pid = _pid(item)
        piece = state["pieces"][pid]
        if item.get("side") is None and piece["zone"]:
            people = st.people_of(world, state, pid)
            if people:
                piece["side"] = state["peoples"].get(people, {}).get("controller")
            else:
                piece["side"] = sequence._side_at(world, state, piece["zone"])
    for fid, spec in sorted((position.get("fleets") or {}).items()):
        fleet = state["fleets"][fid]
        fleet.update({k: v for k, v in spec.items() if k in ("side", "at", "cargo", "out_until")})
        for pid in fleet.get("cargo", []):
            state["pieces"][pid].update(aboard=fid, zone=None)
    for side, points in (position.get("vp") or {}).items():
        state["vp"][side] = points
    for side, sheet in (position.get("reactions") or {}).items():
        state["hidden"]["reactions"][side] = dict(sheet)
    for side, hand in (position.get("hands") or {}).items():
        state["hidden"]["hands"][side] = list(hand)
    for people, year in sorted((position.get("war_bowl_locked") or {}).items()):  # SV 9.4
        state["war_bowl"]["locked"][people] = year
        state["peoples"][people]["locked_until"] = year
    if position.get("year_event"):  # the year's event already rolled (SV 2.D3)
        ev = {"year": state["year"], "pinned": [], "sick": [], "forced": {}, "capitals": [], "extra_smc": False}
        ev.update(position["year_event"])
        state["year_event"] = ev
    for key in ("markers", "protectores", "constantinople", "civil_war", "plague"):  # SV 6.3, 3.5.3, 3.1.2, 3.6
        if position.get(key) is not None:
            state[key] = position[key]
    if position.get("swap_at_f"):  # a change of sides triggered earlier in the year (SV 5)
        state["swap_at_f"] = {"year": state["year"], "cause": position["swap_at_f"]}
    active = position.get("active", "PRIMUS")
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
    piece = state["pieces"].setdefault(pid, sequence._blank(kind))
    for key in ("zone", "side", "weakened", "eliminated", "eliminated_year", "aboard", "gone", "died"):
        if key in item:
            piece[key] = item[key]
    stats = {k: item[k] for k in STAT_KEYS if k in item}
    if stats:
        piece["stats"] = {**(piece.get("stats") or {}), **stats}
    title = item.get("title")
    side = piece.get("side")
    if title == "augustus" and side:
        state["titles"]["augusti"][side].append(pid)
    elif title == "caesar" and side:
        state["titles"]["caesars"][side].append(pid)
    elif title == "usurpateur" and side:
        state["titles"]["usurpers"][side].append(pid)
    elif title in ("primus", "primus_augustus"):
        state["titles"]["primus_augustus"] = pid
        if side:
            state["titles"]["augusti"][side].append(pid)
    elif title in ("secundus", "secundus_augustus"):
        state["titles"]["secundus_augustus"] = pid
        if side:
            state["titles"]["augusti"][side].append(pid)
