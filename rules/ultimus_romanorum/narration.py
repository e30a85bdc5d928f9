"""Sentences for the events only Ultimus Romanorum emits (the family's are
``rules/imperator/narration.py``): ``fn(data, lang, n, ns)`` with ``n`` naming one id and
``ns`` several, each in English and French."""

from __future__ import annotations

HALF = {"west": ("West", "l'Occident"), "east": ("East", "l'Orient")}
AUGUSTUS = {"west": "Augustus Occidentalis", "east": "Augustus Orientalis"}
STATUS = {"peace": ("at peace", "en paix"), "war": ("at war with Rome", "en guerre contre Rome"),
          "foederati": ("Foederati", "Foederati"), "revolted": ("revolted Foederati", "Foederati révoltés"),
          "regnum": ("a Regnum", "un Regnum")}


def _h(d, lang):
    return HALF.get(d.get("half"), ("?", "?"))[lang == "fr"]


def _patrice(d, lang, n, ns):
    guard = f" with a guard ({n(d['guard'])})" if d.get("guard") and lang == "en" else \
        f" avec une garde ({n(d['guard'])})" if d.get("guard") else ""
    if lang == "en":
        return f"{n(d.get('leader'))} is named Patrice of the {_h(d, lang)}{guard}."
    return f"{n(d.get('leader'))} est nommé Patrice de {_h(d, lang)}{guard}."


def _succeeds(d, lang, n, ns):
    title = AUGUSTUS.get(d.get("half"), "Augustus")
    if lang == "en":
        return f"{n(d.get('leader'))} succeeds as {title}."
    return f"{n(d.get('leader'))} devient {title}."


def _approval(d, lang, n, ns):
    if lang == "en":
        verdict = "approved" if d.get("approved") else "refused: he turns usurper"
        return f"Approval roll for {n(d.get('leader'))}: {d.get('roll')} against CP {d.get('cp')}, {verdict}."
    verdict = "accepté" if d.get("approved") else "refusé : il devient usurpateur"
    return f"Jet d'approbation pour {n(d.get('leader'))} : {d.get('roll')} contre CP {d.get('cp')}, {verdict}."


def _honorius(d, lang, n, ns):
    if lang == "en":
        return f"Honorius is dead: {n(d.get('augustus'))} becomes Augustus Occidentalis at {n.zone(d.get('zone'))}."
    return f"Honorius est mort : {n(d.get('augustus'))} devient Augustus Occidentalis à {n.zone(d.get('zone'))}."


def _decided(d, lang, n, ns):
    if lang == "en":
        return f"The usurpation of {n(d.get('usurper'))} has won in the {_h(d, lang)}: the sides change at F."
    return f"L'usurpation de {n(d.get('usurper'))} l'emporte en {_h(d, lang)} : les camps s'échangent en F."


def _sides(d, lang, n, ns):
    vp = d.get("vp") or {}
    if lang == "en":
        return (f"The players change sides: {n(d.get('augustus'))} reigns over the {_h(d, lang)}; "
                f"VP ROMAIN {vp.get('ROMAIN', 0)}, BARBARE {vp.get('BARBARE', 0)}.")
    return (f"Les joueurs changent de camp : {n(d.get('augustus'))} règne sur {_h(d, lang)} ; "
            f"PV ROMAIN {vp.get('ROMAIN', 0)}, BARBARE {vp.get('BARBARE', 0)}.")


def _status(d, lang, n, ns):
    en, fr = STATUS.get(d.get("status"), (d.get("status"), d.get("status")))
    if lang == "en":
        return f"The {n.people(d.get('people'))} are now {en}."
    return f"Les {n.people(d.get('people'))} sont désormais {fr}."


def _federation(d, lang, n, ns):
    if lang == "en":
        verdict = "they will be federated" if d.get("success") else "no treaty"
        return f"{n(d.get('leader'))} tries to federate the {n.people(d.get('people'))}: {d.get('roll')} against CP {d.get('cp')}, {verdict}."
    verdict = "ils seront fédérés" if d.get("success") else "pas de traité"
    return f"{n(d.get('leader'))} tente de fédérer les {n.people(d.get('people'))} : {d.get('roll')} contre CP {d.get('cp')}, {verdict}."


def _capital(d, lang, n, ns):
    if lang == "en":
        return f"The Regnum of the {n.people(d.get('people'))} moves its capital to {n.zone(d.get('capital'))}."
    return f"Le Regnum des {n.people(d.get('people'))} transfère sa capitale à {n.zone(d.get('capital'))}."


