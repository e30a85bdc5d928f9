"""Naval movement with the two fleets (SV 3.4.2, L256-262; A52, A53).

A naval order is ``{"fleet": id, "embark": [pieces], "to": sea or port id, "land": zone}``,
every field but ``fleet`` optional. A fleet makes one naval move per SMC: port box -> its
sea, sea -> an adjacent navigable sea, or its sea -> back into the port box. Pieces embark
only from the port's land zone (or, for a temporary fleet placed on a coast that has not
sailed yet, from that coastal zone: its record's ``coast``, UR 6.3 *Flotte*), and only if
they were there when the SMC began; cargo is
at most 2 combat units and any number of leaders, Roman only; landed pieces may not move
again this SMC.
"""

from __future__ import annotations

from rules.imperator import state as st
from rules.imperator.events import is_pinned, seas_closed
from rules.imperator.messages import error
from rules.imperator.movement import Ctx, make_group, step_problems


def fleet_position(world, fleet: dict) -> tuple[str | None, str | None]:
    """(port id, sea id): in the port box, or at sea."""
    at = fleet.get("at")
    if at in world.ports:
        return at, None
    return None, at


def check_naval(ctx: Ctx, order, index: int, current: dict) -> list:
    base = f"/naval/{index}"
    w, s = ctx.world, ctx.state
    if not isinstance(order, dict) or not isinstance(order.get("embark", []), list):
        return [error("orders.bad_shape", base, what=f"naval move {index}")]
    fid = order.get("fleet")
    fleet = s.get("fleets", {}).get(fid)
    if fleet is None:
        return [error("naval.unknown_fleet", base + "/fleet", fleet=fid)]
    if fleet.get("out_until"):
        return [error("naval.fleet_out", base + "/fleet", fleet=fid)]
    if seas_closed(s):
        return [error("naval.seas_closed", base + "/fleet")]  # event 9 (L962)
    if fleet.get("side") != ctx.side:
        return [error("naval.not_controlled", base + "/fleet", fleet=fid, role=ctx.side)]
    if fid in current.get("fleets_moved", []):
        return [error("naval.already_moved", base + "/fleet", fleet=fid)]
    errors = []
    port = w.port_of_fleet(fid)
    in_port, sea = fleet_position(w, fleet)
    embark = order.get("embark") or []
    # pieces board in the port's land zone, or in the coastal zone where a temporary fleet
    # was placed until it sails (UR 6.3 Flotte, L933-936: "the same capacities")
    load_zone = w.ports[in_port]["zone"] if in_port else fleet.get("coast")
    if embark:
        if not load_zone:
            errors.append(error("naval.embark_not_in_port", base + "/embark"))
        else:
            at_start = set(current.get("at_port", {}).get(in_port or fid, []))
            for k, pid in enumerate(embark):
                piece = s["pieces"].get(pid)
                if piece is None:
                    errors.append(error("move.piece.unknown", f"{base}/embark/{k}", piece=pid))
                elif piece.get("side") != ctx.side:
                    errors.append(error("move.piece.not_yours", f"{base}/embark/{k}", piece=pid, role=ctx.side))
                elif not (w.title.may_embark(w, s, pid) if w.title.may_embark else st.people_of(w, s, pid) is None):
                    errors.append(error("naval.non_roman_cargo", f"{base}/embark/{k}"))
                elif pid not in at_start or piece.get("zone") != load_zone or pid in ctx.moved:
                    errors.append(error("naval.not_at_port_at_smc_start", f"{base}/embark/{k}", piece=pid))
            errors += _bound_aboard(ctx, base, fleet, embark, load_zone)
        cargo_units = [p for p in list(fleet.get("cargo", [])) + embark if s["pieces"].get(p, {}).get("kind") == "unit"]
        if len(cargo_units) > 2:
            errors.append(error("naval.cargo_over_2", base + "/embark"))
    to = order.get("to")
    where_port, where_sea = in_port, sea
    if to is not None:
        if in_port:
            legal = [w.ports[in_port]["sea"]]
        else:
            legal = [n for n in w.sea_neighbours(sea)] + ([port["id"]] if port and port["sea"] == sea else [])
        if to in w.seas and not w.navigable(to):
            errors.append(error("naval.forbidden_sea", base + "/to", to=to))
        elif to not in legal:
            errors.append(error("naval.not_adjacent", base + "/to", fleet=fid, to=to))
        where_port, where_sea = (to, None) if to in w.ports else (None, to)
    land = order.get("land")
    if land is not None:
        coasts = [w.ports[where_port]["zone"]] if where_port else list(w.sea_coasts.get(where_sea, ()))
        if land not in coasts:
            errors.append(error("naval.bad_landing", base + "/land", zone=land))
        elif not (list(fleet.get("cargo", [])) + embark):
            errors.append(error("naval.nothing_to_land", base + "/land"))
        else:  # the landed pieces obey 3.2 and 4.2.4 where they land
            cargo = list(fleet.get("cargo", [])) + [p for p in embark if p in s["pieces"]]
            group = make_group(ctx, st.leaders_of(s, cargo), st.units_of(s, cargo))
            frm = w.ports[in_port]["zone"] if in_port else land
            for code, fmt in step_problems(ctx, group, frm, land, final=True):
                errors.append(error(code, base + "/land", **fmt))
    return errors


def _bound_aboard(ctx: Ctx, base: str, fleet: dict, embark: list, load_zone: str) -> list:
    """A unit bound to its leader (UR 3.2.4, the buccellarii) boards with him, and he does
    not sail without it when it stands in the port with him."""
    bound_leader = ctx.world.title.bound_leader
    if bound_leader is None:
        return []
    errors, aboard = [], set(embark) | set(fleet.get("cargo", []))
    for k, pid in enumerate(embark):
        lid = bound_leader(ctx.state, pid)
        if lid is not None and lid not in aboard:
            errors.append(error("move.bound_unit_without_leader", f"{base}/embark/{k}", piece=pid, leader=lid))
    for uid in st.units_of(ctx.state, ctx.by_zone.get(load_zone, [])):
        lid = bound_leader(ctx.state, uid)
        if lid in embark and uid not in aboard:
            errors.append(error("move.bound_unit_left", base + "/embark", piece=uid, leader=lid))
    return errors


def carry_out_naval(ctx: Ctx, order: dict, current: dict) -> dict:
    w, s = ctx.world, ctx.state
    fid = order["fleet"]
    fleet = s["fleets"][fid]
    frm = fleet["at"]
    for pid in order.get("embark") or []:
        ctx.relocate(pid, None, aboard=fid)
        ctx.moved.add(pid)
        fleet.setdefault("cargo", []).append(pid)
    fleet["cargo"] = sorted(set(fleet.get("cargo", [])))
    if order.get("to") is not None:
        fleet["at"] = order["to"]
        fleet.pop("coast", None)  # a temporary fleet that sails leaves its coast
    current.setdefault("fleets_moved", []).append(fid)
    landed = []
    if order.get("land") is not None:
        zone = order["land"]
        for pid in fleet["cargo"]:
            ctx.relocate(pid, zone)
            ctx.landed.add(pid)
            landed.append(pid)
        fleet["cargo"] = []
    current["landed"] = sorted(ctx.landed)
    current["moved"] = sorted(ctx.moved)
    return {"side": ctx.side, "fleet": fid, "from": frm, "to": fleet["at"],
            "embark": list(order.get("embark") or []), "land": order.get("land"), "landed": landed}
