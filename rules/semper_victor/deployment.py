"""The limitanei's deployment at the start of a scenario (SV 3.3.2, L231-235).

"Au début de chaque scénario, les unités de *limitanei* sont déployées dans une ou plusieurs
zones de leur Diocèse [...] au choix du joueur qui les contrôle", the *ripenses* in a zone
next to the outside of the Empire when the diocese has one (L235). The scenario files give
each unit a zone (a historical default, kept by the default ``limitanei_deployment:
scenario``); with ``choose`` each player is asked, before phase A of the first year, where
his limitanei stand: a ``deploy`` prompt, PRIMUS first, then SECONDUS (who sees PRIMUS's
placement, as a player deploying second at the table would). ``{"place": {unit: zone}}``;
a unit left out keeps the scenario's zone.
"""

from __future__ import annotations

from rules.base import Event
from rules.imperator import state as st
from rules.imperator.adjustments import limitanei_zones
from rules.imperator.messages import error

KIND = "deploy"


def open_deployment(world, state: dict) -> None:
    """At set-up (not in an adjudicator case's position): who has limitanei to place."""
    if state["options"].get("limitanei_deployment", "scenario") != "choose":
        return
    queue = [side for side in world.title.sides if choices(world, state, side)]
    if queue:
        state["deploy"] = {"queue": queue}


def choices(world, state: dict, side: str) -> dict[str, list[str]]:
    """Each of ``side``'s limitanei (RI, PC) on the map in a diocese it controls, with the
    zones it may stand in (its diocese; an RI by the frontier if there is one), when it has
    more than one."""
    by_zone = st.index_by_zone(state)
    out = {}
    for uid in sorted(state["pieces"]):
        piece = state["pieces"][uid]
        if piece["kind"] != "unit" or piece["side"] != side or not st.on_map(piece):
            continue
        unit = world.units.get(uid) or {}
        if unit.get("category") not in ("RI", "PC"):
            continue
        if state["control"].get(unit.get("diocese")) != side:
            continue
        zones = limitanei_zones(world, state, uid, by_zone)
        if len(zones) > 1:
            out[uid] = zones
    return out


def ask(world, state: dict) -> bool:
    """Set the ``deploy`` prompt of the first side still to deploy (the title's
    ``ask_pending``)."""
    queue = (state.get("deploy") or {}).get("queue") or []
    if not queue or state.get("pending"):
        return False
    side = queue[0]
    state["pending"] = {"role": side, "kind": KIND, "key": f"{state['year']}/setup/deploy-{side.lower()}", "data": {}}
    return True


def problems(world, state: dict, side: str, orders: dict) -> list:
    allowed = choices(world, state, side)
    place = orders.get("place") or {}
    if not isinstance(place, dict):
        return [error("orders.bad_shape", "/place", what="place")]
    return [error("deploy.bad_zone", f"/place/{uid}", piece=uid, zone=zone)
            for uid, zone in sorted(place.items()) if zone not in allowed.get(uid, [])]


def answer(world, state: dict, side: str, orders: dict, events: list) -> None:
    allowed = choices(world, state, side)
    moved = {}
    for uid, zone in sorted((orders.get("place") or {}).items()):
        if zone in allowed.get(uid, []) and state["pieces"][uid]["zone"] != zone:
            state["pieces"][uid]["zone"] = zone
            moved[uid] = zone
    events.append(Event("limitanei_deployed", {"side": side, "placed": moved}))
    queue = state["deploy"]["queue"]
    if queue and queue[0] == side:
        queue.pop(0)
    if not queue:
        del state["deploy"]
