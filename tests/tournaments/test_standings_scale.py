"""A 256-player tournament's standings page (and each round's page) renders in a fixed
number of queries, whatever the number of games (PostgreSQL in CI; SQLite in the fallback). The rows are made in bulk:
what is measured is the page, not the setup."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from tournaments.models import Entry, Pairing, Round, Tournament

PLAYERS = 256
MAX_QUERIES = 6


def add_rounds(tournament: Tournament, entries: list[Entry], creator, first: int, last: int) -> None:
    """Rounds ``first``..``last``: entry i meets entry i + 2**r (mod n), results on every
    other board, the rest still running with a live VP."""
    n = len(entries)
    for number in range(first, last + 1):
        round_row = Round.objects.create(tournament=tournament, number=number)
        shift = 2 ** (number - 1)
        used, pairs = set(), []
        for i in range(n):
            j = (i + shift) % n
            if i in used or j in used:
                continue
            used |= {i, j}
            pairs.append((entries[i], entries[j]))
        games = Game.objects.bulk_create(
            Game(ruleset="semper-victor", scenario="305", created_by=creator, status=Game.Status.ACTIVE,
                 dice_seed="00" * 32, dice_commitment="11" * 32, state={"vp": {"PRIMUS": 1, "SECONDUS": 2}})
            for _ in pairs
        )
        Pairing.objects.bulk_create(
            Pairing(
                tournament=tournament, round=round_row, board=board, primus=a, secundus=b, game=game,
                result=(
                    {"winner": ["PRIMUS", "SECONDUS", None][board % 3], "level": ["decisive", "marginal", "draw"][board % 3],
                     "scores": {"PRIMUS": 20 + board % 7, "SECONDUS": 10 + board % 5}}
                    if board % 2 else None
                ),
                result_source=Pairing.ResultSource.ORGANISER if board % 2 else "",
                live_vp={"PRIMUS": board % 9, "SECONDUS": board % 4},
            )
            for board, ((a, b), game) in enumerate(zip(pairs, games), start=1)
        )


def page_queries(client, tournament_id: int) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/tournaments/{tournament_id}/")
    assert response.status_code == 200
    return len(queries), response.content.decode()


@pytest.mark.django_db
def test_a_256_player_standings_page_takes_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    User = get_user_model()
    User.objects.bulk_create(User(username=f"s{i:03d}", email=f"s{i:03d}@example.test") for i in range(PLAYERS + 1))
    users = list(User.objects.filter(username__startswith="s").order_by("username"))
    creator = users.pop()
    tournament = Tournament.objects.create(name="Grand Swiss", ruleset="semper-victor", scenario="305", created_by=creator)
    tournament.organisers.add(creator)
    Entry.objects.bulk_create(Entry(tournament=tournament, player=u, seed_rating=2000 - i) for i, u in enumerate(users))
    entries = list(Entry.objects.filter(tournament=tournament).order_by("id"))

    add_rounds(tournament, entries, creator, 1, 1)
    few, html = page_queries(client, tournament.pk)
    assert html.count("<tr>") >= PLAYERS

    add_rounds(tournament, entries, creator, 2, 6)
    assert Pairing.objects.filter(tournament=tournament).count() == 6 * PLAYERS // 2
    with django_assert_max_num_queries(MAX_QUERIES):
        many, html = page_queries(client, tournament.pk)
    assert many == few, "the query count grew with the number of games"
    # The page shows the latest round; each earlier one has its own page, linked from it,
    # in as few queries.
    assert "Round 6" in html and len(re.findall(r'href="/games/\d+/"', html)) == PLAYERS // 2
    for number in range(1, 6):
        assert f'href="/tournaments/{tournament.pk}/rounds/{number}/"' in html
        with django_assert_max_num_queries(MAX_QUERIES):
            round_page = client.get(f"/tournaments/{tournament.pk}/rounds/{number}/").content.decode()
        assert len(re.findall(r'href="/games/\d+/"', round_page)) == PLAYERS // 2
    # The JSON standings and the CSV are as frugal.
    with django_assert_max_num_queries(MAX_QUERIES):
        assert len(client.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()["rows"]) == PLAYERS
    with django_assert_max_num_queries(MAX_QUERIES):
        assert len(client.get(f"/tournaments/{tournament.pk}/standings.csv").content.decode().splitlines()) == PLAYERS + 1
