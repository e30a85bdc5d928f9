"""Glicko-2, written from Mark Glickman's published description ("Example of the
Glicko-2 system", 2013, http://www.glicko.net/glicko/glicko2.pdf). Pure functions, no
Django: a rating is ``(rating, rd, volatility)`` on the Glicko scale (1500/350/0.06).

Rating periods. Cursus rates a game when it ends, as its own rating period for both
players (steps 2-8, each against the other's rating and RD from before the game), and
divides the calendar into rating periods of a fixed length (``CURSUS_RATING_PERIOD_DAYS``,
counted from ``PERIOD_EPOCH``): each whole period in which a player had no rated game
applies the paper's step for a player who does not compete (step 6 alone: the rating and
volatility stay, phi grows to sqrt(phi^2 + sigma^2)), so the deviation of an inactive
player grows as the algorithm intends. :func:`idle` is that step; :func:`idle_periods`
counts the periods."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timezone

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant τ: how much the volatility may change (0.3 to 1.2 in the paper).
TAU = 0.5
EPSILON = 0.000001
#: Rating periods are counted from here: period k is [epoch + k L, epoch + (k + 1) L).
PERIOD_EPOCH = datetime(2026, 1, 1, tzinfo=timezone.utc)


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """The player's rating after one rating period. ``results`` holds (opponent's rating
    before the period, score: 1 win, 0.5 draw, 0 loss). With no game, only the RD grows
    (step 6 of the paper)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE  # step 2
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, DEFAULT_RD), sigma)

    opponents = [((o.rating - DEFAULT_RATING) / SCALE, o.rd / SCALE, score) for o, score in results]
    v_inverse = 0.0  # step 3
    delta_sum = 0.0  # step 4
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * delta_sum

    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2.0)

    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new, sigma_new)  # step 8


def idle(player: Rating, periods: int = 1) -> Rating:
    """The rating after ``periods`` rating periods without a game: step 6 alone, each
    period (the paper: "If the player does not compete during the rating period ... the
    RD increases according to phi' = sqrt(phi^2 + sigma^2)"). The rating and volatility
    stay; the RD never goes above that of an unrated player (350)."""
    if periods <= 0:
        return player
    phi = player.rd / SCALE
    phi_idle = math.sqrt(phi * phi + periods * player.volatility * player.volatility)  # step 6, ``periods`` times
    return Rating(player.rating, min(phi_idle * SCALE, DEFAULT_RD), player.volatility)


def period_of(moment: datetime, *, days: float) -> int:
    """The number of the rating period ``moment`` falls in (periods of ``days`` days from
    ``PERIOD_EPOCH``; negative before it)."""
    return math.floor((moment - PERIOD_EPOCH).total_seconds() / (days * 86400))


def idle_periods(last_game: datetime | None, now: datetime, *, days: float) -> int:
    """How many whole rating periods ended between the period of the player's last rated
    game and ``now`` without a game of theirs: the periods after that game's period and
    before the current one (the current period has not ended). 0 without a last game."""
    if last_game is None:
        return 0
    return max(0, period_of(now, days=days) - period_of(last_game, days=days) - 1)
