"""Which rules fire in self-play (``manage.py selfplay --ruleset tetrarchia --stats``): the
rules of the book in reading order, each counted from the events that show it firing, and
the numbers a report averages (how long a game lasts, the round Rome falls)."""

from __future__ import annotations

from rules.base import Event, coverage_rows
from rules.tetrarchia.data import board

VARIANT = "a variant: it fires only with its option on (the variants block below shows it firing)"

#: key, section, label, and why it may never fire in a thousand games (None: it should)
RULES = [
    ("fleets-placed", "L141-143", "the fleets placed in the zones of the players' choice", None),
    ("enter-roma", "L145-147", "an emperor enters at ROMA", None),
    ("enter-capital", "L145-147", "an emperor enters at his capital", None),
    ("move-normal", "L179", "a move along a normal link (1 PI)", None),
    ("move-broken", "L181", "a move along a broken link (2 PI)", None),
    ("move-sea", "L183-184", "a move by fleet between two coasts of its zone (1 PI)", None),
    ("move-into-revolt", "L186-188", "a move into a Revolt province (+1 PI)", None),
    ("passing-through", "L190-193", "an emperor passes through another's province", None),
    ("sail", "L197-200", "a fleet sails to the next zone",
     "with three fleets (levels x3xx such as 5300) the planner puts one in each zone (L141-143), and sailing one "
     "only empties a zone: it fires at every level with one or two fleets"),
    ("protect", "L204-207", "a Roman province protected with an emperor disc", None),
    ("protect-frontier", "L209-213", "a frontier protected (2 PI, its region free of Revolt)", None),
    ("subdue-unrest", "L219", "an Unrest disc removed (1 PI)", None),
    ("subdue-revolt", "L220", "a Revolt disc removed (2 PI)", None),
    ("subdue-reduce", "L221", "a Revolt disc turned to Unrest (1 PI)", None),
    ("attack", "L223-227", "an emperor attacks an army", None),
    ("attack-won", "L271-273", "the emperor's attack wins: the army and the disc go, he moves in", None),
    ("attack-lost", "L274-278", "the emperor's attack fails: he and his disc leave the board", None),
    ("attack-tie", "L280", "a tie: nothing happens", None),
    ("multiplier-emperor", "L258-262", "x2 for another emperor linked to the army", None),
    ("multiplier-army", "L262-264", "x2 for another army linked to the emperor", None),
    ("state-of-the-empire", "L294-297", "Unrest next to Revolt turns to Revolt", None),
    ("expelled", "L299-303", "an emperor standing on Revolt leaves the board", None),
    ("broken-link-roll", "L359-369", "a broken link rolled for in the barbarian phase", None),
    ("broken-link-cuts", "L359-369", "a broken link does not connect (1-3)", None),
    ("result-protected", "L309-311", "the rolled province is protected: nothing", None),
    ("result-unrest", "L312", "the rolled province gets Unrest", None),
    ("result-revolt", "L314", "Unrest on the rolled province turns to Revolt", None),
    ("uprising", "L316-324", "an Uprising: Revolt on every province linked", None),
    ("echo-army", "L326-334", "the echo puts an army on an empty frontier", None),
    ("echo-province", "L335-338", "the echo rolls a province of a region with a frontier held", None),
    ("advance", "L340-357", "an army advances along the arrows", None),
    ("devastation", "L378-380", "an army devastates the province it enters", None),
    ("army-blocked-army", "L370-376", "an army blocked by another army", None),
    ("army-blocked-link", "L359-369", "an army stopped by a broken link", None),
    ("army-attacks", "L382-391", "an army attacks the emperor in its way", None),
    ("army-attack-won", "L392-393", "the army defeats the emperor and advances", None),
    ("army-attack-lost", "L393-394", "the emperor defeats the army: it and its Revolt disc go", None),
    ("victory", "L400-401", "Roma Victrix: six frontiers protected", None),
    ("defeat-rome", "L403", "an army enters ROMA", None),
    ("defeat-revolt", "L403-405", "no black Revolt disc left to place", None),
    ("defeat-unrest", "L403-405", "no grey Unrest disc left to place",
     "21 grey discs: Unrest turns to Revolt (next to Revolt, or rolled again) long before the grey box empties; "
     "the black box empties first"),
    ("imperium-maximian", "L447", "IMPERIVM: Maximian uses 7 PI", VARIANT),
    ("imperium-diocletian", "L438-439", "IMPERIVM: Diocletian moves another emperor", VARIANT),
    ("imperium-galerius", "L441-442", "IMPERIVM: Galerius adds +1 after the roll", VARIANT),
    ("imperium-constantius", "L444-445", "IMPERIVM: Constantius blocks an army", VARIANT),
    ("mare-nostrvm", "L451-453", "MARE NOSTRVM: a move across two adjacent zones with fleets", VARIANT),
    ("patres-diocletian", "L462-465", "PATRES PATRIAE: Diocletian takes 1 PI from Galerius", VARIANT),
    ("patres-constantius", "L462-465", "PATRES PATRIAE: Constantius gives 1 PI to Maximian", VARIANT),
    ("glory-won", "L477-480", "LE GRAND: a glory disc for a victory", VARIANT),
    ("glory-lost", "L477-480", "LE GRAND: a glory disc given back after a defeat", VARIANT),
]


