"""Issue 21's "Done when", in a real browser: two new accounts that never exchanged an
address find each other in the lobby, play, talk (on the page, and by replying to the
message's email), and a third browser, not even signed in, watches the public game
without seeing a word of their table talk. axe-core runs in the lobby and the game page."""

from __future__ import annotations

import re

import pytest

from games.models import Game, OrderSet, Step, TableMessage
from tests.browser.conftest import REPORTS, run_axe, serious
from tests.browser.test_whole_flow import body, one_mail, sign_up
from tests.games.play import wait_until
from tests.notifications.conftest import inbound_server  # noqa: F401 - a fixture
from tests.notifications.mail import send_mail

pytestmark = [pytest.mark.browser, pytest.mark.worker]


def _confirmed(page, sink, base: str, username: str) -> None:
    page.goto(base + "/accounts/signup/")
    sign_up(page, base, username, f"{username}@example.test")
    confirm = re.search(r"http://\S+/accounts/confirm/\S+/", body(one_mail(sink, f"{username}@example.test", "confirm"))).group(0)
    page.goto(confirm)


@pytest.mark.django_db(transaction=True)
def test_strangers_meet_in_the_lobby_play_talk_by_email_and_are_watched(
    chromium, live_server, smtp_sink, inbound_server, celery_app, celery_worker, depends_on_current_app, settings
):  # noqa: F811
    settings.CURSUS_BASE_URL = live_server.url
    base = live_server.url
    REPORTS.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    a = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()
    b = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()

    # 1. Two new accounts; the first creates a public game for anyone to join.
    _confirmed(a, smtp_sink, base, "aurelia")
    _confirmed(b, smtp_sink, base, "marcus")
    a.goto(base + "/games/new/?ruleset=semper-victor")
    a.select_option("#id_scenario", "305")
    a.check("#id_public")
    a.click("main form[method=post] button[type=submit]")
    a.wait_for_url(re.compile(r".*/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/$", a.url).group(1))
    report.append(f"game {game_id} created, public, no invitation: ok")

    # 2. The second finds it in the lobby and joins: the game starts.
    b.goto(base + "/games/lobby/")
    assert f"/games/{game_id}/" in b.content()
    b.click(f"form[action='/games/{game_id}/join/'] button")
    b.wait_for_url(re.compile(rf".*/games/{game_id}/$"))
    assert Game.objects.get(pk=game_id).status == Game.Status.ACTIVE
    b.screenshot(path=str(REPORTS / "together-joined.png"), full_page=False)
    report.append("found in the lobby and joined; the game starts: ok")

    # 3. They play: the first prompted seat gives its orders on the page; the worker resolves.
    step = wait_until(lambda: Step.objects.filter(game_id=game_id, status=Step.Status.OPEN).first(), timeout=60)
    role = step.prompts[0]["role"]
    page = a if Game.objects.get(pk=game_id).seats.get(role=role).player.username == "aurelia" else b
    page.goto(f"{base}/games/{game_id}/")
    page.wait_for_selector(f"#orders-{step.number}")
    page.click(f"form:has(#orders-{step.number}) button.submit-orders")
    page.wait_for_selector(".messages .notice", timeout=15000)
    assert OrderSet.objects.filter(step=step, seat__role=role).exists()
    report.append(f"step {step.number}: {role} gave orders on the page: ok")

    # 4. Marcus writes at the table; Aurelia gets it by email and answers by replying.
    b.goto(f"{base}/games/{game_id}/#talk")
    b.fill("#talk-body", "Ave, Aurelia. Shall we keep the Danube quiet?")
    b.click("#talk form:has(#talk-body) button[type=submit]")
    b.wait_for_selector(".messages .notice")
    mail = one_mail(smtp_sink, "aurelia@example.test", "message from")
    assert "Shall we keep the Danube quiet?" in body(mail)
    reply_to = str(mail["message"]["Reply-To"])
    send_mail(inbound_server.port, sender="aurelia@example.test", to=reply_to, subject="Re: " + str(mail["message"]["Subject"]),
              body="Quiet it is, until the spring.\n\nOn Monday, Cursus wrote:\n> Ave, Aurelia.")
    wait_until(lambda: TableMessage.objects.filter(game_id=game_id, source="email").exists(), timeout=30)
    b.goto(f"{base}/games/{game_id}/")
    assert "Quiet it is, until the spring." in b.inner_text("#talk")
    report.append("table talk on the page, answered by an email reply, shown on the page: ok")

    # 5. A third browser, not signed in, watches the public game: the map, no table talk.
    c = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()
    c.goto(f"{base}/games/{game_id}/")
    assert "You are observing this game." in c.content() and c.locator("#map").count() == 1
    assert "Danube" not in c.content() and "spring" not in c.content() and c.locator("#talk").count() == 0
    c.screenshot(path=str(REPORTS / "together-spectator.png"), full_page=False)
    report.append("a visitor watches the public game, without its table talk: ok")

    # 6. axe-core: no serious or critical violation in the lobby and the game page.
    found = {}
    for name, path in {"lobby": "/games/lobby/", "game": f"/games/{game_id}/"}.items():
        b.goto(base + path)
        found[name] = serious(run_axe(b))
    c.goto(f"{base}/games/{game_id}/")
    found["game (visitor)"] = serious(run_axe(c))
    assert not any(found.values()), found
    report.append("axe-core: lobby and game pages clean: ok")
    (REPORTS / "together-report.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
