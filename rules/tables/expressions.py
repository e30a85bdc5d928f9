"""Dice expressions: ``1d6``, ``2d6+1``, ``1d6+1d10``, ``d20-2``.

An expression is a sum of terms, each a group of dice (``NdS``: N dice of S sides; ``dS``
is ``1dS``) or a whole number, joined by ``+`` or ``-``. Spaces are ignored, case too.

The dice are the game's own (``rules.dice``): every die is one roll of the ``Dice`` object
the platform passes in, derived from the committed seed, so docs/dice.md's verifier
recomputes it like any other roll. A d10 reads 0-9, as everywhere on the platform (the
Imperator series reads its d10 that way: SV 0, L24); write ``1d10+1`` for 1-10. Every
other die reads 1 to its number of sides.

A bad expression raises :class:`ExpressionError`, which carries a stable code, the path
of the faulty part and a message in English and French (``as_order_error``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.base import Message, OrderError

MAX_TERMS = 10
MAX_DICE = 50  # in one group: 50d6
MAX_SIDES = 1000
MAX_CONSTANT = 1000
MAX_LENGTH = 60

_TERM = re.compile(r"(?P<sign>[+-])?(?:(?P<count>\d*)d(?P<sides>\d+)|(?P<constant>\d+))")


class ExpressionError(ValueError):
    """A dice expression that cannot be read: ``code``, ``path``, ``message`` {en, fr}."""

    def __init__(self, code: str, en: str, fr: str, path: str = "") -> None:
        super().__init__(en)
        self.code = code
        self.path = path
        self.message = Message(en, fr)

    def as_order_error(self, path: str | None = None) -> OrderError:
        return OrderError(self.code, path if path is not None else self.path, self.message)


@dataclass(frozen=True)
class Term:
    sign: int  # +1 or -1
    count: int  # dice in the group; 0 for a constant
    sides: int  # 0 for a constant
    constant: int = 0

    @property
    def is_dice(self) -> bool:
        return self.count > 0

    def text(self) -> str:
        return f"{self.count}d{self.sides}" if self.is_dice else str(self.constant)


def face_range(sides: int) -> tuple[int, int]:
    """The faces of one die as the platform's dice read them (rules.dice: a d10 is 0-9)."""
    return (0, 9) if sides == 10 else (1, sides)


@dataclass(frozen=True)
class Expression:
    terms: tuple[Term, ...]

    def text(self) -> str:
        out = ""
        for i, term in enumerate(self.terms):
            if i == 0:
                out += ("-" if term.sign < 0 else "") + term.text()
            else:
                out += ("-" if term.sign < 0 else "+") + term.text()
        return out

    def bounds(self) -> tuple[int, int]:
        """The lowest and highest totals the expression can give."""
        low = high = 0
        for term in self.terms:
            if term.is_dice:
                lo, hi = face_range(term.sides)
                lo, hi = lo * term.count, hi * term.count
            else:
                lo = hi = term.constant
            if term.sign > 0:
                low, high = low + lo, high + hi
            else:
                low, high = low - hi, high - lo
        return low, high

    def dice_count(self) -> int:
        return sum(term.count for term in self.terms)


