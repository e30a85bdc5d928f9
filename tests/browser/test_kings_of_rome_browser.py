"""Kings of Rome in a real browser (issue 23, item 6): a three-player game's first turn
(and on, until every seat has played) played from the game page alone, each seat its own way — Latina-Sabina with the mouse on a
desktop, the Etruscans with the keyboard on a phone, the Volsci with taps on a phone in
French — every prompt answered with the choice buttons (no typed notation), another
answer than the default wherever a question offers one. The hex map and the Rome display
(the offices and their holders, each Curia's influence points) are on the page, the seats
named by their Curiae; no page scrolls sideways on
the phone; axe-core finds nothing serious; no script or console error. Each prompt kind
is photographed in reports/browser/ (prompt-kings-of-rome-<kind>-<width>.png)."""

from __future__ import annotations

import pytest

from games.models import Game, OrderSet, Step
from tests.browser.conftest import run_axe, serious
from tests.browser.test_turns import DESKTOP, PHONE, Player, _next_step, inline_worker  # noqa: F401 (a fixture)
from tests.games.play import kings_of_rome_for_three, wait_until

pytestmark = [pytest.mark.browser]
KOR = "kings-of-rome"


def _answer(p: Player, game: Game, step: Step, prompt: dict, seen: set, report: list):
    """Open the game, pick in each question a choice the default did not (the first one
    not pressed; a sequence's first action), take a pick back if it leaves the orders in
    error, and send them."""
    page, n = p.page, step.number
    p.open_game(game.pk, n)
    picked = []
    for q in prompt.get("choices") or []:
        if q["mode"] == "standing" or not q.get("choices"):
            continue
        if q["mode"] == "one" and len(q["choices"]) < 2:
            continue
        fresh = page.locator(f'#choices-{n} fieldset[data-question="{q["id"]}"] button.choice[aria-pressed="false"]')
        if not fresh.count():
            continue
        cid, line = fresh.first.get_attribute("value"), fresh.first.get_attribute("data-line")
        p.press(f'#choices-{n} fieldset[data-question="{q["id"]}"] button.choice[value="{cid}"]')
        p.settled()
        if page.locator(f"#check-{n} .problem").count():  # a pick that needs others: take it back
            if q["mode"] == "sequence":
                p.press("#orders [data-undo]")
            else:
                p.press(f'#choices-{n} fieldset[data-question="{q["id"]}"] button.choice[value="{cid}"]')
            p.settled()
            continue
        assert line.split()[0] in p.text(n), (line, p.text(n))
        picked.append(line)
    p.photo(f"prompt-kings-of-rome-{prompt['kind']}-{p.width}", seen)
    p.submit(n)
    stored = OrderSet.objects.get(step=step, seat__role=prompt["role"])
    assert stored.source == "web" and stored.canonical_hash[:12] in page.inner_text(".messages")
    report.append(f"KoR step {n}: {prompt['role']} ({p.mode}, {p.width}) {prompt['kind']}: {picked or 'the default'}")
    return picked


@pytest.mark.django_db(transaction=True)
def test_a_three_player_turn_by_mouse_keyboard_and_taps(chromium, live_server, inline_worker, make_player, monkeypatch,
                                                         report):
    base = live_server.url
    game, accounts = kings_of_rome_for_three(make_player, monkeypatch)
    players = {"latina-sabina": Player(chromium, base, "aurelia", "pw-aurelia", viewport=DESKTOP, mode="mouse"),
               "etrusca": Player(chromium, base, "marcus", "pw-marcus", viewport=PHONE, mode="keyboard"),
               "volsca": Player(chromium, base, "livia", "pw-livia", viewport=PHONE, mode="mouse", lang="fr-FR")}

    # the board: the hex map with its stacks and the Rome display, in each seat's language
    for role, p in players.items():
        p.page.goto(f"{base}/games/{game.pk}/")
        assert p.page.locator("#map .zone").count() > 500, "the hex map is drawn"
        fr = role == "volsca"
        text = p.page.inner_text("main")
        # the Rome display: the offices and their holders, each Curia's influence points
        for label in (("Roi", "PI Curie latine", "Curie volsque") if fr else ("King", "IP Curia Latina", "Curia Latina and Curia Sabina")):
            assert label in text, (role, label)
        if p.phone:
            for url in (f"/games/{game.pk}/", f"/games/{game.pk}/text/"):
                p.page.goto(base + url)
                width = p.page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], (role, url, width)

    # the first turn to its end, and on until every seat has answered a prompt its way
    seen: set = set()
    kinds, picks, last, answered = set(), 0, 0, set()
    turn = Game.objects.get(pk=game.pk).state["turn"]
    for _ in range(80):
        step = _next_step(game.pk, last)
        now = Game.objects.get(pk=game.pk).state["turn"]
        if step is None or now > turn + 2 or (now > turn and answered == set(players)):
            break
        for prompt in step.prompts:
            picks += len(_answer(players[prompt["role"]], game, step, prompt, seen, report))
            kinds.add(prompt["kind"])
            answered.add(prompt["role"])
        last = step.number
        wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
    game = Game.objects.get(pk=game.pk)
    assert game.state["turn"] > turn and answered == set(players), report
    assert not OrderSet.objects.filter(seat__game=game).exclude(source="web").exists()
    assert {"political", "actions"} <= kinds and picks >= 3, (kinds, report)
    errors = []
    for p in players.values():
        for url in (f"/games/{game.pk}/", f"/games/{game.pk}/text/"):
            p.page.goto(base + url)
            found = serious(run_axe(p.page))
            assert not found, (url, found)
        errors += p.errors
        p.ctx.close()
    assert not errors, errors
    report.append(f"Kings of Rome: turns {turn}-{game.state['turn'] - 1} played to their end by three seats; prompt kinds {sorted(kinds)}")
