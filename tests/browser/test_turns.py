"""Issue 16's "Done when", in a real browser: a whole Semper Victor year and a whole
Tetrarchia round (and the next emperor's turn) played with the mouse alone (no typed
notation: choices, the map, buttons) and with the keyboard alone (Tab, arrow keys, Enter),
at desktop (1440x900) and phone (390x844) widths, in one live server. Each prompt kind met
is photographed in reports/browser/ (prompt-<ruleset>-<kind>-<width>.png); axe-core runs
in the pages; any script error or console error fails the test.

Who plays how: Semper Victor's PRIMUS with the keyboard on a desktop and SECONDUS with
the mouse (taps) on a phone; Tetrarchia's player-1 (Diocletian, Galerius) with the mouse
on a desktop and player-2 (Constantius, Maximian) with the keyboard on a phone. Steps are
adjudicated in the live server's thread at the end of the submitting request, as a worker
would (``games.dispatch`` recorded, adjudication inline)."""

from __future__ import annotations

import json

import pytest

from games.models import Game, OrderSet, Step
from tests.browser.conftest import REPORTS, run_axe, serious
from tests.games.play import battle_orders, wait_until

pytestmark = [pytest.mark.browser]
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def inline_worker(dispatched):
    """Adjudication (and the receipt) run where the submission's message is published:
    after the response, in the live server's thread."""
    from games import dispatch, services

    def adjudicate(game_id, step_number, stored=None):
        services.step_adjudicate(game_id=game_id, step_number=step_number)

    dispatched.inline[dispatch.ADJUDICATE_STEP] = adjudicate
    return dispatched


