"""Issue 16, "Done when": a reviewer who has never seen the notation can answer every
prompt of a demo turn from the email alone. Each seat reads only its turn email (sent
over real SMTP to a sink), takes the example lines the email offers for each choice,
and replies with them to the email's Reply-To (the inbound SMTP door of ``manage.py
mailserver``); the step must take them. A Semper Victor year (with a battle, so the
battle's own prompts come) and a Tetrarchia round are walked this way.

Steps are adjudicated where the reply's submission publishes its message (inline, as a
worker would), and every email the outbox holds is sent at once by the test."""

from __future__ import annotations

import re
from email.utils import parseaddr

import pytest
from django.utils import translation

from games import presentation
from games.models import Game, OrderSet, Step
from notifications.models import InboundMessage
from tests.games.play import wait_until
from tests.notifications.mail import deliver_all, send_mail


@pytest.fixture
def inline_adjudication(dispatched, no_delivery):
    from games import dispatch, services

    def adjudicate(game_id, step_number, stored=None):
        services.step_adjudicate(game_id=game_id, step_number=step_number)

    dispatched.inline[dispatch.ADJUDICATE_STEP] = adjudicate
    return dispatched


def _plain(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def parse_choices(text: str) -> list[dict]:
    """The questions of a turn email as a reader sees them: each with its label, what to
    write (one line, any, ranked, one per action) and its choices, each a label and the
    line of notation printed under it."""
    section = text.split("What you must decide:", 1)[1].split("\nDeadline:", 1)[0]
    questions, current, choice = [], None, None
    for line in section.splitlines():
        if not line.strip() or line.startswith("== "):
            continue
        if line.startswith("  * "):
            choice = {"label": line[4:].strip(), "line": None, "detail": ""}
            if current is not None:
                current["choices"].append(choice)
        elif line.startswith("      ") and choice is not None:
            stripped = line.strip()
            if choice["line"] is None and not stripped.startswith("("):
                choice["line"] = stripped
            elif stripped.startswith("("):
                choice["detail"] = stripped
                example = re.search(r"for example: (.+?)\)?$", stripped)
                if choice["line"] is None and example:  # a stack's move: "For example: move ri-africa: a > b"
                    choice["line"] = example.group(1).strip()
        else:
            mode = ("one" if "write one of these lines" in line else "many" if "write any of these lines" in line
                    else "ranked" if "the best first" in line else "sequence" if "one line per action" in line else "other")
            current, choice = {"label": line.strip(), "mode": mode, "choices": []}, None
            questions.append(current)
    return questions


def pick_lines(questions: list[dict], prefer=None) -> list[str]:
    """What a reviewer writes back: for each question the line under the choice it takes
    (``prefer(question, choices)`` may name one; else the first), every line of a ranked
    question in the order given."""
    lines = []
    for q in questions:
        # what the email says a choice cannot end on is not taken ("passing through only")
        offered = [c for c in q["choices"] if c["line"] and "passing through only" not in c["detail"]]
        if not offered:
            continue
        if q["mode"] == "ranked":
            lines += [c["line"] for c in offered]
            continue
        chosen = (prefer(q, offered) if prefer else None) or offered[0]
        left = re.search(r"\((\d+) (\w+) left\)", q["label"])
        if q["mode"] == "sequence" and left and left.group(2) not in ("PI", "MP"):
            lines += [chosen["line"]] * int(left.group(1))  # "Place 2 fleets (2 fleets left)": two lines
        else:
            lines.append(chosen["line"])
    return lines


def _mail(sink, predicate, timeout: float = 60.0) -> list:
    """The mails ``predicate`` takes, sending the outbox as its rows come: a row written
    after the commit the test waited for (a turn email, the reply) is sent on the next
    round, not missed."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        deliver_all()
        found = sink.wait_for(predicate, timeout=0.5)
        if found or time.monotonic() > deadline:
            return found


def _turn_email(sink, player, step_number: int):
    found = _mail(sink, lambda m: m["to"] == [player.email] and re.search(rf"\bstep {step_number}:",
                                                                          str(m["message"]["Subject"])))
    assert found, f"no turn email for {player.username}, step {step_number}"
    return found[-1]["message"]


def _answer_by_email(sink, inbound, game: Game, step: Step, prompt: dict, prefer=None) -> tuple[str, list[str]]:
    seat = game.seats.get(role=prompt["role"])
    player = seat.player
    message = _turn_email(sink, player, step.number)
    text = _plain(message)
    questions = parse_choices(text)
    lines = pick_lines(questions, prefer)
    assert lines, (prompt["kind"], text)
    before = InboundMessage.objects.count()
    send_mail(inbound.port, sender=player.email, to=parseaddr(message["Reply-To"])[1],
              body="\n".join(lines) + "\n\n> the quoted turn email\n")
    inbound_row = wait_until(lambda: InboundMessage.objects.order_by("-pk").first()
                             if InboundMessage.objects.count() > before else None, timeout=60)
    if inbound_row.result != "accepted":
        replies = _mail(sink, lambda m: m["to"] == [player.email] and "error" in str(m["message"]["Subject"]), timeout=20)
        raise AssertionError(f"{prompt['kind']}: the lines the email offered were refused: {lines}\n"
                             + (_plain(replies[-1]["message"]) if replies else inbound_row.result))
    assert OrderSet.objects.filter(step=step, seat=seat, source="email").exists()
    receipt = _mail(sink, lambda m: m["to"] == [player.email] and "orders received" in str(m["message"]["Subject"])
                    and f"step {step.number}:" in str(m["message"]["Subject"]))
    assert receipt, "the reply that takes the orders"
    # the reply names the seat as the turn email did ("Player 1 (Diocletian, Galerius)"), never its id
    # in the player's language (English: make_player's default), whatever an earlier test left active
    with translation.override("en"):
        name = presentation.seat_name(game.ruleset, seat.role, game.options)
    assert f"as {name} for" in _plain(receipt[-1]["message"]).replace("\r\n", " ").replace("\n", " ")
    return prompt["kind"], lines


def _walk(game_id: int, sink, inbound, *, steps: int, until, prefer_for=None) -> list[tuple[int, str, list[str]]]:
    """Answer each step's prompts by email until ``until(state)``."""
    walked = []
    last = 0
    for _ in range(steps):
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE or until(game.state):
            break
        step = wait_until(lambda: Step.objects.filter(game_id=game_id, status=Step.Status.OPEN, number__gt=last).first(),
                          timeout=60)
        for prompt in step.prompts:
            prefer = prefer_for(game, prompt) if prefer_for else None
            kind, lines = _answer_by_email(sink, inbound, game, step, prompt, prefer)
            walked.append((step.number, kind, lines))
        wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
        last = step.number
    return walked


def _sv_attack(game: Game, prompt: dict):
    """A stack's move where the email says enemy units stand (a battle), written as the
    email says: “move <who>:” and the path it gives for that destination. None: the
    email's example line."""
    if prompt["kind"] != "smc":
        return None

    pieces = game.state["pieces"]

    def prefer(question, offered):
        # units march on the enemy (a leader alone would only escape): the first stack with
        # units that the email says can bring a battle, to the first such zone by its id
        for c in offered:
            head = re.search(r"Write “(move ([^”]+):)” and the path", c["detail"])
            if not head or all(pieces.get(p, {}).get("kind") == "leader" for p in head.group(2).split()):
                continue
            battles = sorted(re.findall(r"\(\d+ MP: ([^);]+); units of [^:]+: a battle\)", c["detail"]),
                             key=lambda path: path.split(" > ")[-1])
            if battles:
                return dict(c, line=f"{head.group(1)} {battles[0]}")
        return None

    return prefer


@pytest.mark.django_db(transaction=True)
def test_a_semper_victor_year_is_played_from_the_turn_emails_alone(
    smtp_sink, inbound_server, inline_adjudication, make_player, monkeypatch
):
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=aurelia, role="PRIMUS", entropy="a")
    services.game_join(game=game, player=marcus, role="SECONDUS", entropy="m")
    year = Game.objects.get(pk=game.pk).state["year"]
    walked = _walk(game.pk, smtp_sink, inbound_server, steps=40, until=lambda state: state["year"] != year,
                   prefer_for=_sv_attack)
    kinds = {kind for _, kind, _ in walked}
    assert Game.objects.get(pk=game.pk).state["year"] == year + 1, walked
    assert {"smc"} <= kinds, walked
    assert kinds & {"evasion", "retreat", "losses", "stratagem", "escape"}, ("a battle's prompts were met", walked)


@pytest.mark.django_db(transaction=True)
def test_a_tetrarchia_round_is_played_from_the_turn_emails_alone(
    smtp_sink, inbound_server, inline_adjudication, make_player, monkeypatch
):
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    game = services.game_create(ruleset="tetrarchia", scenario="293", created_by=aurelia, role="player-1", entropy="a",
                                options={"players": 2, "imperivm": True, "patres_patriae": True})
    services.game_join(game=game, player=marcus, role="player-2", entropy="m")
    walked = _walk(game.pk, smtp_sink, inbound_server, steps=14, until=lambda state: state.get("round", 1) > 1)
    kinds = {kind for _, kind, _ in walked}
    assert Game.objects.get(pk=game.pk).state.get("round") == 2, walked
    assert {"fleets", "roman_phase"} <= kinds, walked
