"""Battles between an emperor and a barbarian army (L223-280, L376-384).

The Roman die (I-VI) plus the emperor's chain makes the imperial value; the normal die
plus the army's Revolt chain makes the barbarian value. Each other emperor linked to the
army doubles the imperial value, each other army linked to the emperor doubles the
barbarian value. Rolls are made Roman die first, then normal die.
"""

from __future__ import annotations

from rules.tetrarchia.chains import armies_connected, barbarian_support, emperors_connected, imperial_support
from rules.tetrarchia.state import NORMAL_DIE, ROMAN_DIE, Table


def galerius_bonus(imperial_base: int, mult: int, barbarian: int, allowed: int, after_multiplier: bool) -> int:
    """How many +1 Galerius spends (IMPERIVM, L436-437): the fewest that win, else the fewest
    that tie (a tie costs him nothing, a defeat his place), never more than allowed."""
    def value(k: int) -> int:
        return imperial_base * mult + k if after_multiplier else (imperial_base + k) * mult

    for k in range(allowed + 1):
        if value(k) > barbarian:
            return k
    for k in range(allowed + 1):
        if value(k) == barbarian:
            return k
    return 0


def battle(t: Table, emperor: str, emperor_at: str, army_at: str, attacker: str, bonus_allowed: int = 0) -> str:
    """Fight one battle; returns ``"emperor"``, ``"army"`` or ``"tie"``. The consequences
    are the caller's (they differ between the phases)."""
    st, brd = t.st, t.board
    roman = t.roll(ROMAN_DIE, "battle")
    normal = t.roll(NORMAL_DIE, "battle")
    imp_support = imperial_support(st, brd, emperor, emperor_at)
    bar_support = barbarian_support(st, brd, army_at)
    mult = t.tab["combat_multiplier"]
    imp_mult = mult ** emperors_connected(st, brd, army_at, besides=emperor)
    bar_mult = mult ** armies_connected(st, brd, emperor_at, besides=army_at)
    barbarian = (normal + bar_support) * bar_mult
    bonus = 0
    if emperor == "galerius" and st["options"].get("imperivm") and bonus_allowed > 0:
        allowed = min(bonus_allowed, st["emperors"]["galerius"]["discs"])
        bonus = galerius_bonus(roman + imp_support, imp_mult, barbarian, allowed,
                               st["options"].get("galerius_bonus") == "after_multiplier")
        if bonus:
            st["emperors"]["galerius"]["discs"] -= bonus
            st["emperors"]["galerius"]["retired"] += bonus
            t.emit("imperium", emperor="galerius", power="combat_bonus", bonus=bonus)
        else:  # offered (his order, or his standing choice when an army attacks), not spent
            t.emit("bonus_unused", emperor="galerius", power="combat_bonus", standing=attacker == "army",
                   why="no_discs" if allowed <= 0 else "no_difference")
    if st["options"].get("galerius_bonus") == "after_multiplier":
        imperial = (roman + imp_support) * imp_mult + bonus
    else:
        imperial = (roman + imp_support + bonus) * imp_mult
    winner = "emperor" if imperial > barbarian else "army" if barbarian > imperial else "tie"
    t.emit("battle", attacker=attacker, emperor=emperor, emperor_at=emperor_at, army_at=army_at,
           roman_die=roman, imperial_support=imp_support, imperial_multiplier=imp_mult, bonus=bonus,
           imperial=imperial, normal_die=normal, barbarian_support=bar_support,
           barbarian_multiplier=bar_mult, barbarian=barbarian, winner=winner)
    _glory(t, emperor, winner, attacker)
    return winner


def _glory(t: Table, emperor: str, winner: str, attacker: str) -> None:
    """LE GRAND (L477-480): a grey disc of glory for the emperor who leads a victory, one
    given back by the one who leads a defeat (DECISIONS.md D14 for defensive battles)."""
    st = t.st
    if not st["options"].get("le_grand") or winner == "tie":
        return
    if attacker == "army" and not st["options"].get("glory_in_defence", True):
        return
    me = st["emperors"][emperor]
    if winner == "emperor":
        if st["reserve"]["unrest"] > 0:
            st["reserve"]["unrest"] -= 1
            me["glory"] += 1
            t.emit("glory", emperor=emperor, change=1, glory=me["glory"])
    elif me["glory"] > 0:
        me["glory"] -= 1
        st["reserve"]["unrest"] += 1
        t.emit("glory", emperor=emperor, change=-1, glory=me["glory"])