def parse(text, path: str = "") -> Expression:
    """Read a dice expression or raise :class:`ExpressionError` (``path``: where the
    expression sits in the order set, kept on the error)."""
    if not isinstance(text, str):
        raise ExpressionError(
            "dice.not_text", "A dice expression is text, such as 2d6+1.",
            "Une expression de dés est un texte, par exemple 2d6+1.", path)
    compact = re.sub(r"\s+", "", text).lower()
    if not compact:
        raise ExpressionError(
            "dice.empty", "The dice expression is empty: write for example 1d6 or 2d6+1.",
            "L'expression de dés est vide : écrivez par exemple 1d6 ou 2d6+1.", path)
    if len(compact) > MAX_LENGTH:
        raise ExpressionError(
            "dice.too_long", f"The dice expression is longer than {MAX_LENGTH} characters.",
            f"L'expression de dés dépasse {MAX_LENGTH} caractères.", path)
    terms: list[Term] = []
    position = 0
    while position < len(compact):
        match = _TERM.match(compact, position)
        if match is None or (terms and match.group("sign") is None):
            bad = compact[position:]
            raise ExpressionError(
                "dice.syntax",
                f"Cannot read the dice expression {text!r} from {bad!r}: write dice as NdS "
                "(2d6) and whole numbers, joined by + or -.",
                f"Impossible de lire l'expression de dés {text!r} à partir de {bad!r} : écrivez "
                "les dés NdF (2d6) et des nombres entiers, reliés par + ou -.", path)
        sign = -1 if match.group("sign") == "-" else 1
        index = len(terms)
        if match.group("sides") is not None:
            count = int(match.group("count") or "1")
            sides = int(match.group("sides"))
            if count < 1 or count > MAX_DICE:
                raise ExpressionError(
                    "dice.count", f"Term {index + 1} rolls {count} dice: roll 1 to {MAX_DICE} at a time.",
                    f"Le terme {index + 1} lance {count} dés : lancez-en de 1 à {MAX_DICE} à la fois.",
                    f"{path}/terms/{index}" if path else f"/terms/{index}")
            if sides < 2 or sides > MAX_SIDES:
                raise ExpressionError(
                    "dice.sides", f"Term {index + 1} has dice of {sides} sides: a die has 2 to {MAX_SIDES} sides.",
                    f"Le terme {index + 1} a des dés à {sides} faces : un dé a de 2 à {MAX_SIDES} faces.",
                    f"{path}/terms/{index}" if path else f"/terms/{index}")
            terms.append(Term(sign, count, sides))
        else:
            constant = int(match.group("constant"))
            if constant > MAX_CONSTANT:
                raise ExpressionError(
                    "dice.constant", f"Term {index + 1} adds {constant}: at most {MAX_CONSTANT}.",
                    f"Le terme {index + 1} ajoute {constant} : au plus {MAX_CONSTANT}.",
                    f"{path}/terms/{index}" if path else f"/terms/{index}")
            terms.append(Term(sign, 0, 0, constant))
        if len(terms) > MAX_TERMS:
            raise ExpressionError(
                "dice.too_many_terms", f"The dice expression has more than {MAX_TERMS} terms.",
                f"L'expression de dés a plus de {MAX_TERMS} termes.", path)
        position = match.end()
    if not any(term.is_dice for term in terms):
        raise ExpressionError(
            "dice.no_dice", f"The expression {text!r} rolls no die: add one, such as 1d6.",
            f"L'expression {text!r} ne lance aucun dé : ajoutez-en un, par exemple 1d6.", path)
    if sum(term.count for term in terms) > MAX_DICE:
        raise ExpressionError(
            "dice.count", f"The expression rolls more than {MAX_DICE} dice.",
            f"L'expression lance plus de {MAX_DICE} dés.", path)
    return Expression(tuple(terms))


def roll(expression: Expression | str, dice, purpose: str) -> dict:
    """Roll an expression with the game's dice. Each die is one logged roll of ``dice``
    with this ``purpose``, in the order the expression writes them. Returns
    ``{"expression", "dice": [{"sides", "value"}], "total", "first_roll"}``; ``first_roll``
    is the index of the first die in ``dice.rolls`` (the dice log of the step)."""
    if isinstance(expression, str):
        expression = parse(expression)
    first = len(dice.rolls)
    faces = []
    total = 0
    for term in expression.terms:
        if term.is_dice:
            for _ in range(term.count):
                value = dice.roll(term.sides, purpose)
                faces.append({"sides": term.sides, "value": value})
                total += term.sign * value
        else:
            total += term.sign * term.constant
    return {"expression": expression.text(), "dice": faces, "total": total, "first_roll": first}


def total_of(expression: Expression | str, values) -> int:
    """The total of an expression from the faces of its dice, in the order they were
    rolled (the values of the logged rolls): what a player recomputes after the seed is
    revealed (docs/dice.md)."""
    if isinstance(expression, str):
        expression = parse(expression)
    values = list(values)
    if len(values) != expression.dice_count():
        raise ExpressionError(
            "dice.faces", f"{expression.text()} rolls {expression.dice_count()} dice, not {len(values)}.",
            f"{expression.text()} lance {expression.dice_count()} dés, pas {len(values)}.")
    total = 0
    position = 0
    for term in expression.terms:
        if term.is_dice:
            total += term.sign * sum(values[position:position + term.count])
            position += term.count
        else:
            total += term.sign * term.constant
    return total
