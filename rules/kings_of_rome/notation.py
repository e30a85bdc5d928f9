"""The text notation of an order set (reply-by-email, the text-only page).

One instruction a line, in any case; ``#`` starts a comment. Names may be ids or printed
names (``alba-longa``, ``Alba Longa``); hexes are their four digits. What the lines mean
depends on the decision asked for::

    # every kind: standing policies
    policy tactic ask                     policy king_reroll none
    policy gentes latina romilia iulia    policy leader_front no

    # candidates (election turns)
    candidate latina rex romilia
    candidate latina pontifex iulia
    bid sabina 2

    # political (the King, the head of the Senate)
    magister mp sabina            general          secret-name        consent yes
    recruit rex 2 1               fides volsci antium
    tribune tp1 direct etrusca people volsci
    tribune tp2 rogatio defend
    tribune tc volsca city antium join rex
    promote u12                   garrison ostia   transfer ostia antium 1

    # actions: a block per army (its id), then its actions in order
    army f3
    move 4107 4208 4309           # a path of hexes (or: move to 4309)
    intimidate veii to 4206
    siege alba-longa path 3907 surrender garrison target leader
    negotiate gabii to 3908
    move to 3112 battle attack spolia
    detach tp1 u03 u04
    merge f5
    sail classis-1 4004 4003 3904
    end
    fleet classis-2
    sail 4004 4003

    # battle
    tactic attack                 leader-box centre   leader mp   front u01 u02 u03
    cavalry u40 u41               # the vanguard pairs, yours in this order (A-43)
    withdraw                      spolia

    # triumph vote
    accept                        (or: refuse)

    # expeditions: a block per force
    force f40 auto
    force f41
    move 3813 3812
    attack lavinium path 3905
"""

from __future__ import annotations

import unicodedata

from rules.base import Message, OrderError
from rules.kings_of_rome.data import CURIAE, data
from rules.kings_of_rome.messages import error
from rules.kings_of_rome.policies import SPEC

TACTICS = {"attack": "attack", "attaque": "attack", "defence": "defence", "defense": "defence", "défense": "defence",
           "ask": "ask"}
YES = {"yes": True, "oui": True, "on": True, "true": True, "no": False, "non": False, "off": False, "false": False}


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def _index() -> dict[str, dict[str, str]]:
    d = data()
    idx: dict[str, dict[str, str]] = {"city": {}, "gens": {}, "curia": {}, "people": {}, "leader": {}}
    for cid, rec in d.cities.items():
        idx["city"][_norm(cid)] = cid
        idx["city"][_norm(rec["name"]["en"])] = cid
    for gid, rec in d.gentes.items():
        idx["gens"][_norm(gid)] = gid
        idx["gens"][_norm(rec["name"]["en"])] = gid
    for c, rec in d.curiae.items():
        for n in (c, rec["name"]["en"], rec["name"]["fr"], rec["people"]):
            idx["curia"][_norm(n)] = c
    for p, rec in d.peoples.items():
        for n in (p, rec["name"]["en"], rec["name"]["fr"]):
            idx["people"][_norm(n)] = p
    for lid, rec in d.leaders.items():
        idx["leader"][_norm(lid)] = lid
        idx["leader"][_norm(rec["name"]["en"])] = lid
    return idx


_IDX: dict | None = None


def idx() -> dict:
    global _IDX
    if _IDX is None:
        _IDX = _index()
    return _IDX


def _lookup(kind: str, words: list[str]) -> tuple[str | None, list[str]]:
    """The longest run of leading words naming a thing of that kind, and the words left."""
    table = idx()[kind]
    for n in range(len(words), 0, -1):
        key = _norm(" ".join(words[:n]))
        if key in table:
            return table[key], words[n:]
    return None, words


def _bad(n: int, word: str, en: str, fr: str) -> OrderError:
    return OrderError("notation.arguments", f"line:{n}", Message(f"{word}: {en}", f"{word} : {fr}"))


# -- parsing ---------------------------------------------------------------------------------------