class Player:
    """One seat in one browser: its page, its way of playing and what went wrong."""

    def __init__(self, chromium, base, user, password, *, viewport, mode, lang="en-GB"):
        phone = viewport["width"] < 600
        self.ctx = chromium.new_context(viewport=viewport, locale=lang, is_mobile=phone, has_touch=phone)
        self.page = self.ctx.new_page()
        self.mode, self.phone, self.base = mode, phone, base
        self.width = "phone" if phone else "desktop"
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"script error: {e}"))
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        self.page.goto(base + "/accounts/login/")
        self.page.fill("#id_username", user)
        self.page.fill("#id_password", password)
        self.page.click("main form button[type=submit]")
        self.page.wait_for_url(lambda url: "/login/" not in url)

    # -- the two ways of acting ------------------------------------------------------------
    def press(self, selector: str):
        """Act on the element: a click or a tap, or the keyboard: Tab to it, then Enter."""
        if self.mode == "keyboard":
            self.tab_to(selector)
            self.page.keyboard.press("Enter")
        elif self.phone:
            self.page.locator(selector).first.tap()
        else:
            self.page.locator(selector).first.click()

    def tab_to(self, selector: str, limit: int = 400):
        """Tab (forward) until the focus is on an element matching ``selector``."""
        page = self.page
        for _ in range(limit):
            if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    def point_at(self, selector: str):
        """A mouse click or a tap where the element itself is hit (not a label or a
        counter over it), fitting the map first when it is out of view."""
        page = self.page
        page.locator("#map-wrap").scroll_into_view_if_needed()
        find = """(s) => { const el = document.querySelector(s); if (!el) return null;
            const r = el.getBoundingClientRect(), box = document.querySelector('#map-wrap').getBoundingClientRect();
            for (let fy = 0.5, k = 0; k < 400; k++) {
              const fx = ((k * 0.618) % 1), y0 = ((k * 0.382) % 1);
              const x = r.left + r.width * fx, y = r.top + r.height * y0;
              if (x < box.left || x > box.right || y < box.top || y > box.bottom || y > innerHeight || x > innerWidth) continue;
              const hit = document.elementFromPoint(x, y);
              if (hit && (hit === el || el.contains(hit))) return [x, y];
            }
            return null; }"""
        at = page.evaluate(find, selector)
        if at is None and page.get_attribute("#map-zoom", "aria-pressed") == "true":
            self.press("#map-zoom")  # fit the whole map to the screen
            page.locator("#map-wrap").scroll_into_view_if_needed()
            at = page.evaluate(find, selector)
        assert at is not None, f"nothing of {selector} can be pointed at"
        if self.phone:
            page.touchscreen.tap(at[0], at[1])
        else:
            page.mouse.click(at[0], at[1])

    def settled(self):
        """The check and the choices it swaps in are back."""
        self.page.wait_for_load_state("networkidle")
        self.page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")

    def text(self, step: int) -> str:
        return self.page.input_value(f"#orders-{step}")

    def open_game(self, game_id: int, step: int):
        self.page.goto(f"{self.base}/games/{game_id}/")
        self.page.wait_for_selector(f"#orders-{step}")
        if self.phone:  # item 5: a phone opens the map enlarged on the player's own forces
            assert self.page.get_attribute("#map-zoom", "aria-pressed") == "true"
            own = self.page.locator("#map .stack[data-own]")
            if own.count():
                assert self.page.evaluate("""() => { const w = document.querySelector('#map-wrap').getBoundingClientRect();
                    return [...document.querySelectorAll('#map .stack[data-own]')].some(g => { const r = g.getBoundingClientRect();
                      const x = r.left + r.width / 2, y = r.top + r.height / 2;
                      return x > w.left && x < w.right && y > w.top && y < w.bottom; }); }"""), "the phone map opens on the player's forces"

    def drag(self, dx: float):
        """One finger across the map (touch events of the DevTools protocol)."""
        page = self.page
        box = page.locator("#map-wrap").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = self.ctx.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": cx, "y": cy, "id": 0}]})
        for k in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": cx + dx * k / 10, "y": cy, "id": 0}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def pinch(self, start: float, end: float):
        """Two fingers on the map, ``start`` pixels from its centre each, moving to ``end``
        (apart: zoom in; together: out), through the DevTools protocol's touch events; the
        map's scale after it."""
        page = self.page
        page.locator("#map-wrap").scroll_into_view_if_needed()
        box = page.locator("#map-wrap").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = self.ctx.new_cdp_session(page)

        def touch(kind, d):
            points = [] if kind == "touchEnd" else [{"x": cx - d, "y": cy, "id": 0}, {"x": cx + d, "y": cy, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", start)
        for k in range(1, 21):
            touch("touchMove", start + (end - start) * k / 20)
        touch("touchEnd", 0)
        cdp.detach()
        return page.evaluate("document.querySelector('#map').getBoundingClientRect().width / document.querySelector('#map-wrap').clientWidth")

    def submit(self, step: int):
        self.settled()
        problems = self.page.locator(f"#check-{step} .problem").all_inner_texts()
        assert not problems, (self.text(step), problems)
        self.press(f"form:has(#orders-{step}) button.submit-orders")
        self.page.wait_for_selector(".messages .notice", timeout=15000)

    def photo(self, name: str, seen: set):
        """The prompt as its player sees it: on a desktop the map beside the orders, on a
        phone the orders panel and the map, each whole."""
        if name in seen:
            return
        seen.add(name)
        if self.phone:
            self.page.locator(".order-panel").screenshot(path=str(REPORTS / f"{name}.png"))
            self.page.locator("#map-wrap").screenshot(path=str(REPORTS / f"{name}-map.png"))
        else:
            self.page.locator(".game-grid").scroll_into_view_if_needed()
            self.page.evaluate("window.scrollTo(0, document.querySelector('.game-grid').getBoundingClientRect().top + scrollY - 140)")
            self.page.screenshot(path=str(REPORTS / f"{name}.png"))


ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def _arrow_next(pos: list, i: int, d: tuple) -> int | None:
    """The stack an arrow key goes to from stack ``i``, as static/cursus/map.js chooses it
    (the nearest within 50 degrees of the arrow, else the nearest on that side)."""
    (ax, ay), best, best_score = pos[i], None, float("inf")
    for j, (bx, by) in enumerate(pos):
        vx, vy = bx - ax, by - ay
        along = vx * d[0] + vy * d[1]
        if j == i or along <= 0:
            continue
        across = abs(vx * d[1] - vy * d[0])
        score = (vx * vx + vy * vy) ** 0.5 + across + (0 if across <= along * 1.2 else 1e6)
        if score < best_score:
            best, best_score = j, score
    return best


def arrow_to(page, selector: str):
    """From the stack that has the focus, the arrow keys to the stack ``selector``: the
    shortest sequence of presses (a search over where each key leads), each press checked
    to land where the page's rule says."""
    from collections import deque

    data = page.evaluate("""(s) => { const all = [...document.querySelectorAll('#map .stack')];
        return {pos: all.map(g => { const r = g.querySelector('rect'); return [+r.getAttribute('x'), +r.getAttribute('y')]; }),
                start: all.indexOf(document.activeElement), target: all.indexOf(document.querySelector(s))}; }""", selector)
    pos, start, target = data["pos"], data["start"], data["target"]
    assert start >= 0 and target >= 0, data
    came = {start: None}
    queue = deque([start])
    while queue and target not in came:
        i = queue.popleft()
        for key, d in ARROWS.items():
            j = _arrow_next(pos, i, d)
            if j is not None and j not in came:
                came[j] = (i, key)
                queue.append(j)
    assert target in came, f"no arrow key sequence reaches {selector}: a stack the keyboard cannot reach"
    keys, at = [], target
    while came[at] is not None:
        at, key = came[at]
        keys.insert(0, key)
    for key in keys:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.matches('#map .stack')"), "the arrow keys keep the focus on the stacks"
    assert page.evaluate("(s) => document.activeElement.matches(s)", selector), (selector, keys)


def _focus_reaches(page, condition: str, what: str, timeout: float = 10000):
    """Wait until the focus is where ``condition`` (a script expression) says: the key's
    handlers have run, however loaded the machine; then it is asserted, not assumed."""
    try:
        page.wait_for_function(f"() => {condition}", timeout=timeout)
    except Exception:
        pass
    assert page.evaluate(condition), (what, page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 200)"))


def _next_step(game_id: int, after: int) -> Step | None:
    game = Game.objects.get(pk=game_id)
    if game.status != Game.Status.ACTIVE:
        return None
    return wait_until(lambda: Step.objects.filter(game_id=game_id, status=Step.Status.OPEN, number__gt=after).first(), timeout=60)


def _no_false_ticks(player: Player, step: int):
    """Item 7: with one line in error, no other line is marked valid (keyboard: typing)."""
    page, box = player.page, f"#orders-{step}"
    before = player.text(step)
    player.tab_to(box)
    page.keyboard.press("Control+End")
    page.keyboard.type("\nmarch nowhere\n")
    page.keyboard.press("Tab")  # leaving the box checks it (htmx on change)
    player.settled()
    page.wait_for_selector(f"#check-{step} .problem")
    assert page.locator(f"#check-{step} .ok").count() == 0
    if before.strip():
        assert page.locator(f"#check-{step} .unchecked").count() >= 1
    player.press(f"#orders [data-undo]")  # the bad line goes; every line is checked again
    player.settled()
    assert page.locator(f"#check-{step} .problem").count() == 0
    assert player.text(step).strip() == before.strip()


# -- Semper Victor ---------------------------------------------------------------------------
def _sv_answer(p: Player, game: Game, step: Step, prompt: dict, seen: set, report: list):
    page, n = p.page, step.number
    p.open_game(game.pk, n)
    questions = prompt.get("choices") or []
    board = next((q for q in questions if q["mode"] == "board"), None)
    stacks = (prompt.get("options") or {}).get("stacks") or []
    movable = [k for k, s in enumerate(stacks) if s.get("units") and s.get("reach")]
    how = "default"
    if board and movable:
        # an attack where one is possible (the battle brings its own prompts), else a move
        k, dest = movable[0], sorted(stacks[movable[0]]["reach"])[0]
        attack = battle_orders(prompt, Game.objects.get(pk=game.pk).state, prompt["role"])
        if attack:
            move = attack["moves"][0]
            k = next(i for i, s in enumerate(stacks) if s["zone"] == move["path"][0] and s["leaders"] == move["leaders"]
                     and s["units"] == move["units"])
            dest = move["path"][-1]
        if p.mode == "keyboard":
            # item 6: the stacks are one tab stop; arrow keys go from stack to stack; Enter
            # on one of mine puts the focus on the move panel
            p.tab_to("#map .stack[tabindex='0']")
            first = page.evaluate("document.activeElement.getAttribute('data-zone')")
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.matches('#map .stack')")
            assert page.evaluate("document.activeElement.getAttribute('data-zone')") != first
            assert page.locator("#map .stack[tabindex='0']").count() == 1
            arrow_to(page, f'#map .stack[data-zone="{stacks[k]["zone"]}"][data-side="{prompt["role"]}"]')
            p.settled()  # no check in flight whose answer would move the focus
            page.keyboard.press("Enter")
            _focus_reaches(page, "!!document.activeElement.closest('.move-builder')", "Enter on a stack: focus on the move panel")
            group = [i for i, s in enumerate(stacks) if s["zone"] == stacks[k]["zone"]].index(k)
            for g in range(group):
                page.keyboard.press("Tab")
                _focus_reaches(page, f"document.activeElement.getAttribute('data-group') === '{g + 1}'", "Tab: the next group")
            page.keyboard.press("Enter")  # its group (what moves)
            _focus_reaches(page, "document.activeElement.id === 'dest-select'", "the group chosen: focus on the destinations")
            for _ in range(len(stacks[k]["reach"]) + 1):  # down the list (a select answers the arrows)
                value = page.input_value("#dest-select")
                if value == dest:
                    break
                page.keyboard.press("ArrowDown")
                # the next option is chosen (and its route drawn) before the next key
                page.wait_for_function("(v) => document.querySelector('#dest-select').value !== v", arg=value)
            assert page.input_value("#dest-select") == dest
            p.tab_to("#add-move")
            page.keyboard.press("Enter")
        else:
            p.press(f'#choices-{n} button[data-stack="stack:{k}"]')
            assert page.locator("#map .cost-badge").count() == len(stacks[k]["reach"])  # each destination's MP
            p.point_at(f'#map .zone.legal[data-zone="{dest}"]')
            p.press("#add-move")
        p.settled()
        assert "move " in p.text(n) and dest in p.text(n)
        how = ("an attack" if attack else "a move") + " on the map"
    else:
        for q in questions:
            # another answer than the default: the first choice not picked yet
            pick = (q["mode"] == "one" and len(q["choices"]) > 1) or (q["mode"] in ("many", "ranked") and q["choices"])
            fresh = page.locator(f'#choices-{n} fieldset[data-question="{q["id"]}"] button.choice[aria-pressed="false"]')
            if pick and fresh.count():
                cid = fresh.first.get_attribute("value")
                line = fresh.first.get_attribute("data-line")
                p.press(f'#choices-{n} button.choice[value="{cid}"]')
                p.settled()
                assert line in p.text(n)
                how = f"choices ({line})"
                if page.locator(f"#check-{n} .problem").count():  # one pick may need others (losses that add up)
                    p.press(f'#choices-{n} button.choice[value="{cid}"]')
                    p.settled()
                    how = f"choices ({line}, taken back: {page.locator(f'#check-{n} .problem').count()} problems)"
    p.photo(f"prompt-semper-victor-{prompt['kind']}-{p.width}", seen)
    if p.mode == "keyboard" and prompt["kind"] == "smc" and "ticks" not in seen:
        seen.add("ticks")
        _no_false_ticks(p, n)
    p.submit(n)
    stored = OrderSet.objects.get(step=step, seat__role=prompt["role"])
    assert stored.canonical_hash[:12] in page.inner_text(".messages")
    report.append(f"SV step {n}: {prompt['role']} ({p.mode}, {p.width}) {prompt['kind']}: {how}")


@pytest.mark.django_db(transaction=True)
def test_a_semper_victor_year_and_a_tetrarchia_round_by_mouse_and_by_keyboard(
    chromium, live_server, inline_worker, make_player, monkeypatch, report
):
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))
    base = live_server.url
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    seen: set = set()
    errors = []

    # -- a whole Semper Victor year ---------------------------------------------------------
    game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=aurelia, role="PRIMUS", entropy="a")
    services.game_join(game=game, player=marcus, role="SECONDUS", entropy="m")
    players = {"PRIMUS": Player(chromium, base, "aurelia", "pw-aurelia", viewport=DESKTOP, mode="keyboard"),
               "SECONDUS": Player(chromium, base, "marcus", "pw-marcus", viewport=PHONE, mode="mouse")}
    year = Game.objects.get(pk=game.pk).state["year"]
    last = 0
    for _ in range(30):
        step = _next_step(game.pk, last)
        if step is None or Game.objects.get(pk=game.pk).state["year"] != year:
            break
        prompt = step.prompts[0]
        _sv_answer(players[prompt["role"]], game, step, prompt, seen, report)
        last = step.number
        wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
    assert Game.objects.get(pk=game.pk).state["year"] == year + 1, report
    for p in players.values():
        p.page.goto(f"{base}/games/{game.pk}/")
        found = serious(run_axe(p.page))
        assert not found, found
        errors += p.errors
        p.ctx.close()
    report.append(f"Semper Victor: the year {year} played to its end by both seats")

    # -- a whole Tetrarchia round, then the next emperor's turn -----------------------------
    game = services.game_create(ruleset="tetrarchia", scenario="293", created_by=aurelia, role="player-1", entropy="a",
                                options={"players": 2, "imperivm": True, "patres_patriae": True})
    services.game_join(game=game, player=marcus, role="player-2", entropy="m")
    players = {"player-1": Player(chromium, base, "aurelia", "pw-aurelia", viewport=DESKTOP, mode="mouse"),
               "player-2": Player(chromium, base, "marcus", "pw-marcus", viewport=PHONE, mode="keyboard")}
    # item 5: pinch and pan on the phone's map (Panzoom): two fingers apart zoom in, together out
    phone = players["player-2"]
    phone.page.goto(f"{base}/games/{game.pk}/")
    opened = phone.page.evaluate("document.querySelector('#map').getBoundingClientRect().width / document.querySelector('#map-wrap').clientWidth")
    wider = phone.pinch(30, 110)
    narrower = phone.pinch(110, 30)
    assert wider > opened + 1 and narrower < wider - 1, (opened, wider, narrower)
    left = phone.page.evaluate("document.querySelector('#map').getBoundingClientRect().left")
    phone.drag(-120)  # one finger pans the enlarged map
    assert phone.page.evaluate("document.querySelector('#map').getBoundingClientRect().left") < left - 60
    report.append(f"phone map: opened at {opened:.1f}x, pinched out to {wider:.1f}x, in to {narrower:.1f}x")
    last, rounds = 0, []
    for _ in range(20):
        step = _next_step(game.pk, last)
        state = Game.objects.get(pk=game.pk).state
        if step is None or state["round"] > 2:  # round 2 played to its end, Maximian's turn too
            break
        prompt = step.prompts[0]
        _tetrarchia_answer(players[prompt["role"]], game, step, prompt, state, seen, report)
        rounds.append((state["round"], prompt["kind"], (state.get("turn") or {}).get("emperor")))
        last = step.number
        wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
    assert ("fleets" in {k for _, k, _ in rounds}) and {(2, "diocletian"), (2, "galerius"), (2, "constantius"), (2, "maximian")} \
        <= {(r, e) for r, _, e in rounds}, rounds
    for p in players.values():
        p.page.goto(f"{base}/games/{game.pk}/")
        found = serious(run_axe(p.page))
        p.page.goto(f"{base}/games/{game.pk}/text/")
        found += serious(run_axe(p.page))
        assert not found, found
        errors += p.errors
        p.ctx.close()
    report.append("Tetrarchia: rounds 1 and 2, every emperor's turn of each")
    assert not errors, errors


