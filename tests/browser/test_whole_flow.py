"""The issue's "Done when", in a real browser: sign up, create a game, invite, the second
player opens the email links, both give SMC orders on the map, the worker resolves, the
log and the map show the battle. Screenshots of the map page at desktop and phone widths
and the run's report go to reports/browser/; axe-core runs in the pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.models import Event, Game, OrderSet, Step
from tests.browser.conftest import REPORTS, run_axe, serious
from tests.games.play import battle_orders, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.worker]
PASSWORD = "Vexilla-regis-305"


def body(mail) -> str:
    return mail["message"].get_body(preferencelist=("plain",)).get_content()


def one_mail(sink, address: str, subject: str):
    found = sink.wait_for(lambda m: m["to"] == [address] and re.search(subject, str(m["message"]["Subject"])), timeout=30)
    assert found, f"no email to {address} matching {subject!r}"
    return found[-1]


def sign_up(page, base: str, username: str, email: str | None = None):
    page.fill("#id_username", username)
    if email is not None:
        page.fill("#id_email", email)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_selector("h1")


@pytest.mark.django_db(transaction=True)
def test_sign_up_create_invite_play_on_the_map_and_see_the_battle(
    chromium, live_server, smtp_sink, celery_app, celery_worker, depends_on_current_app, settings, monkeypatch, report
):
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))  # a reproducible game
    settings.CURSUS_BASE_URL = live_server.url
    base = live_server.url
    a_ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    a = a_ctx.new_page()

    # 1. Aurelia signs up and confirms her address from the email.
    a.goto(base + "/accounts/signup/")
    sign_up(a, base, "aurelia", "aurelia@example.test")
    assert "Check your email" in a.content()
    confirm = re.search(r"http://\S+/accounts/confirm/\S+/", body(one_mail(smtp_sink, "aurelia@example.test", "confirm"))).group(0)
    a.goto(confirm)
    assert a.url.endswith("/games/") and "Your email address is confirmed" in a.content()
    report.append("sign up + email confirmation: ok")

    # 2. She creates a Semper Victor game and invites Marcus by email.
    a.goto(base + "/games/new/?ruleset=semper-victor")
    a.select_option("#id_scenario", "305")
    a.select_option("#id_role", "PRIMUS")
    a.fill("#id_invite", "marcus@example.test")
    a.click("main form[method=post] button[type=submit]")
    a.wait_for_url(re.compile(r".*/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/$", a.url).group(1))
    assert "Invitation sent to marcus@example.test" in a.content()
    report.append(f"game {game_id} created, invitation sent: ok")

    # 3. Marcus (a French browser) opens the invitation, signs up, confirms, joins.
    b_ctx = chromium.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR", is_mobile=True, has_touch=True)
    b = b_ctx.new_page()
    invitation = re.search(r"http://\S+/games/invitations/\S+/", body(one_mail(smtp_sink, "marcus@example.test", "invitation"))).group(0)
    b.goto(invitation)
    assert "Invitation" in b.content() and "S’inscrire" in b.content() or "S'inscrire" in b.content()
    b.click("a.button[href*='/accounts/signup/']")
    assert b.input_value("#id_email") == "marcus@example.test"
    sign_up(b, base, "marcus")
    confirm = re.search(r"http://\S+/accounts/confirm/\S+/", body(one_mail(smtp_sink, "marcus@example.test", "confirm|confirmez"))).group(0)
    b.goto(confirm)
    assert "/games/invitations/" in b.url
    b.click("form[action$='/join/'] button")
    b.wait_for_url(re.compile(rf".*/games/{game_id}/$"))
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.ACTIVE
    report.append("second player: invitation link, sign up in French, join; the game starts: ok")

    # 4. Turn after turn, the prompted player gives orders in the browser: Aurelia logged
    # in; Marcus from the link in his turn email, in a browser with no login at all.
    link_ctx = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    m = link_ctx.new_page()
    players = {"PRIMUS": ("aurelia@example.test", a), "SECONDUS": ("marcus@example.test", m)}
    battle = None
    map_moves = {"PRIMUS": 0, "SECONDUS": 0}
    for _ in range(20):
        step = wait_until(lambda: Step.objects.filter(game_id=game_id, status=Step.Status.OPEN).first(), timeout=60)
        prompt = step.prompts[0]
        role = prompt["role"]
        address, page = players[role]
        if role == "SECONDUS":
            mail = one_mail(smtp_sink, address, rf"(step|étape) {step.number}\b")
            link = re.search(rf"{re.escape(base)}/games/{game_id}/\S*", body(mail)).group(0)
            page.goto(link)
        else:
            page.goto(f"{base}/games/{game_id}/")
        page.wait_for_selector(f"#orders-{step.number}")
        state = Game.objects.get(pk=game_id).state
        # an attack where one can reach enemy units, else a plain move: both on the map
        orders = (battle_orders(prompt, state, role) or plain_move(prompt)) if prompt["kind"] == "smc" else None
        textarea = f"#orders-{step.number}"
        if orders:
            move = orders["moves"][0]
            zone, destination = move["path"][0], move["path"][-1]
            same_zone = [s for s in prompt["options"]["stacks"] if s["zone"] == zone]
            index = next(i for i, s in enumerate(same_zone) if s["leaders"] == move["leaders"] and s["units"] == move["units"])
            # the page's script has set the map up (one stack takes the Tab) and no request is
            # in flight whose answer would redraw the highlights under the click
            for attempt in range(3):
                page.wait_for_selector("#map .stack[tabindex='0']", state="attached")
                page.wait_for_load_state("networkidle")
                page.click(f'#map .stack[data-zone="{zone}"][data-side="{role}"]')
                try:  # the stack's groups, drawn by the click
                    page.wait_for_selector(".move-builder button[data-group]", timeout=15000)
                    break
                except PlaywrightTimeout:
                    # Seen in two of this session's six whole-suite runs, both under load: no groups
                    # after the click. Kept for a look (the screenshot), then the page is loaded again and the
                    # click made again; a third miss fails the test.
                    page.screenshot(path=str(REPORTS / f"whole-flow-missed-click-{step.number}-{attempt}.png"), full_page=True)
                    report.append(f"step {step.number}: the click on the stack drew no groups (attempt {attempt + 1})")
                    if attempt == 2:
                        raise
                    page.reload()
            page.click(f'.move-builder button[data-group="{index}"]')
            page.wait_for_selector("#dest-select")  # the group chosen: its destinations
            assert page.locator(f'#map .zone.legal[data-zone="{destination}"]').count() == 1  # highlighted from options
            page.locator(f'#map .zone[data-zone="{destination}"]').dispatch_event("click")  # the route, on the map
            page.wait_for_selector("#add-move")
            page.click("#add-move")
            page.wait_for_function("([box, path]) => document.querySelector(box).value.includes(path)",
                                   arg=[textarea, " > ".join(move["path"])])
            assert " > ".join(move["path"]) in page.input_value(textarea)
            page.wait_for_selector(f"#check-{step.number} .ok", timeout=15000)  # validate ran, nothing wrong
            map_moves[role] += 1
        else:
            page.fill(textarea, prompt_text(page, textarea))
        before = Game.objects.get(pk=game_id).state_version
        page.click(f"form:has({textarea}) button.submit-orders")
        try:
            page.wait_for_selector(".messages .notice", timeout=15000)
        except Exception:
            (REPORTS / "failure.html").write_text(page.content(), encoding="utf-8")
            raise
        stored = OrderSet.objects.get(step=step, seat__role=role)
        # the receipt: the hash of the stored order set (the step may be resolved already)
        assert stored.canonical_hash in page.inner_text(".messages")
        wait_until(lambda: Game.objects.get(pk=game_id).state_version > before, timeout=90)
        battle = Event.objects.filter(game_id=game_id, type="battle", step=step).first()
        report.append(f"step {step.number}: {role} {prompt['kind']} {'on the map' if orders else 'default orders'}; receipt shown"
                      + ("; battle" if battle else ""))
        if Event.objects.filter(game_id=game_id, type="battle").exists() and min(map_moves.values()) >= 1:
            battle = Event.objects.filter(game_id=game_id, type="battle").order_by("-seq").first()
            break
    assert battle is not None, report
    assert min(map_moves.values()) >= 1, f"both players should have moved on the map: {map_moves}"

    # 5. The log and the map show the battle.
    a.goto(f"{base}/games/{game_id}/")
    log = a.inner_text(".event-log")
    assert battle.data["message"]["en"] in log
    latest = Step.objects.filter(game_id=game_id, status=Step.Status.RESOLVED).order_by("-number").first().number
    if battle.step.number == latest:  # the map marks the battles of the latest step...
        assert a.locator("#map .marker-battle").count() >= 1
    a.click(f'#map .stack[data-zone="{battle.data["zone"]}"]') if a.locator(f'#map .stack[data-zone="{battle.data["zone"]}"]').count() else None
    a.locator("#map").screenshot(path=str(REPORTS / "map-only-desktop.png"))
    a.screenshot(path=str(REPORTS / "map-page-desktop.png"), full_page=True)
    b.goto(f"{base}/games/{game_id}/")
    assert "Bataille" in b.inner_text(".event-log")
    # on a phone the map opens enlarged (to be panned), on the player's forces; a button fits it
    assert b.get_attribute("#map-zoom", "aria-pressed") == "true"
    assert b.evaluate("document.querySelector('#map').getBoundingClientRect().width") > 800
    assert b.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself never scrolls sideways
    for _ in range(3):  # the page refreshes itself when the worker settles a step meanwhile: click again then
        b.click("#map-zoom")
        try:
            b.wait_for_function("document.getElementById('map-zoom').getAttribute('aria-pressed') === 'false'", timeout=3000)
            break
        except Exception:  # noqa: BLE001 - a refresh between the click and the check
            b.wait_for_load_state()
    width = b.evaluate("document.querySelector('#map').getBoundingClientRect().width")
    assert 300 < width <= 390, width  # the map scales to the phone
    b.locator("#map").scroll_into_view_if_needed()
    b.screenshot(path=str(REPORTS / "map-page-phone.png"), full_page=False)
    b.locator("#map").screenshot(path=str(REPORTS / "map-only-phone.png"))
    # enlarged again, to be panned. The page refreshes itself when the worker settles a step, and
    # a phone's page opens enlarged: so click only while it is fitted, and wait for the map's size
    # (a refresh in flight shows the fitted map for a moment)
    enlarged = "document.querySelector('#map').getBoundingClientRect().width > 800"
    for _ in range(3):
        if b.get_attribute("#map-zoom", "aria-pressed") != "true":
            b.click("#map-zoom")
        try:
            b.wait_for_function(enlarged, timeout=3000)
            break
        except Exception:  # noqa: BLE001 - a refresh between the click and the check
            b.wait_for_load_state()
    assert b.evaluate("document.querySelector('#map').getBoundingClientRect().width") > 800
    assert b.get_attribute("#map-zoom", "aria-pressed") == "true"
    b.locator("#map-wrap").evaluate("(w) => w.scrollTo(180, 80)")
    b.screenshot(path=str(REPORTS / "map-page-phone-enlarged.png"), full_page=False)
    report.append(f"battle in {battle.data['zone']} shown in the log and on the map (desktop and phone): ok")

    # 6. The replay slider shows a past step; the text view lists stacks.
    a.goto(f"{base}/games/{game_id}/")
    a.fill("#replay-step", str(battle.step.number))  # fill fires input and change: htmx asks
    a.wait_for_selector("#replay svg.board", timeout=15000)
    a.wait_for_load_state("networkidle")
    # ... and the replay of the battle's step marks it on its map, with the battle in its log
    assert a.locator(f'#replay-map .marker-battle').count() >= 1
    assert battle.data["message"]["en"] in a.inner_text("#replay")
    a.locator("#replay-map").screenshot(path=str(REPORTS / "replay-battle-step-desktop.png"))
    a.goto(f"{base}/games/{game_id}/text/")
    assert a.locator("table tbody tr").count() > 10

    # 7. axe-core in the pages: no serious or critical violation.
    pages = {
        "game": f"/games/{game_id}/",
        "text": f"/games/{game_id}/text/",
        "my games": "/games/",
        "new game": "/games/new/",
        "account": "/accounts/settings/",
        "token": "/accounts/token/",
    }
    found = {}
    for name, path in pages.items():
        a.goto(base + path)
        found[name] = serious(run_axe(a))
    anon = chromium.new_context().new_page()
    for name, path in {"sign up": "/accounts/signup/", "log in": "/accounts/login/", "reset": "/accounts/password_reset/"}.items():
        anon.goto(base + path)
        found[name] = serious(run_axe(anon))
    report.append("axe-core serious/critical: " + repr({k: v for k, v in found.items() if v} or "none"))
    assert not any(found.values()), found
    for ctx in (a_ctx, b_ctx, link_ctx):
        ctx.close()


def plain_move(prompt: dict) -> dict | None:
    """The first stack with units that can go somewhere, to its first destination."""
    for stack in prompt["options"].get("stacks", []):
        if stack["units"] and stack["reach"]:
            zone = sorted(stack["reach"])[0]
            return {"moves": [{"leaders": stack["leaders"], "units": stack["units"], "path": stack["reach"][zone]["path"]}]}
    return None


def prompt_text(page, textarea: str) -> str:
    """The default orders the page offers (the text notation)."""
    return page.input_value(textarea) or "pass"
