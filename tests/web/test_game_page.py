"""The game page: the map with the position, order entry, the htmx check, receipts,
the replay, the chart, the text-only view, observers and email links."""

import re

import pytest

from games.models import OrderSet
from games.web.position import position
from tests.games.play import other_role, player_of, prompted
from tests.web.conftest import resolve_open_step


@pytest.mark.django_db
def test_the_map_draws_every_zone_and_every_stack_of_the_position(en, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    en.force_login(player_of(started_game, role))
    page = en.get(f"/games/{started_game.pk}/").content.decode()
    board = ruleset.board()
    assert page.count('class="zone ') == len(board["zones"])
    pos = position(ruleset, ruleset.view(started_game.state, role))
    assert page.count('class="stack"') == len(pos["stacks"]) > 20
    # a stack says what it holds (hover title, tap, screen reader label)
    stack = next(s for s in pos["stacks"] if s["leaders"])
    assert f'data-zone="{stack["zone"]}" data-side="{stack["side"]}"' in page
    assert stack["leaders"][0]["name"] in page
    # dioceses in their colours, seas, cities
    assert "#9b2335" in page and "Mare Adriaticum" in page and 'class="city"' in page


@pytest.mark.django_db
def test_the_prompt_options_drive_the_map_and_the_default_text_is_there(en, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    en.force_login(player_of(started_game, role))
    page = en.get(f"/games/{started_game.pk}/").content.decode()
    assert f'id="prompt-options-{step.number}"' in page
    assert f'id="orders-{step.number}"' in page
    assert ruleset.format_orders(prompt["default_orders"]) in page


@pytest.mark.django_db
def test_the_check_shows_each_problem_next_to_its_line_and_stores_nothing(en, started_game):
    step, role, _ = prompted(started_game)
    en.force_login(player_of(started_game, role))
    response = en.post(f"/games/{started_game.pk}/orders/check/", {"step": step.number, "text": "pass\n%%% nonsense %%%\n"})
    assert response.status_code == 200
    html = response.content.decode()
    item = re.search(r'<li value="2">(.*?)</li>', html, re.S).group(1)
    assert "nonsense" in item and 'class="problem"' in item
    assert '<li value="1">' not in html or 'class="problem"' not in re.search(r'<li value="1">(.*?)</li>', html, re.S).group(1)
    assert not OrderSet.objects.exists()
    ok = en.post(f"/games/{started_game.pk}/orders/check/", {"step": step.number, "text": "pass"}).content.decode()
    assert "problem" not in ok


@pytest.mark.django_db
def test_the_check_speaks_french(client, started_game):
    step, role, _ = prompted(started_game)
    client.force_login(player_of(started_game, role))
    client.cookies["django_language"] = "fr"
    html = client.post(f"/games/{started_game.pk}/orders/check/", {"step": step.number, "text": "%%% x"}).content.decode()
    assert "problem" in html and "Vos ordres, ligne par ligne" in html


@pytest.mark.django_db
def test_submitting_shows_the_receipt(en, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    en.force_login(player_of(started_game, role))
    response = en.post(f"/games/{started_game.pk}/", {"step": step.number, "text": ruleset.format_orders(prompt["default_orders"])}, follow=True)
    stored = OrderSet.objects.get()
    assert stored.canonical_hash in response.content.decode()


@pytest.mark.django_db
def test_an_observer_sees_the_map_but_no_prompt_and_no_private_event(en, started_game, make_player):
    watcher = make_player("watcher")
    type(started_game).objects.filter(pk=started_game.pk).update(public=True)  # a private game is its players' only
    en.force_login(watcher)
    page = en.get(f"/games/{started_game.pk}/").content.decode()
    assert "You are observing this game." in page
    assert "prompt-options-" not in page and 'class="zone ' in page
    for event in started_game.events.exclude(audience="*"):
        assert f'<li value="{event.seq}"' not in page


@pytest.mark.django_db
def test_an_email_link_opens_the_order_page_without_a_login(client, started_game):
    from games import links

    step, role, prompt = prompted(started_game)
    seat = started_game.seats.get(role=role)
    url = links.link_url(seat=seat, step=step).removeprefix("http://testserver")
    page = client.get(url, follow=True).content.decode()
    assert f'id="orders-{step.number}"' in page and f'id="prompt-options-{step.number}"' in page
    assert client.get(f"/games/{started_game.pk}/text/").status_code == 200


@pytest.mark.django_db
def test_anonymous_without_a_link_is_sent_to_log_in(client, started_game):
    for path in ("", "text/", "replay/?step=1"):
        response = client.get(f"/games/{started_game.pk}/{path}")
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_replay_and_chart_after_a_resolved_step(en, started_game):
    number = resolve_open_step(started_game)
    en.force_login(player_of(started_game, "PRIMUS"))
    page = en.get(f"/games/{started_game.pk}/").content.decode()
    assert 'id="replay-step"' in page and f'max="{number}"' in page
    assert 'class="vp-chart"' in page
    fragment = en.get(f"/games/{started_game.pk}/replay/?step={number}", HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith("<h3>") and 'id="replay-map"' in fragment and "<html" not in fragment
    assert f"Step {number} resolved." in fragment
    whole = en.get(f"/games/{started_game.pk}/replay/?step={number}").content.decode()
    assert "<html" in whole and 'id="replay-map"' in whole
    assert en.get(f"/games/{started_game.pk}/replay/?step=999").status_code == 404


@pytest.mark.django_db
def test_the_text_view_lists_stacks_and_legal_orders_and_takes_text(en, started_game, ruleset):
    step, role, prompt = prompted(started_game)
    en.force_login(player_of(started_game, role))
    page = en.get(f"/games/{started_game.pk}/text/").content.decode()
    pos = position(ruleset, ruleset.view(started_game.state, role))
    assert page.count('<th scope="row">') == len(pos["stacks"])
    for stack in (prompt["options"] or {}).get("stacks", [])[:3]:
        for zone, reach in list(stack["reach"].items())[:2]:
            assert " &gt; ".join(reach["path"]) in page
    assert "<svg" not in page  # text only
    response = en.post(f"/games/{started_game.pk}/", {"step": step.number, "text": "pass", "return": "text"})
    assert response.status_code == 302 and response["Location"].endswith("/text/")
    assert OrderSet.objects.filter(seat__role=role).exists()


@pytest.mark.django_db
def test_the_other_seat_cannot_check_for_the_prompted_seat(en, started_game):
    step, role, _ = prompted(started_game)
    en.force_login(player_of(started_game, other_role(started_game, role)))
    page = en.get(f"/games/{started_game.pk}/").content.decode()
    assert "Nothing is asked of you right now." in page


def test_tetrarchia_position_reads_emperors_armies_and_discs():
    import rules
    from rules import dice

    rs = rules.get_ruleset("tetrarchia")
    state = rs.setup("293", {}, dice.HmacDice(b"k" * 32, step=0))
    pos = position(rs, rs.view(state, None))
    assert {s["zone"] for s in pos["stacks"] if s["side"] == "barbari"} == set(state["armies"])
    assert set(pos["markers"]) == set(state["discs"])


@pytest.mark.django_db
def test_a_tetrarchia_game_draws_its_own_board(en, make_player):
    import rules
    from games import services

    player = make_player("diocletianus")
    game = services.game_create(ruleset="tetrarchia", scenario="293", options={}, created_by=player)
    en.force_login(player)
    page = en.get(f"/games/{game.pk}/").content.decode()
    board = rules.get_ruleset("tetrarchia").board()
    assert page.count('class="zone ') == len(board["zones"]) + len([s for s in board["seas"] if s.get("zone")])
    assert "MARE INTERNVM" in page and 'class="rome"' in page
    assert en.get(f"/games/{game.pk}/text/").status_code == 200


@pytest.mark.django_db
def test_the_chart_reads_the_points_not_the_positions(started_game, ruleset, django_assert_num_queries):
    """vp_series asks the database for each position's VP only (one query for Semper
    Victor) and gives what the whole positions give."""
    from games.models import Step
    from games.web import selectors as web_selectors
    from games.web.position import vp_of

    for _ in range(3):
        resolve_open_step(started_game)
    expected = [(s.number, vp_of(s.state_after)) for s in started_game.steps.filter(status=Step.Status.RESOLVED).order_by("number")]
    assert len(expected) == 3 and all(points for _, points in expected)
    with django_assert_num_queries(1) as captured:
        series = web_selectors.vp_series(game=started_game, ruleset=ruleset)
    assert series == expected
    assert '"state_after" ->' in captured.captured_queries[0]["sql"] or "JSON_EXTRACT" in captured.captured_queries[0]["sql"]


@pytest.mark.django_db
def test_the_chart_of_a_game_scored_from_its_whole_position(make_player):
    """Tetrarchia's score is worked out by its view: those steps' positions are read."""
    import rules
    from games import services
    from games.models import Step
    from games.web import selectors as web_selectors
    from games.web.position import vp_of

    rs = rules.get_ruleset("tetrarchia")
    players = [make_player(f"tetrarch{i}") for i in range(4)]
    game = services.game_create(ruleset="tetrarchia", scenario="293", options={}, created_by=players[0])
    for player in players[1:]:
        if game.status == game.Status.OPEN:
            services.game_join(game=game, player=player)
            game.refresh_from_db()
    for _ in range(2):
        resolve_open_step(game)
    resolved = game.steps.filter(status=Step.Status.RESOLVED).order_by("number")
    expected = [(s.number, vp_of(rs.view(s.state_after, None))) for s in resolved]
    assert expected and all(points for _, points in expected)
    assert web_selectors.vp_series(game=game, ruleset=rs) == expected


@pytest.mark.django_db
def test_the_event_log_tells_the_last_steps_and_points_to_the_replay(en, started_game, monkeypatch):
    from games.web import views

    monkeypatch.setattr(views, "LOG_STEPS", 2)
    numbers = [resolve_open_step(started_game) for _ in range(4)]
    en.force_login(player_of(started_game, "PRIMUS"))
    for path in ("", "text/"):
        page = en.get(f"/games/{started_game.pk}/{path}").content.decode()
        log = page.split("Event log", 1)[1]
        told = {int(n) for n in re.findall(r"<li value=\"\d+\"[^>]*>\[(\d+)\]", log)}
        assert told and min(told) == numbers[-2], told
        assert f"Events from step {numbers[-2]} on" in log
        assert f'/games/{started_game.pk}/replay/?step={numbers[-2] - 1}"' in log
    monkeypatch.setattr(views, "LOG_STEPS", 10)
    page = en.get(f"/games/{started_game.pk}/").content.decode()
    assert "Events from step" not in page
    told = {int(n) for n in re.findall(r"<li value=\"\d+\"[^>]*>\[(\d+)\]", page.split("Event log", 1)[1])}
    assert min(told) == numbers[0]