def _tetrarchia_answer(p: Player, game: Game, step: Step, prompt: dict, state: dict, seen: set, report: list):
    page, n = p.page, step.number
    p.open_game(game.pk, n)
    kind = prompt["kind"]
    how = []
    if kind == "fleets":
        for _ in range(state["level"]["fleets"]):
            sea = page.locator(f'#choices-{n} fieldset[data-question="fleets"] button.choice').first.get_attribute("data-zones")
            if p.mode == "mouse":
                p.point_at(f'#map .zone.sea-zone.legal[data-zone="{sea}"]')  # a click on the sea zone
            else:
                p.press(f'#choices-{n} button.choice[data-zones="{sea}"]')
            p.settled()
            how.append(f"fleet {sea}")
            # item 5: a fleet placed is drawn, before resolution, as an arrow into its sea zone
            page.wait_for_function("(k) => document.querySelectorAll('#map .plan polyline.plan-arrow').length >= k", arg=len(how))
        assert p.text(n).count("fleets ") == state["level"]["fleets"]
    else:
        emperor = state["turn"]["emperor"]
        at = state["emperors"][emperor]["at"]
        if at is None:
            # off the board: where he enters (the map lights Rome and his capital)
            if p.mode == "mouse":
                p.point_at(f'#map .zone.legal[data-zone="{state.get("rome", "roma")}"]')
            else:
                p.press(f'#choices-{n} fieldset[data-question="enter"] button.choice')
            p.settled()
            assert "enter " in p.text(n)
            how.append("enter")
        else:
            # item 16: a click (or Enter) on the emperor lights where he can go, with the PI
            # each costs, and puts the focus on his actions
            if p.mode == "mouse":
                p.point_at(f'#map .stack[data-pieces~="{emperor}"]')
            else:
                p.tab_to("#map .stack[tabindex='0']")
                arrow_to(page, f'#map .stack[data-pieces~="{emperor}"]')
                assert emperor in (page.evaluate("document.activeElement.getAttribute('data-pieces')") or ""), \
                    "the arrow keys reach every stack"
                page.keyboard.press("Enter")
            assert page.evaluate(f"document.activeElement.matches('button.choice[data-pieces~=\"{emperor}\"]')"), \
                ("choosing the emperor puts the focus on his actions", page.evaluate("document.activeElement.outerHTML.slice(0, 300)"))
            badges = page.locator("#map .cost-badge text").all_text_contents()
            assert badges and all(b.endswith("PI") for b in badges), badges
            how.append(f"{emperor} picked on the map ({len(badges)} zones with their PI)")
        if "imperium" not in seen and page.locator(f'#choices-{n} button.choice[data-line="imperium"]').count():
            seen.add("imperium")  # a power of a variant, as a choice
            p.press(f'#choices-{n} button.choice[data-line="imperium"]')
            p.settled()
            how.append("IMPERIVM")
        attack = page.locator(f'#choices-{n} fieldset[data-question="actions"] button.choice[data-line^="attack "]')
        if attack.count() and "attack" not in seen:
            # an army next to him: a click on its counter (in a lit zone) picks the attack
            seen.add("attack")
            target = attack.first.get_attribute("data-zones")
            if p.mode == "mouse":
                p.point_at(f'#map .stack[data-side="barbari"][data-zone="{target}"]')
                p.settled()
                if "attack " not in p.text(n):  # two attacks there (Galerius' bonus): the focus is on the first
                    p.press(f'#choices-{n} button.choice[data-zones="{target}"][data-line^="attack "]')
            else:
                p.press(f'#choices-{n} button.choice[data-zones="{target}"][data-line^="attack "]')
            p.settled()
            assert f"attack {target}" in p.text(n)
            how.append(f"an attack on the army in {target}")
        # a move where he may stop (not where another emperor stands: he would only pass through)
        taken = {e["at"] for eid, e in state["emperors"].items() if eid != emperor and e["at"]}
        moves = [b for b in page.locator(f'#choices-{n} fieldset[data-question="actions"] button.choice[data-line^="move "]').all()
                 if b.get_attribute("data-zones") not in taken]
        how.append(f"{len(moves)} moves offered")
        if moves and "attack " not in p.text(n):  # an attack ends his list
            before = page.locator(f'#choices-{n} .budget').first.inner_text()
            target = moves[0].get_attribute("data-zones")
            if p.mode == "mouse":
                p.point_at(f'#map .zone.legal[data-zone="{target}"]')
            else:
                p.press(f'#choices-{n} fieldset[data-question="actions"] button.choice[data-zones="{target}"][data-line^="move "]')
            p.settled()
            assert page.locator(f'#choices-{n} .budget').first.inner_text() != before  # the running budget
            assert page.locator("#map .plan polyline").count() >= 1  # his path, drawn
            how.append("a move")
        standing = page.locator('#standing-%d button.choice[data-line$="block on"]' % n)
        if standing.count() and "block" not in seen:
            seen.add("block")
            p.press("details.standing summary")
            p.press('#standing-%d button.choice[data-line$="block on"]' % n)
            p.settled()
            how.append("Constantius' block")
    p.photo(f"prompt-tetrarchia-{kind}-{p.width}", seen)
    if p.mode == "mouse" and not p.phone:
        page.locator("#map").screenshot(path=str(REPORTS / f"map-tetrarchia-{kind}-{state['round']}.png"))
    p.submit(n)
    report.append(f"Tetrarchia step {n}: {prompt['role']} ({p.mode}, {p.width}) {kind}: {', '.join(how) or 'default'}")


