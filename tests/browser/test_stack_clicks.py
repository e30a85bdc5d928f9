"""A click on one's own stack in every kind of step, in a real browser: no JavaScript error
and no refused inline script (issue 16, item 15: a click on your stack during a step that
is not a move threw one). Semper Victor from the opening to the prompts of a battle, and a
Tetrarchia emperor's Roman phase."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game, Step
from tests.games.play import battle_orders, player_of

pytestmark = [pytest.mark.browser]

#: The prompts a battle asks (the defender's, then either side's): the walk stops at one.
BATTLE_KINDS = {"evasion", "retreat", "losses", "stratagem", "escape"}


def _context(chromium, live_server, user, **options):
    from django.test import Client

    client = Client()
    client.force_login(user)
    ctx = chromium.new_context(**{"viewport": {"width": 1280, "height": 900}, "locale": "en-GB", **options})
    ctx.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
                     {"name": "django_language", "value": "en", "url": live_server.url}])
    return ctx


def _click_own_stacks(chromium, live_server, game, step, role, stacks_of=None) -> list[str]:
    """Open the game page as the role's player, click three of its stacks (those of the
    selector ``stacks_of``, the role's by default), one stack in a highlighted zone if any,
    press Enter on the focused one: every error the page raised."""
    ctx = _context(chromium, live_server, player_of(game, role))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    try:
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector(f"#orders-{step.number}")
        stacks = page.locator(stacks_of or f'#map .stack[data-side="{role}"]')
        assert stacks.count(), f"no stack of {stacks_of or role} on the map"
        for index in range(min(3, stacks.count())):
            stacks.nth(index).click()
        legal = page.locator("#map .zone.legal")
        if legal.count():
            zone = legal.first.get_attribute("data-zone")
            in_zone = page.locator(f'#map .stack[data-zone="{zone}"]')
            if in_zone.count():
                in_zone.first.click()
        if stacks.count():
            stacks.first.focus()
            page.keyboard.press("Enter")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")  # handlers done
    finally:
        ctx.close()
    return errors


@pytest.mark.django_db(transaction=True)
def test_clicking_ones_own_stack_in_every_kind_of_step_raises_no_error(chromium, live_server, started_game):
    game, seen = started_game, {}
    for _ in range(40):
        step = game.steps.get(status=Step.Status.OPEN)
        prompt = step.prompts[0]
        role = prompt["role"]
        if prompt["kind"] not in seen or prompt["kind"] in BATTLE_KINDS:
            seen[prompt["kind"]] = _click_own_stacks(chromium, live_server, game, step, role)
        if BATTLE_KINDS & set(seen):
            break
        orders = battle_orders(prompt, game.state, role) or prompt["default_orders"]
        services.order_submit(game=game, player=player_of(game, role), step=step.number, orders=orders)
        services.step_adjudicate(game_id=game.pk, step_number=step.number)
        game.refresh_from_db()
    assert {"smc", "nominations"} <= set(seen) and BATTLE_KINDS & set(seen), sorted(seen)
    assert not any(seen.values()), {kind: errors for kind, errors in seen.items() if errors}


@pytest.mark.django_db(transaction=True)
def test_clicking_an_emperor_in_tetrarchia_raises_no_error(chromium, live_server, make_player):
    player = make_player("diocletianus")
    game = services.game_create(ruleset="tetrarchia", scenario=services.ruleset_for("tetrarchia").scenarios()[0]["id"],
                                options={}, created_by=player, role=None)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    for _ in range(10):  # the fleets first, then an emperor's Roman phase
        step = game.steps.get(status=Step.Status.OPEN)
        prompt = step.prompts[0]
        if prompt["kind"] == "roman_phase":
            break
        services.order_submit(game=game, player=player, step=step.number, orders=prompt["default_orders"])
        services.step_adjudicate(game_id=game.pk, step_number=step.number)
        game.refresh_from_db()
    assert prompt["kind"] == "roman_phase", prompt["kind"]
    # the emperors on the board (the active one may not have entered yet) and the armies
    assert _click_own_stacks(chromium, live_server, game, step, prompt["role"], stacks_of="#map .stack") == []


@pytest.mark.django_db(transaction=True)
def test_the_replay_map_is_the_size_of_the_main_map(chromium, live_server, started_game):
    """Issue 16, item 10: the replayed map is drawn as large as the game's map."""
    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    prompt = step.prompts[0]
    services.order_submit(game=game, player=player_of(game, prompt["role"]), step=step.number, orders=prompt["default_orders"])
    services.step_adjudicate(game_id=game.pk, step_number=step.number)
    game.refresh_from_db()
    role = game.steps.get(status=Step.Status.OPEN).prompts[0]["role"]
    ctx = _context(chromium, live_server, player_of(game, role))
    page = ctx.new_page()
    try:
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.click(".replay-controls button[type=submit]")
        page.wait_for_selector("#replay-map")
        main = page.locator("#map").bounding_box()
        replay = page.locator("#replay-map").bounding_box()
        assert abs(main["width"] - replay["width"]) <= 2 and abs(main["height"] - replay["height"]) <= 2, (main, replay)
    finally:
        ctx.close()
