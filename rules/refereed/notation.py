"""The text notation of a refereed game (email replies, the order box of the page).

A seat's orders are free text: the whole text is the order set (``{"text": ...}``).

The master writes one instruction a line (keywords in English or French, any case):

    roll 2d6+1: desertion                       a public roll (``lance``)
    roll private 1d10: spy's report             kept to the master until published (``secret``)
    roll table alea-iacta-est/events            a roll on an attached table
    roll table alea-iacta-est/roman-leaders for Caesar year -43
    combat alea-iacta-est/combat 55/3/2 vs 37/3/1 modifiers f extra 2: Pharsalus
    attach alea-iacta-est                       attach a game's tables (or one table)
    public: Caesar crosses the Rubicon.          the text everyone reads (repeatable)
    private cesarien: Pompeius is in Brundisium. a text for one seat only
    score italia = CÉSARIEN                     a scoreboard value
    reveal all                                  show the turn's private rolls (or: reveal R3 R5)
    publish                                     publish the turn's result; the next turn opens
    correct 2: the river was the Rubicon        correct turn 2 (with the note everyone sees)
    correct public: ...  /  correct private <seat>: ...  /  correct score <id> = <value>
    end cesarien: Caesar holds Rome              with publish: the game ends (``end draw: ...``)

``parse`` reads the text into the JSON order set; ``format`` writes one back.
"""

from __future__ import annotations

import re
import unicodedata

from rules.base import Message, OrderError

KEYWORDS = {
    "roll": "roll", "lance": "roll", "combat": "combat", "attach": "attach", "joindre": "attach",
    "public": "public", "private": "private", "prive": "private", "score": "score", "reveal": "reveal",
    "reveler": "reveal", "publish": "publish", "publier": "publish", "correct": "correct", "corriger": "correct",
    "end": "end", "fin": "end",
}


