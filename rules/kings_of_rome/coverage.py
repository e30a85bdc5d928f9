"""Which rules fire in self-play (``manage.py selfplay --stats``): the rules of the
multiplayer book in reading order, each counted from the events that show it firing."""

from __future__ import annotations

from rules.base import Event, coverage_rows

#: key, section, label, and why it may never fire in a thousand games (None: it should)
RULES = [
    ("secret-general", "§5.1", "the secret General revealed, +2 IP", None),
    ("diarchy", "§5.1.1", "Titus Tatius: the Diarchy", "one secret General in six is Tatius"),
    ("draw-roman-unit", "§4.2/§5.7", "a unit drawn as Roman", None),
    ("draw-nonroman-unit", "§4.2/§5.7", "a unit drawn as non-Roman", None),
    ("draw-garrison", "§4.2", "a garrison drawn", None),
    ("draw-leader", "§4.2/§9.1", "a leader drawn (non-Roman)", None),
    ("draw-office", "§2.4.3", "an office chit drawn", None),
    ("king-election", "§5.2.1", "the King's election", None),
    ("king-reroll", "§5.2.1", "a paid reroll in the King's election", None),
    ("inauguratio-bad", "§5.3.2", "unfavourable auspices: an Interrex", None),
    ("rogatio", "§5.2.3", "a Rogatio", None),
    ("pontifex", "§5.3.1", "the Pontifex elected, +5 IP", None),
    ("senate", "§5.4.1", "the head of the Senate, +3 IP", None),
    ("secret-name", "§5.3.3", "the Secret Name questioned", None),
    ("magister", "§5.5", "a Magister named", None),
    ("general", "§5.5.4", "a General named", "the King must wait in Rome with 4 infantry and 2 IP"),
    ("tribune", "§5.4.3-§5.4.4", "a Tribune named", None),
    ("fides", "§5.4.6", "a Fides given", None),
    ("consent-refused", "§5.4.6", "the People refuse their consent", None),
    ("recruit", "§5.8.1", "units recruited", None),
    ("senate-upgrade", "§5.8.1", "the Senate raises a garrison or promotes a unit", "a choice the players rarely pay for"),
    ("move", "§6.1", "an army moves", None),
    ("intimidation", "§6.2", "an intimidation", None),
    ("undefended", "§6.2.1", "an undefended city gives in", None),
    ("siege", "§6.3", "a siege attempt", None),
    ("surrender", "§6.3.2", "an immediate surrender", "it must double a garrison or a leader's Virtus on one die"),
    ("sortie", "§6.3.6", "the besieged sortie", "a leader inside with as many units as the besiegers"),
    ("siege-abandoned", "§6.3.5", "a siege given up", None),
    ("negotiation", "§6.4", "a negotiation", None),
    ("battle", "§6.5", "a land battle", None),
    ("preventive-retreat", "§6.5.1", "a preventive retreat inside the walls", None),
    ("spolia", "§6.5.3", "Spolia Opima", None),
    ("vanguard", "§6.5.4", "a vanguard clash of the cavalry", None),
    ("pitched", "§6.5.9", "a pitched battle", None),
    ("leader-hunt", "§6.5.9.1", "reserve cavalry strikes at a leader (E)", None),
    ("leader-falls", "§6.5.9.1", "a Roman leader falls", None),
    ("triumph", "§5.4.8", "a Triumph claimed", None),
    ("ignominia", "§5.4.9", "an Ignominia trial", None),
    ("naval-battle", "§6.6.1", "a naval battle", "the fleets come at turn 16 and meet few enemy ships"),
    ("war", "§9", "a war chit's expedition", None),
    ("war-blocks", "§9.8/§9.11/§9.13", "invaders stop and block the way", None),
    ("city-attacked", "§9", "an expedition attacks a city", None),
    ("omen", "§9.9", "Good or Bad Omens", None),
    ("no-actions", "§9.10", "the End of Actions", "needs both chits drawn in one turn from turn 13"),
    ("zoc", "§7.1", "a Roman army leaves a zone of control", None),
    ("captivi", "§7.2", "captives turned into IP", None),
    ("romanization", "§7.4", "Romanization IP", None),
    ("prestige", "§7.5", "Prestige", None),
    ("king-killed", "§9.12", "the King killed (Porsenna or in battle)", None),
    ("cup-empty", "§8.0", "the game ends because the cup is empty", "the cup is refilled faster than five draws a turn empty it"),
]