def _no_successor(d, lang, n, ns):
    if lang == "en":
        return f"No successor is found for the {_h(d, lang)}."
    return f"Aucun successeur n'est trouvé pour {_h(d, lang)}."


def _fled(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('augustus'))} is outside his half: BARBARE gets a usurpation counter."
    return f"{n(d.get('augustus'))} est hors de sa moitié : le BARBARE reçoit un pion usurpation."


def _vassals(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('leader'))} is dead: the Ostrogothi and Gepidae are free of the Hunni."
    return f"{n(d.get('leader'))} est mort : les Ostrogoths et les Gépides sont libérés des Huns."


def _siege(d, lang, n, ns):
    if lang == "en":
        return f"Siege of {n.zone(d.get('zone'))}: d10 {d.get('roll')}, " + ("the city falls." if d.get("falls") else "the city holds.")
    return f"Siège de {n.zone(d.get('zone'))} : d10 {d.get('roll')}, " + ("la ville tombe." if d.get("falls") else "la ville tient.")


def _unit_enters(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('unit'))} enters at {n.zone(d.get('zone'))}."
    return f"{n(d.get('unit'))} entre en jeu à {n.zone(d.get('zone'))}."


def _refuge(d, lang, n, ns):
    others = [p for p in d.get("pieces") or [] if p != d.get("augustus")]
    if lang == "en":
        return f"{n(d.get('augustus'))} takes refuge in the city of {n.zone(d.get('zone'))} with {ns(others)}."
    return f"{n(d.get('augustus'))} se réfugie dans la ville de {n.zone(d.get('zone'))} avec {ns(others)}."


def _refuge_left(d, lang, n, ns):
    if lang == "en":
        return f"The box of {n.zone(d.get('zone'))} opens: {ns(d.get('pieces'))} are back in the zone."
    return f"La ville de {n.zone(d.get('zone'))} s'ouvre : {ns(d.get('pieces'))} reviennent dans la zone."


def _escort(d, lang, n, ns):
    if lang == "en":
        return f"{n(d.get('leader'))} is named to escort the child emperor {n(d.get('augustus'))} and defeat the usurper."
    return f"{n(d.get('leader'))} est désigné pour escorter l'enfant empereur {n(d.get('augustus'))} et vaincre l'usurpateur."


def _escort_home(d, lang, n, ns):
    units = f" with {ns(d.get('units'))}" if d.get("units") and lang == "en" else \
        f" avec {ns(d.get('units'))}" if d.get("units") else ""
    if lang == "en":
        return f"The civil war is over: {n(d.get('leader'))} goes back to {n.zone(d.get('zone'))}{units}."
    return f"La guerre civile est finie : {n(d.get('leader'))} retourne à {n.zone(d.get('zone'))}{units}."


def _rex(d, lang, n, ns):
    if d.get("leader"):
        if lang == "en":
            return f"{n(d.get('dead'))} is dead: {n(d.get('leader'))} is the new Rex of the {n.people(d.get('people'))}."
        return f"{n(d.get('dead'))} est mort : {n(d.get('leader'))} est le nouveau Rex des {n.people(d.get('people'))}."
    if lang == "en":
        return f"{n(d.get('dead'))} is dead and no leader of the {n.people(d.get('people'))} is there to be Rex."
    return f"{n(d.get('dead'))} est mort et aucun chef des {n.people(d.get('people'))} n'est là pour être Rex."


def _free_rex(d, lang, n, ns):
    if lang == "en":
        return f"No Augustus of the {_h(d, lang)} can be named: BARBARE receives a Rex counter (UR 3.5.2)."
    return f"Aucun Augustus de {_h(d, lang)} ne peut être désigné : le BARBARE reçoit un pion Rex (UR 3.5.2)."


NARRATORS = {
    "escort_named": _escort, "escort_home": _escort_home, "rex_succeeds": _rex, "free_rex": _free_rex,
    "refuge": _refuge, "refuge_left": _refuge_left,
    "patrice": _patrice, "augustus_succeeds": _succeeds, "approval_roll": _approval, "honorius_case": _honorius,
    "usurpation_decided": _decided, "sides_changed": _sides, "people_status": _status, "federation_roll": _federation,
    "regnum_capital": _capital, "no_successor": _no_successor, "augustus_fled": _fled, "vassals_freed": _vassals,
    "siege": _siege, "unit_enters": _unit_enters,
}