def fold(text: str) -> str:
    """Lower case without accents: ``CÉSARIEN`` -> ``cesarien``."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _error(n: int, code: str, en: str, fr: str) -> OrderError:
    return OrderError(code, f"line:{n}", Message(f"Line {n}: {en}", f"Ligne {n} : {fr}"))


def _split_reason(rest: str) -> tuple[str, str]:
    if ":" in rest:
        head, _, reason = rest.partition(":")
        return head.strip(), reason.strip()
    return rest.strip(), ""


def _number(token: str):
    return int(token) if re.fullmatch(r"[+-]?\d+", token) else None


def _value(text: str):
    text = text.strip()
    number = _number(text)
    return number if number is not None else text


def parse_master(text: str) -> tuple[dict, list[OrderError]]:
    orders: dict = {}
    errors: list[OrderError] = []
    for n, raw in enumerate(str(text).splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or fold(line) in ("pass", "rien"):
            continue  # "pass" (what the turn email offers as an example): nothing to do now
        word, _, rest = line.partition(" ")
        head = fold(word.rstrip(":"))
        keyword = KEYWORDS.get(head)
        if ":" in word and not word.endswith(":") and keyword is None:
            keyword = KEYWORDS.get(fold(word.split(":")[0]))
            rest = word.split(":", 1)[1] + " " + rest
        if keyword is None:
            errors.append(_error(n, "notation.unknown", f"{word!r} is not an instruction: roll, combat, attach, public, "
                                 "private, score, reveal, publish, correct or end.",
                                 f"{word!r} n'est pas une instruction : lance, combat, joindre, public, privé, score, "
                                 "révéler, publier, corriger ou fin."))
            continue
        if keyword == "roll":
            body, reason = _split_reason(rest)
            tokens = body.split()
            private = bool(tokens) and fold(tokens[0]) in ("private", "secret", "prive")
            if private:
                tokens = tokens[1:]
            if tokens and fold(tokens[0]) == "table":
                if len(tokens) < 2:
                    errors.append(_error(n, "notation.table", "say which table: roll table alea-iacta-est/events.",
                                         "dites quelle table : lance table alea-iacta-est/events."))
                    continue
                roll = {"table": tokens[1]}
                key_words: list[str] = []
                i = 2
                bad = False
                while i < len(tokens):
                    token = fold(tokens[i])
                    if token in ("for", "pour") and i + 1 < len(tokens):
                        i += 1
                        while i < len(tokens) and fold(tokens[i]) not in ("year", "annee", "column", "colonne",
                                                                           "modifier", "modificateur"):
                            key_words.append(tokens[i])
                            i += 1
                        continue
                    if token in ("year", "annee", "modifier", "modificateur") and i + 1 < len(tokens) \
                            and _number(tokens[i + 1]) is not None:
                        roll["year" if token in ("year", "annee") else "modifier"] = _number(tokens[i + 1])
                        i += 2
                        continue
                    if token in ("column", "colonne") and i + 1 < len(tokens):
                        roll["column"] = tokens[i + 1]
                        i += 2
                        continue
                    errors.append(_error(n, "notation.table_words", f"cannot read {tokens[i]!r}: after the table "
                                         "come for <row>, year <n>, column <c>, modifier <n>.",
                                         f"impossible de lire {tokens[i]!r} : après la table viennent pour <ligne>, "
                                         "annee <n>, colonne <c>, modificateur <n>."))
                    bad = True
                    break
                if bad:
                    continue
                if key_words:
                    roll["key"] = " ".join(key_words)
            else:
                if not tokens:
                    errors.append(_error(n, "notation.no_dice", "say what to roll: roll 2d6+1.",
                                         "dites quoi lancer : lance 2d6+1."))
                    continue
                roll = {"dice": "".join(tokens)}
            if reason:
                roll["reason"] = reason
            if private:
                roll["private"] = True
            orders.setdefault("rolls", []).append(roll)
        elif keyword == "combat":
            body, reason = _split_reason(rest)
            tokens = body.split()
            private = bool(tokens) and fold(tokens[0]) in ("private", "secret", "prive")
            if private:
                tokens = tokens[1:]
            match = re.fullmatch(r"(\S+)\s+(\d+)/([\d.]+)(?:/(-?\d+))?\s+(?:vs|contre)\s+(\d+)/([\d.]+)(?:/(-?\d+))?"
                                 r"(?:\s+(?:modifiers|modificateurs)\s+([a-z,]+))?(?:\s+extra\s+([+-]?\d+))?",
                                 " ".join(tokens), re.IGNORECASE)
            if not match:
                errors.append(_error(n, "notation.combat", "write combat <table> <strength>/<quality>/<BT> vs "
                                     "<strength>/<quality>/<BT> [modifiers b,f] [extra 2].",
                                     "écrivez combat <table> <force>/<qualité>/<BT> contre <force>/<qualité>/<BT> "
                                     "[modificateurs b,f] [extra 2]."))
                continue
            g = match.groups()

            def quality(text):
                return int(text) if text.isdigit() else text
            roll = {"combat": g[0],
                    "attacker": {"strength": int(g[1]), "quality": quality(g[2]), "bt": int(g[3] or 0)},
                    "defender": {"strength": int(g[4]), "quality": quality(g[5]), "bt": int(g[6] or 0)}}
            if g[7]:
                roll["modifiers"] = [m for m in g[7].lower().split(",") if m]
            if g[8]:
                roll["extra"] = int(g[8])
            if reason:
                roll["reason"] = reason
            if private:
                roll["private"] = True
            orders.setdefault("rolls", []).append(roll)
        elif keyword == "attach":
            names = rest.split()
            if not names:
                errors.append(_error(n, "notation.attach", "say which tables: attach alea-iacta-est.",
                                     "dites quelles tables : joindre alea-iacta-est."))
                continue
            orders.setdefault("attach", []).extend(names)
        elif keyword == "public":
            body = rest.lstrip(":").strip() if not word.endswith(":") else rest.strip()
            orders["public"] = (orders["public"] + "\n" + body) if orders.get("public") else body
        elif keyword == "private":
            target, _, body = rest.partition(":")
            if not target.strip() or not _:
                errors.append(_error(n, "notation.private", "write private <seat>: <text>.",
                                     "écrivez privé <place> : <texte>."))
                continue
            texts = orders.setdefault("private", {})
            key = target.strip()
            texts[key] = (texts[key] + "\n" + body.strip()) if texts.get(key) else body.strip()
        elif keyword == "score":
            name, eq, value = rest.partition("=")
            if not eq or not name.strip():
                errors.append(_error(n, "notation.score", "write score <name> = <value>.",
                                     "écrivez score <nom> = <valeur>."))
                continue
            orders.setdefault("scores", {})[name.strip()] = _value(value)
        elif keyword == "reveal":
            words = rest.split()
            if [fold(w) for w in words] in (["all"], ["tout"], ["tous"]):
                orders["reveal"] = "all"
            elif words:
                orders["reveal"] = words
            else:
                errors.append(_error(n, "notation.reveal", "write reveal all, or reveal R3 R5.",
                                     "écrivez révéler tout, ou révéler R3 R5."))
        elif keyword == "publish":
            orders["publish"] = True
        elif keyword == "correct":
            head_words, colon, body = rest.partition(":")
            target = head_words.split()
            correction = orders.setdefault("correct", {})
            if len(target) == 1 and _number(target[0]) is not None and colon:
                correction["turn"] = _number(target[0])
                correction["note"] = body.strip()
            elif target and fold(target[0]) == "public" and colon:
                correction["public"] = body.strip()
            elif target and fold(target[0]) in ("private", "prive") and len(target) >= 2 and colon:
                correction.setdefault("private", {})[" ".join(target[1:])] = body.strip()
            elif target and fold(target[0]) == "score" and "=" in rest:
                name, _, value = rest.split(None, 1)[1].partition("=")
                correction.setdefault("scores", {})[name.strip()] = _value(value)
            else:
                errors.append(_error(n, "notation.correct", "write correct <turn>: <note>, then correct public: ..., "
                                     "correct private <seat>: ... or correct score <name> = <value>.",
                                     "écrivez corriger <tour> : <note>, puis corriger public : ..., corriger privé "
                                     "<place> : ... ou corriger score <nom> = <valeur>."))
        elif keyword == "end":
            target, colon, body = rest.partition(":")
            if not target.strip():
                errors.append(_error(n, "notation.end", "write end <winning seat>: <why>, or end draw: <why>.",
                                     "écrivez fin <place gagnante> : <pourquoi>, ou fin nulle : <pourquoi>."))
                continue
            winner = None if fold(target) in ("draw", "nulle", "nul") else target.strip()
            orders["end"] = {"winner": winner, "note": body.strip()}
    return orders, errors


def format_master(orders: dict) -> str:
    lines = []
    for roll in orders.get("rolls") or []:
        private = "private " if roll.get("private") else ""
        reason = f": {roll['reason']}" if roll.get("reason") else ""
        if "dice" in roll:
            lines.append(f"roll {private}{roll['dice']}{reason}")
        elif "table" in roll:
            extra = ""
            if roll.get("key"):
                extra += f" for {roll['key']}"
            if roll.get("year") is not None:
                extra += f" year {roll['year']}"
            if roll.get("column"):
                extra += f" column {roll['column']}"
            if roll.get("modifier"):
                extra += f" modifier {roll['modifier']}"
            lines.append(f"roll {private}table {roll['table']}{extra}{reason}")
        elif "combat" in roll:
            a, d = roll["attacker"], roll["defender"]
            mods = f" modifiers {','.join(roll['modifiers'])}" if roll.get("modifiers") else ""
            extra = f" extra {roll['extra']}" if roll.get("extra") else ""
            lines.append(f"combat {private}{roll['combat']} {a['strength']}/{a.get('quality', 0)}/{a.get('bt', 0)} vs "
                         f"{d['strength']}/{d.get('quality', 0)}/{d.get('bt', 0)}{mods}{extra}{reason}")
    for name in orders.get("attach") or []:
        lines.append(f"attach {name}")
    for paragraph in (orders.get("public") or "").splitlines() if orders.get("public") else []:
        lines.append(f"public: {paragraph}")
    for role, text in sorted((orders.get("private") or {}).items()):
        for paragraph in text.splitlines() or [""]:
            lines.append(f"private {role}: {paragraph}")
    for name, value in (orders.get("scores") or {}).items():
        lines.append(f"score {name} = {value}")
    if orders.get("reveal"):
        lines.append("reveal all" if orders["reveal"] == "all" else "reveal " + " ".join(orders["reveal"]))
    correction = orders.get("correct")
    if correction:
        lines.append(f"correct {correction.get('turn')}: {correction.get('note', '')}")
        if correction.get("public") is not None:
            lines.append(f"correct public: {correction['public']}")
        for role, text in sorted((correction.get("private") or {}).items()):
            lines.append(f"correct private {role}: {text}")
        for name, value in (correction.get("scores") or {}).items():
            lines.append(f"correct score {name} = {value}")
    if orders.get("publish"):
        lines.append("publish")
    if orders.get("end"):
        end = orders["end"]
        lines.append(f"end {end.get('winner') or 'draw'}: {end.get('note', '')}")
    return "\n".join(lines)
