""""Games awaiting me" (games.selectors.games_listing, the API list and the "My games"
page): "awaiting" is computed once, in one query whatever the number of games, and is
exactly: an active game, an open step prompting my seat, no order set of mine for it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors, services
from games.models import Game
from tests.games.play import other_role, player_of, prompted


def _started(ruleset, a, b):
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=a, role="PRIMUS")
    services.game_join(game=game, player=b)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_awaiting_follows_the_prompts_and_the_submissions(started_game, make_player, ruleset):
    step, role, prompt = prompted(started_game)
    me, other = player_of(started_game, role), player_of(started_game, other_role(started_game, role))
    open_game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=me)

    rows = selectors.games_listing(player=me)
    assert [row["id"] for row in rows] == [started_game.pk, open_game.pk]  # awaiting first, then newest
    mine = rows[0]
    assert mine["awaiting"] is True and mine["role"] == role and mine["deadline"] == step.deadline
    assert mine["status"] == "active" and mine["state_version"] == started_game.state_version
    assert rows[1] == {**rows[1], "awaiting": False, "deadline": None, "status": "open"}
    assert [g.pk for g in selectors.games_awaiting(player=me)] == [started_game.pk]
    assert [g.pk for g in selectors.games_of(player=me)] == [started_game.pk, open_game.pk]
    # The seat the step does not prompt is not awaited, but sees the game's deadline.
    theirs = selectors.games_listing(player=other)[0]
    assert theirs["awaiting"] is (other_role(started_game, role) in step.roles)
    assert theirs["deadline"] == step.deadline

    services.order_submit(game=started_game, player=me, step=step.number, orders=prompt["default_orders"])
    rows = selectors.games_listing(player=me)
    assert [row["id"] for row in rows] == [open_game.pk, started_game.pk]  # newest first: none awaits me
    assert rows[1]["awaiting"] is False and rows[1]["deadline"] == step.deadline
    assert selectors.games_awaiting(player=me) == []


@pytest.mark.django_db
def test_a_game_that_is_no_longer_active_awaits_nobody(started_game):
    step, role, _prompt = prompted(started_game)
    me = player_of(started_game, role)
    Game.objects.filter(pk=started_game.pk).update(status=Game.Status.ABORTED)  # its step left open
    row = selectors.games_listing(player=me)[0]
    assert row["awaiting"] is False and row["status"] == "aborted" and row["deadline"] == step.deadline
    assert selectors.games_listing(player=None) == []


@pytest.mark.django_db
def test_one_query_whatever_the_number_of_games(make_player, ruleset, api_for, client):
    a, b = make_player("aurelia"), make_player("marcus")
    _started(ruleset, a, b)
    with CaptureQueriesContext(connection) as one:
        assert len(selectors.games_listing(player=a)) == 1
    for _ in range(3):
        _started(ruleset, a, b)
    with CaptureQueriesContext(connection) as four:
        rows = selectors.games_listing(player=a)
    assert len(rows) == 4 and len(one.captured_queries) == len(four.captured_queries) == 1
    sql = four.captured_queries[0]["sql"]
    assert '"state"' not in sql and "setup_state" not in sql and "state_after" not in sql  # no position loaded

    api = api_for(a)
    with CaptureQueriesContext(connection) as listed:
        body = api.get("/api/v1/games/").json()
    assert [g["id"] for g in body] == [row["id"] for row in rows]
    assert {g["awaiting_me"] for g in body} == {row["awaiting"] for row in rows}
    assert sum("games_seat" in q["sql"] for q in listed.captured_queries) == 1  # "awaiting" computed once
    client.force_login(a)
    with CaptureQueriesContext(connection) as page:
        assert client.get("/games/").status_code == 200
    assert sum("games_seat" in q["sql"] for q in page.captured_queries) == 2  # the listing, the games to join