def parse_orders(text, state, role) -> tuple[dict, list[OrderError]]:
    pending = (state or {}).get("pending") or {}
    kind = pending.get("kind")
    orders: dict = {}
    errors: list[OrderError] = []
    block: tuple[str, str] | None = None  # ("army"|"fleet"|"force", id)
    for n, raw in enumerate(str(text or "").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.replace(",", " ").split()
        if not words:
            continue
        word = words[0].lower()
        rest = words[1:]
        try:
            if word == "policy":
                _policy(orders, rest, n, errors)
            elif word == "candidate":
                curia, rest2 = _lookup("curia", rest)
                if curia is None or len(rest2) < 2:
                    errors.append(_bad(n, word, "candidate CURIA OFFICE GENS", "candidate CURIE FONCTION GENS"))
                    continue
                office = rest2[0].lower()
                gens, left = _lookup("gens", rest2[1:])
                if gens is None or left:
                    errors.append(_bad(n, word, f"unknown Gens {' '.join(rest2[1:])}", f"Gens inconnue {' '.join(rest2[1:])}"))
                    continue
                orders.setdefault("candidates", {}).setdefault(curia, {})[office] = gens
            elif word == "bid":
                curia, rest2 = _lookup("curia", rest)
                if curia is None or len(rest2) != 1 or not rest2[0].isdigit():
                    errors.append(_bad(n, word, "bid CURIA N", "bid CURIE N"))
                    continue
                orders.setdefault("bids", {})[curia] = int(rest2[0])
            elif word == "magister":
                curia, left = _lookup("curia", rest[1:]) if rest else (None, [])
                if not rest or curia is None or left:
                    errors.append(_bad(n, word, "magister mp|me CURIA", "magister mp|me CURIE"))
                    continue
                orders.setdefault("magistri", []).append({"office": rest[0].lower(), "curia": curia})
            elif word == "general" and (not rest or (len(rest) == 1 and rest[0].lower() in YES)):
                orders["general"] = YES[rest[0].lower()] if rest else True
            elif word in ("secret-name", "secret_name", "nom-secret") and (not rest or (len(rest) == 1 and rest[0].lower() in YES)):
                orders["secret_name"] = YES[rest[0].lower()] if rest else True
            elif word == "consent" and len(rest) == 1 and rest[0].lower() in YES:
                orders["consent"] = YES[rest[0].lower()]
            elif word == "recruit":
                if len(rest) != 3 or not rest[1].isdigit() or not rest[2].isdigit():
                    errors.append(_bad(n, word, "recruit OFFICE INFANTRY CAVALRY", "recruit FONCTION INFANTERIE CAVALERIE"))
                    continue
                orders.setdefault("recruit", []).append({"office": rest[0].lower(), "inf": int(rest[1]), "cav": int(rest[2])})
            elif word == "fides":
                if rest and rest[0].lower() in ("none", "rien", "aucune"):
                    orders["fides"] = {"nation": None}
                    continue
                nation, left = _lookup("people", rest)
                city, left2 = _lookup("city", left) if left else (None, [])
                if nation is None or (left and (city is None or left2)):
                    errors.append(_bad(n, word, "fides NATION [CITY] or fides none", "fides NATION [VILLE] ou fides none"))
                    continue
                orders["fides"] = {"nation": nation, **({"city": city} if city else {})}
            elif word == "tribune":
                order = _tribune(rest, n, errors)
                if order:
                    orders.setdefault("tribunes", []).append(order)
            elif word == "promote" and len(rest) == 1:
                orders.setdefault("promote", []).append(rest[0].lower())
            elif word == "garrison":
                city, left = _lookup("city", rest)
                if city is None or left:
                    errors.append(_bad(n, word, "garrison CITY", "garrison VILLE"))
                    continue
                orders.setdefault("garrison", []).append(city)
            elif word == "transfer":
                a, left = _lookup("city", rest)
                b, left2 = _lookup("city", left)
                if a is None or b is None or len(left2) != 1 or not left2[0].isdigit():
                    errors.append(_bad(n, word, "transfer CITY CITY POINTS", "transfer VILLE VILLE POINTS"))
                    continue
                orders.setdefault("transfer", []).append({"from": a, "to": b, "points": int(left2[0])})
            elif word in ("army", "armee", "armée", "fleet", "flotte") and rest:
                kind = "army" if word.startswith("arm") else "fleet"
                block = (kind, rest[0].lower())
                orders.setdefault("armies" if kind == "army" else "fleets", {}).setdefault(block[1], [])
                if len(rest) > 1:  # one line: "army f3 move to 4107"
                    action = _action(rest[1].lower(), rest[2:], n, errors, kind)
                    if action is not None:
                        orders["armies" if kind == "army" else "fleets"][block[1]].append(action)
            elif word == "force" and rest:
                fid = rest[0].lower()
                if len(rest) == 2 and rest[1].lower() == "auto":
                    orders.setdefault("forces", {})[fid] = "auto"
                    block = None
                else:
                    block = ("force", fid)
                    if not isinstance(orders.setdefault("forces", {}).get(fid), list):
                        orders["forces"][fid] = []
                    if len(rest) > 1:
                        action = _action(rest[1].lower(), rest[2:], n, errors, "force")
                        if action is not None:
                            orders["forces"][fid].append(action)
            elif word in ("move", "intimidate", "siege", "negotiate", "detach", "merge", "sail", "end", "attack") and block:
                action = _action(word, rest, n, errors, block[0])
                if action is None:
                    continue
                if block[0] == "army":
                    orders["armies"][block[1]].append(action)
                elif block[0] == "fleet":
                    orders["fleets"][block[1]].append(action)
                else:
                    orders["forces"][block[1]].append(action)
            elif word == "tactic" and len(rest) == 1 and rest[0].lower() in TACTICS:
                orders["tactic"] = TACTICS[rest[0].lower()]
            elif word in ("withdraw", "spolia") and (not rest or (len(rest) == 1 and rest[0].lower() in YES)):
                orders[word] = YES[rest[0].lower()] if rest else True
            elif word == "leader" and len(rest) == 1:
                orders["leader"] = rest[0].lower()
            elif word in ("leader-box", "leader_box") and len(rest) == 1:
                orders["leader_box"] = rest[0].lower()
            elif word == "front" and rest:
                orders["front"] = [w.lower() for w in rest]
            elif word == "cavalry" and rest:  # several lines add up (one a pick of the ranked question)
                orders.setdefault("cavalry", []).extend(w.lower() for w in rest)
            elif word in ("accept", "accepte") and not rest:
                orders["accept"] = True
            elif word in ("refuse", "reject", "refuser") and not rest:
                orders["accept"] = False
            else:
                errors.append(error("notation.unknown_line", f"line:{n}", text=line[:80]))
        except (ValueError, IndexError, KeyError):
            errors.append(error("notation.unknown_line", f"line:{n}", text=line[:80]))
    del kind
    return orders, errors


def _policy(orders: dict, rest: list[str], n: int, errors: list) -> None:
    if not rest:
        errors.append(_bad(n, "policy", "policy KEY VALUE", "policy CLÉ VALEUR"))
        return
    key = rest[0].lower().replace("-", "_")
    if key not in SPEC:
        errors.append(_bad(n, "policy", f"unknown policy {rest[0]}", f"consigne inconnue {rest[0]}"))
        return
    values = rest[1:]
    if key == "gentes":
        curia, left = _lookup("curia", values)
        gentes = []
        while left:
            g, left2 = _lookup("gens", left[:1])
            if g is None:
                errors.append(_bad(n, "policy", f"unknown Gens {left[0]}", f"Gens inconnue {left[0]}"))
                return
            gentes.append(g)
            left = left[1:]
        if curia is None:
            errors.append(_bad(n, "policy", "policy gentes CURIA GENS...", "policy gentes CURIE GENS..."))
            return
        orders.setdefault("policy", {}).setdefault("gentes", {})[curia] = gentes
        return
    if len(values) != 1:
        errors.append(_bad(n, "policy", f"policy {key} VALUE", f"policy {key} VALEUR"))
        return
    v = values[0].lower()
    allowed = SPEC[key][1]
    if allowed is bool:
        if v not in YES:
            errors.append(_bad(n, "policy", f"{key} is yes or no", f"{key} vaut yes ou no"))
            return
        value = YES[v]
    elif allowed == "ip":
        if v in ("none", "never", "jamais"):
            value = None
        elif v.isdigit():
            value = int(v)
        else:
            errors.append(_bad(n, "policy", f"{key} is a number or none", f"{key} est un nombre ou none"))
            return
    else:
        value = TACTICS.get(v, v) if key == "tactic" else v
    orders.setdefault("policy", {})[key] = value


def _praeceptum(words: list[str]) -> tuple[dict | None, list[str]]:
    if not words:
        return None, words
    head = words[0].lower()
    if head in ("defend", "defense", "defence", "défense"):
        return {"defend": True}, words[1:]
    if head == "fides":
        return {"fides": True}, words[1:]
    if head == "people":
        p, left = _lookup("people", words[1:])
        return ({"people": p}, left) if p else (None, words)
    if head == "city":
        c, left = _lookup("city", words[1:])
        return ({"city": c}, left) if c else (None, words)
    return None, words


def _tribune(rest: list[str], n: int, errors: list) -> dict | None:
    usage = ("tribune OFFICE [direct|rogatio] [CURIA] defend|people P|city C [join OFFICE]",
             "tribune FONCTION [direct|rogatio] [CURIE] defend|people P|city C [join FONCTION]")
    if not rest:
        errors.append(_bad(n, "tribune", *usage))
        return None
    order: dict = {"office": rest[0].lower()}
    words = rest[1:]
    if words and words[0].lower() in ("direct", "rogatio"):
        order["how"] = words[0].lower()
        words = words[1:]
    curia, left = _lookup("curia", words[:1]) if words else (None, words)
    if curia is not None:
        order["curia"] = curia
        words = words[1:]
    pr, words = _praeceptum(words)
    if pr is None:
        errors.append(_bad(n, "tribune", *usage))
        return None
    order["praeceptum"] = pr
    if len(words) == 2 and words[0].lower() == "join":
        order["join"] = words[1].lower()
        words = []
    if words:
        errors.append(_bad(n, "tribune", *usage))
        return None
    return order


def _hexes(words: list[str]) -> tuple[list[str], list[str]]:
    out = []
    while words and words[0].isdigit() and len(words[0]) == 4:
        out.append(words[0])
        words = words[1:]
    return out, words


def _action(word: str, rest: list[str], n: int, errors: list, block: str) -> dict | None:
    act = word
    action: dict = {"act": act}
    words = list(rest)
    if act == "end":
        return action if not words else None
    if act == "detach":
        if len(words) < 3:
            errors.append(_bad(n, word, "detach OFFICE UNIT UNIT...", "detach FONCTION UNITÉ UNITÉ..."))
            return None
        return {"act": "detach", "office": words[0].lower(), "units": [w.lower() for w in words[1:]]}
    if act == "merge":
        if len(words) != 1:
            errors.append(_bad(n, word, "merge FORCE", "merge FORCE"))
            return None
        return {"act": "merge", "force": words[0].lower()}
    if act == "sail":
        if block == "army":
            if not words:
                errors.append(_bad(n, word, "sail FLEET HEX...", "sail FLOTTE HEX..."))
                return None
            path, left = _hexes(words[1:])
            if left:
                errors.append(_bad(n, word, "sail FLEET HEX...", "sail FLOTTE HEX..."))
                return None
            return {"act": "sail", "fleet": words[0].lower(), "path": path}
        path, left = _hexes(words)
        if left or not path:
            errors.append(_bad(n, word, "sail HEX...", "sail HEX..."))
            return None
        return {"act": "sail", "path": path}
    if act in ("intimidate", "siege", "negotiate", "attack"):
        city, words = _lookup("city", words)
        if city is None:
            errors.append(_bad(n, word, f"{word} CITY [to HEX | path HEX...]", f"{word} VILLE [to HEX | path HEX...]"))
            return None
        action["city"] = city
    if act == "move" or act in ("intimidate", "siege", "negotiate", "attack"):
        if words and words[0].lower() == "to" and len(words) >= 2:
            action["to"] = words[1]
            words = words[2:]
        elif words and words[0].lower() == "path":
            path, words = _hexes(words[1:])
            action["path"] = path
        elif act == "move":
            path, words = _hexes(words)
            if not path:
                errors.append(_bad(n, word, "move HEX... | move to HEX", "move HEX... | move to HEX"))
                return None
            action["path"] = path
    while words:
        w = words[0].lower()
        if w == "battle" and len(words) >= 2 and words[1].lower() in TACTICS:
            action.setdefault("battle", {})["tactic"] = TACTICS[words[1].lower()]
            words = words[2:]
        elif w == "spolia":
            action.setdefault("battle", {})["spolia"] = True
            words = words[1:]
        elif w in ("surrender", "target") and len(words) >= 2 and words[1].lower() in ("garrison", "leader"):
            action[w] = words[1].lower()
            words = words[2:]
        elif w == "target" and len(words) >= 2 and block == "force":
            action["target"] = words[1].lower()
            words = words[2:]
        else:
            errors.append(_bad(n, word, f"cannot read '{' '.join(words)}'", f"illisible : '{' '.join(words)}'"))
            return None
    return action


# -- formatting ---------------------------------------------------------------------------------------


def _fmt_value(v) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if v is None:
        return "none"
    return str(v)


def _fmt_praeceptum(pr: dict) -> str:
    if pr.get("defend"):
        return "defend"
    if pr.get("fides"):
        return "fides"
    if pr.get("city"):
        return f"city {pr['city']}"
    return f"people {pr.get('people')}"


def _fmt_action(a: dict) -> str:
    act = a.get("act")
    if act == "end":
        return "end"
    if act == "detach":
        return " ".join(["detach", a["office"]] + list(a["units"]))
    if act == "merge":
        return f"merge {a['force']}"
    if act == "sail":
        head = ["sail"] + ([a["fleet"]] if a.get("fleet") else [])
        return " ".join(head + list(a.get("path") or []))
    parts = [act]
    if a.get("city"):
        parts.append(a["city"])
    if "to" in a:
        parts += ["to", a["to"]]
    elif "path" in a:
        parts += (["path"] if act != "move" else []) + list(a["path"])
    battle = a.get("battle") or {}
    if "tactic" in battle:
        parts += ["battle", battle["tactic"]]
    if battle.get("spolia"):
        parts.append("spolia")
    for key in ("surrender", "target"):
        if key in a:
            parts += [key, a[key]]
    return " ".join(parts)


def format_orders(orders: dict) -> str:
    lines = []
    for curia, offices in sorted((orders.get("candidates") or {}).items()):
        for office, gens in sorted(offices.items()):
            lines.append(f"candidate {curia} {office} {gens}")
    for curia, b in sorted((orders.get("bids") or {}).items()):
        lines.append(f"bid {curia} {b}")
    for m in orders.get("magistri") or []:
        lines.append(f"magister {m['office']} {m['curia']}")
    if "general" in orders:
        lines.append("general" if orders["general"] else "general no")
    if "secret_name" in orders:
        lines.append("secret-name" if orders["secret_name"] else "secret-name no")
    if "consent" in orders:
        lines.append(f"consent {_fmt_value(orders['consent'])}")
    for r in orders.get("recruit") or []:
        lines.append(f"recruit {r['office']} {r.get('inf', 0)} {r.get('cav', 0)}")
    if "fides" in orders:
        f = orders["fides"] or {}
        lines.append("fides none" if not f.get("nation") else " ".join(["fides", f["nation"]] + ([f["city"]] if f.get("city") else [])))
    for tr in orders.get("tribunes") or []:
        parts = ["tribune", tr["office"]]
        if tr.get("how"):
            parts.append(tr["how"])
        if tr.get("curia"):
            parts.append(tr["curia"])
        parts.append(_fmt_praeceptum(tr.get("praeceptum") or {"defend": True}))
        if tr.get("join"):
            parts += ["join", tr["join"]]
        lines.append(" ".join(parts))
    for uid in orders.get("promote") or []:
        lines.append(f"promote {uid}")
    for cid in orders.get("garrison") or []:
        lines.append(f"garrison {cid}")
    for tr in orders.get("transfer") or []:
        lines.append(f"transfer {tr['from']} {tr['to']} {tr.get('points', 1)}")
    for fid, plan in sorted((orders.get("armies") or {}).items()):
        lines.append(f"army {fid}")
        lines += [_fmt_action(a) for a in plan]
    for sid, plan in sorted((orders.get("fleets") or {}).items()):
        lines.append(f"fleet {sid}")
        lines += [_fmt_action(a) for a in plan]
    for fid, plan in sorted((orders.get("forces") or {}).items()):
        if plan == "auto":
            lines.append(f"force {fid} auto")
            continue
        lines.append(f"force {fid}")
        for a in plan:
            text = _fmt_action(a)
            if a.get("target") and a.get("act") == "move":
                text += f" target {a['target']}"
            lines.append(text)
    if "tactic" in orders:
        lines.append(f"tactic {orders['tactic']}")
    for key in ("withdraw", "spolia"):
        if key in orders:
            lines.append(key if orders[key] else f"{key} no")
    if "leader" in orders:
        lines.append(f"leader {orders['leader']}")
    if "leader_box" in orders:
        lines.append(f"leader-box {orders['leader_box']}")
    if orders.get("front"):
        lines.append(" ".join(["front"] + list(orders["front"])))
    if orders.get("cavalry"):
        lines.append(" ".join(["cavalry"] + list(orders["cavalry"])))
    if "accept" in orders:
        lines.append("accept" if orders["accept"] else "refuse")
    for key, value in sorted((orders.get("policy") or {}).items()):
        if key == "gentes":
            for curia, ranked in sorted(value.items()):
                lines.append(" ".join(["policy", "gentes", curia] + list(ranked)))
        else:
            lines.append(f"policy {key} {_fmt_value(value)}")
    return "\n".join(lines)


_ = CURIAE