#: Galerius' Roman phase beside a barbarian army (tests/web/test_tetrarchia_board.py's position).
ATTACK_POSITION = {
    "options": {"players": 2, "imperivm": True},
    "active": "galerius",
    "emperors": {"diocletian": "thracia", "galerius": {"at": "moesia-inferior", "discs": 3}},
    "discs": {"etruria": "diocletian", "dacia": "galerius"},
    "armies": ["sarmatia"],
    "fleets": {"internum": 2, "aegaeum": 1},
}


@pytest.mark.django_db(transaction=True)
def test_a_tetrarchia_attack_is_chosen_by_a_click_on_the_army_and_its_dice_are_rolled(
    chromium, live_server, inline_worker, make_player, monkeypatch, report
):
    """Item 16 (and 7 of this session's list): a click on the barbarian army beside the
    emperor picks his attack, its path is drawn, and the step's dice decide it: the log
    says how the attack went and the dice log names the roll."""
    import rules
    from games import services
    from games.models import Event

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    game = services.game_create(ruleset="tetrarchia", scenario="293", created_by=aurelia, role="player-1", entropy="a",
                                options=dict(ATTACK_POSITION["options"]))
    services.game_join(game=game, player=marcus, role="player-2", entropy="m")
    rs = rules.get_ruleset("tetrarchia")
    game = Game.objects.get(pk=game.pk)
    game.state = rs.load_position(ATTACK_POSITION)
    game.save(update_fields=["state"])
    Step.objects.filter(game=game, status=Step.Status.OPEN).delete()
    step = services._open_step(game=game, number=1, ruleset=rs)
    assert step.prompts[0]["role"] == "player-1" and step.prompts[0]["kind"] == "roman_phase"

    p = Player(chromium, live_server.url, "aurelia", "pw-aurelia", viewport=DESKTOP, mode="mouse")
    page, n = p.page, step.number
    p.open_game(game.pk, n)
    p.point_at('#map .stack[data-pieces~="galerius"]')  # the emperor: his choices light up
    p.settled()
    assert page.locator(f'#choices-{n} button.choice[data-line="attack sarmatia"]').count() == 1
    p.point_at('#map .stack[data-side="barbari"][data-zone="sarmatia"]')  # the army's counter, in a lit zone
    p.settled()
    if "attack sarmatia" not in p.text(n):  # two attacks there (Galerius' bonus): the focus is on the first
        assert page.evaluate("document.activeElement.matches('button.choice[data-zones~=\"sarmatia\"]')")
        p.press(f'#choices-{n} button.choice[data-line="attack sarmatia"]')
        p.settled()
    assert "attack sarmatia" in p.text(n)
    page.wait_for_function("() => document.querySelectorAll('#map .plan polyline.plan-arrow').length >= 1")  # his path
    page.locator("#map").screenshot(path=str(REPORTS / "map-tetrarchia-attack.png"))
    p.photo("prompt-tetrarchia-attack-desktop", set())
    p.submit(n)
    wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
    dice = Event.objects.get(game=game, step=step, type="dice")
    assert dice.data["rolls"], "the attack's dice"
    page.goto(f"{live_server.url}/games/{game.pk}/")
    log = page.inner_text(".event-log")
    assert "battle at sarmatia" in log.lower() and "(roman die, a battle)" in log.lower(), log[-800:]
    found = serious(run_axe(page))
    assert not found, found
    assert not p.errors, p.errors
    report.append(f"Tetrarchia: Galerius attacks the army in Sarmatia by a click on its counter; dice {dice.data['rolls']}")
    p.ctx.close()
