"""The text notation of an order set (reply-by-email, the accessible page).

One instruction a line, in any case; ``#`` starts a comment. Provinces, sea zones and
emperors are written by id or by printed name (``GERMANIA SVPERIOR``, ``germania-superior``
and ``Germania Superior`` are one province; V and U are the same letter)::

    enter capital            # off the board: at Rome (the default) or the capital
    imperium                 # IMPERIVM: switch on the power for this turn
    patres                   # PATRES PATRIAE: take (Diocletian) or give (Constantius) 1 PI
    move lugdunensis         # by the cheapest way; "move baetica by sea" forces the fleet
    sail internum aegaeum    # a fleet from one zone to the next ("sail internum to aegaeum")
    protect
    subdue                   # remove the disc; "subdue reduce" turns Revolt into Unrest
    attack narbonensis       # "attack narbonensis bonus 2" for Galerius under IMPERIVM
    move-other galerius macedonia
    standing constantius block on
    standing galerius defend-bonus 1
    end                      # end the turn even if an attack is won with PI left
    fleets internum aegaeum  # the opening fleet placement
"""

from __future__ import annotations

import unicodedata

from rules.base import Message, OrderError
from rules.tetrarchia.data import EMPEROR_ORDER, board, emperors
from rules.tetrarchia.messages import error


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split()).replace("v", "u")


def _province_index() -> dict[str, str]:
    brd = board()
    index = {}
    for pid, p in brd.provinces.items():
        index[_norm(pid)] = pid
        index[_norm(p.name)] = pid
    return index


def _zone_index() -> dict[str, str]:
    index = {}
    for zid, s in board().seas.items():
        index[_norm(zid)] = zid
        index[_norm(s.name)] = zid
    return index


def _emperor_index() -> dict[str, str]:
    index = {}
    for eid, e in emperors().items():
        for name in (eid, e.name_en, e.name_fr):
            index[_norm(name)] = eid
    return index


def _lookup(index: dict, words: list[str]) -> tuple[str | None, list[str]]:
    """The longest run of leading words naming an entry, and the words left."""
    for n in range(len(words), 0, -1):
        key = _norm(" ".join(words[:n]))
        if key in index:
            return index[key], words[n:]
    return None, words


def _bad(n: int, word: str, en: str, fr: str) -> OrderError:
    return OrderError("notation.arguments", f"line:{n}", Message(f"{word}: {en}", f"{word} : {fr}"))


def _by(rest: list[str], n: int, word: str, errors: list) -> str | None:
    if not rest:
        return None
    if len(rest) == 2 and rest[0].lower() == "by" and rest[1].lower() in ("land", "sea"):
        return rest[1].lower()
    errors.append(_bad(n, word, "after the province, only 'by land' or 'by sea'.",
                       "après la province, seulement 'by land' ou 'by sea'."))
    return None