LOG_PHASES = {"vanguard": "vanguard", "battle": "pitched", "leader-hunt": "leader-hunt"}


def coverage() -> list[dict]:
    return coverage_rows(RULES)


def tally(event: Event) -> list[str]:
    d = event.data
    kind = event.type
    out = []
    if kind == "secret_general":
        out.append("secret-general")
    elif kind == "diarchy":
        out.append("diarchy")
    elif kind == "draw":
        k = d.get("kind")
        if k == "unit":
            out.append("draw-roman-unit" if d.get("roman") else "draw-nonroman-unit")
        elif k in ("garrison", "leader", "office"):
            out.append(f"draw-{k}")
        elif k == "omen":
            out.append("omen")
    elif kind == "king_rolls":
        out.append("king-election")
    elif kind == "king_reroll":
        out.append("king-reroll")
    elif kind == "inauguratio" and not d.get("favourable"):
        out.append("inauguratio-bad")
    elif kind == "rogatio":
        out.append("rogatio")
    elif kind == "elected" and d.get("office") in ("pontifex", "senate"):
        out.append(d["office"])
    elif kind == "senate_named":
        out.append("senate")
    elif kind == "secret_name":
        out.append("secret-name")
    elif kind == "appointed":
        office = str(d.get("office"))
        out.append("magister" if office in ("mp", "me") else "general" if office.startswith("gen-") else "tribune")
    elif kind == "fides":
        out.append("fides")
    elif kind == "consent" and not d.get("granted"):
        out.append("consent-refused")
    elif kind == "recruited":
        out.append("recruit")
    elif kind in ("garrison", "promoted", "garrison_transfer") and d.get("why", "senate") == "senate":
        out.append("senate-upgrade")
    elif kind == "move" and d.get("side") == "roman":
        out.append("move")
    elif kind == "intimidation":
        out.append("intimidation")
    elif kind == "romanized" and d.get("how") == "undefended":
        out.append("undefended")
    elif kind == "siege":
        out.append("siege")
        if d.get("how") == "surrender":
            out.append("surrender")
    elif kind == "sortie":
        out.append("sortie")
    elif kind == "siege_abandoned":
        out.append("siege-abandoned")
    elif kind == "negotiation":
        out.append("negotiation")
    elif kind == "battle":
        out.append("battle")
        phases = {LOG_PHASES.get(x.get("phase")) for x in d.get("log") or [] if isinstance(x, dict)}
        out += sorted(p for p in phases if p)
    elif kind == "preventive_retreat":
        out.append("preventive-retreat")
    elif kind == "spolia":
        out.append("spolia")
    elif kind == "roman_leader_falls":
        out.append("leader-falls")
        if d.get("office") in ("rex", "interrex"):
            out.append("king-killed")
    elif kind == "triumph_claim":
        out.append("triumph")
    elif kind == "ignominia":
        out.append("ignominia")
    elif kind == "naval_battle":
        out.append("naval-battle")
    elif kind == "war":
        out.append("war")
    elif kind == "war_blocks":
        out.append("war-blocks")
    elif kind == "city_attacked":
        out.append("city-attacked")
    elif kind == "no_actions":
        out.append("no-actions")
    elif kind == "zoc_fall_back":
        out.append("zoc")
    elif kind == "ip":
        reason = d.get("reason")
        if reason == "captivi":
            out.append("captivi")
        elif reason == "romanization":
            out.append("romanization")
        elif reason == "prestige":
            out.append("prestige")
    elif kind == "office_ends" and d.get("reason") == "killed":
        out.append("king-killed")
    elif kind == "game_over" and d.get("reason") == "cup-empty":
        out.append("cup-empty")
    return out


def measures(state: dict) -> dict[str, float]:
    roman = sum(1 for c in state["cities"].values() if c["roman"])
    return {"turns": float(state["turn"]), "roman_cities": float(roman),
            "ip_total": float(sum(state["ip"].values())), "ip_top": float(max(state["ip"].values()))}
