"""What a page shows of a refereed game (Ruleset.furniture): the turn, the scoreboard, and
panels of the published results, the reader's own orders and private texts, and for the
master the sealed orders of the turn and every roll. Built from the reader's view only."""

from __future__ import annotations

from rules.refereed import presets


def _item(label, detail):
    return {"label": label, "detail": detail}


def furniture(view: dict, role: str | None) -> dict:
    master = role is not None and role == view.get("master")
    label = view["turn_label"]
    phase = {"orders": {"en": "orders", "fr": "ordres"}, "referee": {"en": "the master referees", "fr": "arbitrage"}}[view["phase"]]
    facts = [{"label": {"en": "Turn", "fr": "Tour"}, "value": label},
             {"label": {"en": "Phase", "fr": "Phase"}, "value": phase}]
    for entry in view["scoreboard"]:
        facts.append({"label": entry["label"], "value": str(entry["value"])})
    panels = [{"id": "rules-note", "title": {"en": "How this game is played", "fr": "Comment se joue cette partie"},
               "private": False, "items": [_item({"en": "Rules", "fr": "Règles"}, view["note"])]}]
    results = []
    for result in reversed(view["results"]):
        text = result["public"] or "—"
        detail = {"en": text, "fr": text}
        if result["corrections"]:
            notes = "; ".join(c["note"] for c in result["corrections"])
            detail = {"en": f"{text} (corrected: {notes})", "fr": f"{text} (corrigé : {notes})"}
        results.append(_item(result["label"], detail))
    panels.append({"id": "results", "title": {"en": "Published results", "fr": "Résultats publiés"}, "private": False,
                   "items": results, "empty": {"en": "Nothing published yet.", "fr": "Rien de publié pour l'instant."}})
    if role is not None:
        mine = []
        for result in reversed(view["results"]):
            for seat, text in sorted(result.get("private", {}).items()):
                who = presets.role_name(seat)
                name = {"en": f"{result['label']['en']} · {who['en']}", "fr": f"{result['label']['fr']} · {who['fr']}"}
                mine.append(_item(name if master else result["label"], {"en": text, "fr": text}))
        panels.append({"id": "private-results", "title": {"en": "Private results", "fr": "Résultats privés"}, "private": True,
                       "items": mine, "empty": {"en": "None.", "fr": "Aucun."}})
        orders = []
        for seat, sent in sorted((view.get("orders") or {}).items()):
            who = presets.role_name(seat)
            text = sent.get("text") or "—"
            orders.append(_item(who, {"en": text, "fr": text}))
        title = {"en": f"Orders of {label['en']}", "fr": f"Ordres de {label['fr']}"}
        panels.append({"id": "orders", "title": title, "private": True, "items": orders,
                       "empty": {"en": "None yet.", "fr": "Aucun pour l'instant."}})
    if view["tables"]:
        from rules.tables import library

        own = view.get("own_tables") or {}
        # The library's tables have a page of their own; the master's are listed with the
        # game's (the platform links them).
        tables = [_item(own[t]["title"], {"en": t, "fr": t}) if t in own else
                  dict(_item(library.table(t).title, {"en": t, "fr": t}), href=f"/tables/{t}/") for t in view["tables"]]
        panels.append({"id": "tables", "title": {"en": "Tables attached", "fr": "Tables jointes"}, "private": False,
                       "items": tables})
    rolls = [_item({"en": r["id"], "fr": r["id"]}, r["summary"]) for r in reversed(view["rolls"])]
    panels.append({"id": "rolls", "title": {"en": "Rolls", "fr": "Jets de dés"}, "private": master, "items": rolls,
                   "empty": {"en": "No roll yet.", "fr": "Aucun jet pour l'instant."}})
    sides = {seat: {"name": presets.role_name(seat), "colour": colour}
             for seat, colour in zip(view["seats"], ("#b03030", "#3050b0", "#2f8f4f", "#9a6a00", "#7a3fa0", "#2a8a8a",
                                                     "#8a4a2a", "#505050", "#c05080", "#4080c0", "#80a020", "#a08040"))}
    return {"stacks": [], "markers": {}, "control": {}, "sides": sides, "legend": [], "phase": phase,
            "facts": facts, "panels": panels, "scores": {}}