def parse_orders(text: str, state: dict, role: str) -> tuple[dict, list[OrderError]]:
    provinces, zones, emps = _province_index(), _zone_index(), _emperor_index()
    orders: dict = {"actions": []}
    errors: list[OrderError] = []
    lines: dict = {"actions": []}
    fleets_phase = state.get("phase") == "fleets"
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith(">"):
            continue
        words = line.replace(",", " ").split()
        if not words:  # only separators (",,,"): nothing said on this line
            continue
        word, rest = words[0].lower().replace("_", "-"), words[1:]
        count = len(orders["actions"])
        if word in ("pass", "passe") and not rest:  # nothing more to do: the phase ends
            continue
        if word == "fleets":
            found, ok = [], True
            i = 0
            while i < len(rest):
                zone, left = _lookup(zones, rest[i:])
                if zone is None:
                    ok = False
                    break
                found.append(zone)
                i = len(rest) - len(left)
            if not ok or not found:
                errors.append(_bad(n, word, "name one sea zone per fleet.", "nommez une zone maritime par flotte."))
            orders.setdefault("fleets", []).extend(found)  # a repeated line adds fleets
        elif word == "enter":
            where = rest[0].lower() if len(rest) == 1 else ""
            where = {"rome": "roma", "roma": "roma", "capital": "capital", "capitale": "capital"}.get(where)
            if where is None:
                errors.append(_bad(n, word, "enter roma or enter capital.", "enter roma ou enter capital."))
            else:
                orders["enter"] = where
        elif word in ("imperium", "imperivm", "patres", "end") and not rest:
            orders[{"imperivm": "imperium"}.get(word, word)] = True
        elif word == "move":
            pid, left = _lookup(provinces, rest)
            if pid is None:
                errors.append(_bad(n, word, "name a province.", "nommez une province."))
                continue
            action = {"act": "move", "to": pid}
            by = _by(left, n, word, errors)
            if by:
                action["by"] = by
            orders["actions"].append(action)
        elif word == "move-other":
            emp, left = _lookup(emps, rest)
            pid, left = _lookup(provinces, left)
            if emp is None or pid is None:
                errors.append(_bad(n, word, "name an emperor, then a province.", "nommez un Empereur, puis une province."))
                continue
            action = {"act": "move_other", "emperor": emp, "to": pid}
            by = _by(left, n, word, errors)
            if by:
                action["by"] = by
            orders["actions"].append(action)
        elif word == "sail":
            src, left = _lookup(zones, rest)
            if left and left[0].lower() == "to":
                left = left[1:]
            dst, left = _lookup(zones, left)
            if src is None or dst is None or left:
                errors.append(_bad(n, word, "sail <zone> <zone>.", "sail <zone> <zone>."))
                continue
            orders["actions"].append({"act": "sail", "from": src, "to": dst})
        elif word == "protect" and not rest:
            orders["actions"].append({"act": "protect"})
        elif word == "subdue":
            how = rest[0].lower() if rest else "remove"
            if len(rest) > 1 or how not in ("remove", "reduce"):
                errors.append(_bad(n, word, "subdue, subdue remove or subdue reduce.", "subdue, subdue remove ou subdue reduce."))
                continue
            orders["actions"].append({"act": "subdue", "how": how})
        elif word == "attack":
            pid, left = _lookup(provinces, rest)
            action = {"act": "attack", "target": pid}
            if left and len(left) == 2 and left[0].lower() == "bonus" and left[1].isdigit():
                action["bonus"] = int(left[1])
            elif left:
                pid = None
            if pid is None:
                errors.append(_bad(n, word, "attack <province> [bonus N].", "attack <province> [bonus N]."))
                continue
            orders["actions"].append(action)
        elif word == "standing":
            emp, left = _lookup(emps, rest)
            choice = _standing_choice(emp, left)
            if choice is None:
                errors.append(_bad(n, word, "standing constantius block on|off, or standing galerius defend-bonus N.",
                                   "standing constantius block on|off, ou standing galerius defend-bonus N."))
                continue
            orders.setdefault("standing", {}).setdefault(emp, {}).update(choice)
        else:
            errors.append(error("notation.unknown_line", f"line:{n}", text=line))
        if len(orders["actions"]) > count:
            lines["actions"].append(n)
        elif word in ("fleets", "enter", "imperium", "imperivm", "patres", "end", "standing"):
            lines[{"imperivm": "imperium"}.get(word, word)] = n
    if fleets_phase:
        orders = {"fleets": orders.get("fleets", [])}
    if not errors and state is not None and role is not None:
        from rules.tetrarchia.turns import validate

        errors = [_on_line(e, lines) for e in validate(state, role, orders)]
    return orders, errors


def _on_line(err: OrderError, lines: dict) -> OrderError:
    """Point a validation error at the line it comes from (``/actions/2/to`` -> ``line:N``)."""
    parts = [p for p in err.path.split("/") if p]
    n = 0
    if parts and parts[0] == "actions":
        acts = lines["actions"]
        if len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < len(acts):
            n = acts[int(parts[1])]
        elif acts:
            n = acts[-1]
    elif parts:
        n = lines.get(parts[0], 0)
    return OrderError(err.code, f"line:{n}", err.message)


def _standing_choice(emp: str | None, words: list[str]) -> dict | None:
    words = [w.lower() for w in words]
    if emp == "constantius" and len(words) == 2 and words[0] == "block" and words[1] in ("on", "off"):
        return {"block": words[1] == "on"}
    if emp == "galerius" and len(words) == 2 and words[0] == "defend-bonus" and words[1].isdigit():
        return {"defend_bonus": int(words[1])}
    return None


def format_orders(orders: dict) -> str:
    lines = []
    if "fleets" in orders:
        lines.append("fleets " + " ".join(orders["fleets"]))
    if orders.get("enter"):
        lines.append(f"enter {orders['enter']}")
    for flag in ("imperium", "patres"):
        if orders.get(flag):
            lines.append(flag)
    for emp in EMPEROR_ORDER:
        for field, value in sorted((orders.get("standing") or {}).get(emp, {}).items()):
            if field == "block":
                lines.append(f"standing {emp} block {'on' if value else 'off'}")
            else:
                lines.append(f"standing {emp} defend-bonus {value}")
    for a in orders.get("actions", []):
        act = a.get("act")
        if act == "move":
            lines.append(f"move {a['to']}" + (f" by {a['by']}" if a.get("by") else ""))
        elif act == "move_other":
            lines.append(f"move-other {a['emperor']} {a['to']}" + (f" by {a['by']}" if a.get("by") else ""))
        elif act == "sail":
            lines.append(f"sail {a['from']} {a['to']}")
        elif act == "protect":
            lines.append("protect")
        elif act == "subdue":
            lines.append("subdue" + (" reduce" if a.get("how") == "reduce" else ""))
        elif act == "attack":
            lines.append(f"attack {a['target']}" + (f" bonus {a['bonus']}" if a.get("bonus") else ""))
    if orders.get("end"):
        lines.append("end")
    return "\n".join(lines or ["pass"])