def coverage() -> list[dict]:
    return coverage_rows(RULES)


def tally(event: Event) -> list[str]:
    d, kind = event.data, event.type
    if kind == "fleets_placed":
        return ["fleets-placed"]
    if kind == "enter":
        brd = board()
        return ["enter-roma" if d.get("province") == brd.rome else "enter-capital"] + (
            ["passing-through"] if d.get("passing") else [])
    if kind == "move":
        brd = board()
        out = []
        if d.get("by") == "sea":
            out.append("move-sea")
            if brd.province(d["from"]).coast != brd.province(d["to"]).coast:
                out.append("mare-nostrvm")
        else:
            link = brd.link(d["from"], d["to"])
            out.append("move-broken" if link is not None and link.broken else "move-normal")
        base = 1 if d.get("by") == "sea" else (2 if out[0] == "move-broken" else 1)
        if d.get("cost", 0) > base:
            out.append("move-into-revolt")
        if d.get("passing"):
            out.append("passing-through")
        return out
    if kind == "sail":
        return ["sail"]
    if kind == "protect":
        return ["protect-frontier" if d.get("frontier") else "protect"]
    if kind == "subdue":
        if d.get("how") == "reduce":
            return ["subdue-reduce"]
        return ["subdue-revolt" if d.get("disc") == "revolt" else "subdue-unrest"]
    if kind == "battle":
        out = []
        if d.get("attacker") == "emperor":
            out += ["attack", {"emperor": "attack-won", "army": "attack-lost", "tie": "attack-tie"}[d["winner"]]]
        else:
            out.append("army-attacks")
            if d["winner"] == "army":
                out.append("army-attack-won")
            elif d["winner"] == "emperor":
                out.append("army-attack-lost")
        if d.get("imperial_multiplier", 1) > 1:
            out.append("multiplier-emperor")
        if d.get("barbarian_multiplier", 1) > 1:
            out.append("multiplier-army")
        return out
    if kind == "unrest_to_revolt":
        return ["state-of-the-empire"]
    if kind == "emperor_leaves":
        return ["expelled"] if d.get("why") == "revolt" else []
    if kind == "broken_link":
        return ["broken-link-roll"] + ([] if d.get("connected") else ["broken-link-cuts"])
    if kind == "result":
        return {"protected": ["result-protected"], "unrest": ["result-unrest"], "revolt": ["result-revolt"],
                "uprising": ["uprising"]}.get(d.get("effect"), [])
    if kind == "echo":
        return ["echo-army"] if d.get("army_arrives") else ["echo-province"]
    if kind == "army_advances":
        return ["advance"]
    if kind == "devastation":
        return ["devastation"]
    if kind == "army_blocked":
        return {"army": ["army-blocked-army"], "broken_link": ["army-blocked-link"]}.get(d.get("by"), [])
    if kind == "imperium":  # Diocletian's power counts when he moves someone (move_other)
        emperor = d.get("emperor")
        return [] if emperor == "diocletian" else [f"imperium-{emperor}"]
    if kind == "move_other":
        return ["imperium-diocletian"]
    if kind == "pi_transfer":
        return ["patres-diocletian" if d.get("receiver") == "diocletian" else "patres-constantius"]
    if kind == "glory":
        return ["glory-won" if d.get("change", 0) > 0 else "glory-lost"]
    if kind == "game_over":
        reason = d.get("reason")
        return {"six_frontiers": ["victory"], "rome_taken": ["defeat-rome"], "no_revolt_disc": ["defeat-revolt"],
                "no_unrest_disc": ["defeat-unrest"]}.get(reason, [])
    return []


def measures(state: dict) -> dict[str, float]:
    """The round the game ended in, and the round ROMA fell or the Empire was saved (only
    in the games where it did), the frontiers held and the ten-point score at the end."""
    from rules.tetrarchia.outcome import ten_point_score
    from rules.tetrarchia.state import protected_frontiers

    out = {"rounds": state["round"], "frontiers_at_end": len(protected_frontiers(state, board())),
           "ten_point_score": ten_point_score(state)["score"]}
    result = state.get("result") or {}
    if result.get("reason") == "rome_taken":
        out["rome_falls_round"] = state["round"]
    if result.get("result") == "victory":
        out["victory_round"] = state["round"]
    return out
