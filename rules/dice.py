"""Dice: an object passed into the engine, never a global ``random``.

* :class:`HmacDice` derives every roll from a per-game secret seed with HMAC-SHA-256
  over (step, roll number), with rejection sampling so each face is equally likely.
  The server publishes ``commitment(seed)`` when the game starts and reveals the seed
  when it ends; anyone can then recompute every roll with :func:`verify_rolls`.
* :class:`LoadedDice` plays a fixed sequence (adjudicator cases, tests).

Every roll is recorded in ``dice.rolls`` (sides, value, purpose) so the platform can
log it. A d10 in the SMC games reads 0–9 (SV 0, L24); a d6 reads 1–6.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Sequence


class DiceExhausted(Exception):
    """Loaded dice ran out: an adjudicator case expected fewer rolls than the engine made."""


@dataclass(frozen=True)
class Roll:
    n: int
    sides: int
    value: int
    purpose: str

    def as_dict(self) -> dict:
        return {"n": self.n, "sides": self.sides, "value": self.value, "purpose": self.purpose}


def _face_range(sides: int) -> tuple[int, int]:
    """d10 faces are 0..9 (SV L24); every other die is 1..sides."""
    return (0, 9) if sides == 10 else (1, sides)


class Dice:
    """Base: subclasses provide ``_draw(bound)`` -> an int in ``[0, bound)``."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def _draw(self, bound: int, purpose: str) -> int:
        raise NotImplementedError

    def roll(self, sides: int, purpose: str = "") -> int:
        low, high = _face_range(sides)
        value = low + self._draw(high - low + 1, purpose)
        self.rolls.append(Roll(len(self.rolls), sides, value, purpose))
        return value

    def d6(self, purpose: str = "") -> int:
        return self.roll(6, purpose)

    def d10(self, purpose: str = "") -> int:
        return self.roll(10, purpose)

    def pick(self, items: Sequence, purpose: str = ""):
        """Draw one item uniformly (a counter from the bowl). ``items`` must be sorted
        by the caller so the draw never depends on hash order."""
        if not items:
            raise ValueError("cannot pick from an empty sequence")
        index = self._draw(len(items), purpose)
        self.rolls.append(Roll(len(self.rolls), len(items), index, "pick:" + purpose))
        return items[index]


class HmacDice(Dice):
    """Rolls derived from ``HMAC-SHA-256(key=seed, msg="step:roll:attempt")``."""

    def __init__(self, seed: bytes, step: int) -> None:
        super().__init__()
        self.seed = seed
        self.step = step
        self._counter = 0

    def _draw(self, bound: int, purpose: str) -> int:
        n = self._counter
        self._counter += 1
        return hmac_draw(self.seed, self.step, n, bound)


def hmac_draw(seed: bytes, step: int, n: int, bound: int) -> int:
    """Uniform integer in ``[0, bound)`` for roll ``n`` of ``step``: take 64-bit words of
    successive HMACs and reject those in the biased tail."""
    if bound <= 0:
        raise ValueError("bound must be positive")
    limit = (2**64 // bound) * bound
    attempt = 0
    while True:
        digest = hmac.new(seed, f"{step}:{n}:{attempt}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 8):
            word = int.from_bytes(digest[i : i + 8], "big")
            if word < limit:
                return word % bound
        attempt += 1


class LoadedDice(Dice):
    """A fixed sequence of face values (for ``pick``, the index into the items)."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__()
        self.values = list(values)
        self.position = 0

    def _draw(self, bound: int, purpose: str) -> int:
        if self.position >= len(self.values):
            raise DiceExhausted(f"loaded dice ran out at roll {self.position} ({purpose})")
        value = self.values[self.position]
        self.position += 1
        return value

    def roll(self, sides: int, purpose: str = "") -> int:
        low, high = _face_range(sides)
        if self.position < len(self.values) and not low <= self.values[self.position] <= high:
            raise ValueError(
                f"loaded die {self.values[self.position]} is not a face of a d{sides} ({purpose})"
            )
        value = self._draw(high - low + 1, purpose)
        self.rolls.append(Roll(len(self.rolls), sides, value, purpose))
        return value

    @property
    def remaining(self) -> int:
        return len(self.values) - self.position


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """What the server publishes at game start: SHA-256 of the seed, hex."""
    return hashlib.sha256(seed).hexdigest()


def mix_entropy(seed: bytes, contributions: Sequence[str]) -> bytes:
    """The key actually used: the committed seed mixed with each seat's entropy (in seat
    order), so neither the server nor one player alone chooses the rolls."""
    h = hashlib.sha256(seed)
    for c in contributions:
        h.update(b"\x00" + c.encode())
    return h.digest()


def verify_rolls(seed: bytes, contributions: Sequence[str], step: int, rolls: Sequence[dict]) -> bool:
    """Recompute a step's logged rolls from the revealed seed."""
    dice = HmacDice(mix_entropy(seed, contributions), step)
    for logged in rolls:
        sides = logged["sides"]
        if logged["purpose"].startswith("pick:"):
            value = dice._draw(sides, logged["purpose"])
        else:
            low, high = _face_range(sides)
            value = low + dice._draw(high - low + 1, logged["purpose"])
        if value != logged["value"]:
            return False
    return True
