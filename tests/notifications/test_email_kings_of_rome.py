"""Issue 23, "Done when": a three-player game of Kings of Rome is created, joined and played
by email replies alone. Three players (two reading English, one French) each read only the
turn emails sent to them over real SMTP, take for each question a line the email prints
under a choice, and reply to the email's Reply-To (the inbound SMTP door of ``manage.py
mailserver``). Four whole turns are played this way, from Romulus to the first elections:
the political orders of the King and of the head of the Senate, the Magistri and Tribunes,
the armies' actions, a war's expeditions run by the inactive seats, battles (a tactic
marker face down, the leader's box, the Spolia Opima), and the sealed candidates and
Senate bids of turn 4.

Table talk goes by email too: a reply to a table-talk email reaches the other seats by
email, and a private one only its recipient. And no email to one seat ever shows another
seat's sealed orders (candidates, bids, tactics: their lines or receipts), nor the value
of a draw from the cup.

One game is played (a module fixture would need a database kept across tests; the walk
takes about 40 s) and every check reads what it left: the mails the sink received."""

from __future__ import annotations

import re
from email.utils import make_msgid, parseaddr

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games import presentation, services
from games.models import Game, OrderSet, Step, TableMessage
from notifications.models import InboundMessage
from tests.games.play import kings_of_rome_for_three, wait_until
from tests.notifications.mail import send_mail
from tests.notifications.test_email_walk import _mail, _plain, inline_adjudication  # noqa: F401 (a fixture)

KOR = "kings-of-rome"
LANGUAGES = {"aurelia": "en", "marcus": "en", "livia": "fr"}


def _markers(language: str) -> dict:
    """The words of the turn email that frame its questions, in ``language``."""
    with translation.override(language):
        return {
            "decide": gettext("What you must decide:"),
            "deadline": gettext("Deadline: %(deadline)s UTC. Without orders by then, your default orders are used.")
            .split("%(deadline)s")[0].strip(),
            "one": gettext("write one of these lines:"), "many": gettext("write any of these lines:"),
            "ranked": gettext("write these lines, the best first:"),
            "sequence": gettext("one line per action, in order; the actions open now:"),
            "nothing": gettext("nothing now"),
            # a sequence's budget after its label, "(3 IP left)" / "(encore 3 PI)"
            "budget": re.compile(r" \(" + re.escape(gettext("%(n)s %(unit)s left")).replace(re.escape("%(n)s"), r"\d+")
                                 .replace(re.escape("%(unit)s"), r"[^()]+") + r"\)$"),
        }


def questions_of(text: str, language: str) -> list[dict]:
    """The questions of a turn email as its reader sees them: each with its label, its mode
    and its choices (a label and the line of notation printed under it)."""
    words = _markers(language)
    section = text.split(words["decide"], 1)[1].split("\n" + words["deadline"], 1)[0]
    out, current, choice = [], None, None
    for line in section.splitlines():
        if not line.strip() or line.startswith("== "):
            continue
        if line.startswith("  * "):
            choice = {"label": line[4:].strip(), "line": None}
            if current is not None and choice["label"] != words["nothing"]:
                current["choices"].append(choice)
        elif line.startswith("      ") and choice is not None:
            if choice["line"] is None and not line.strip().startswith("("):
                choice["line"] = line.strip()
        else:
            mode = next((m for m in ("one", "many", "ranked", "sequence") if words[m] in line), None)
            label = line.split(" — ")[0].strip()
            label = words["budget"].sub("", label) if mode == "sequence" else label
            current, choice = {"label": label, "mode": mode, "choices": []}, None
            if mode is not None:
                out.append(current)
    return out


def _pick(question: dict, role: str) -> str | None:
    """The line a player takes for ``question``: an army marches to a battle where the email
    offers one, else stops (one action each); a war strikes a Roman army where it can; the
    Latin-Sabine seat bids its most for the Senate, the Volscian one takes the defence marker;
    elsewhere the first choice."""
    offered = [c for c in question["choices"] if c["line"]]
    if not offered:
        return None

    def first(pred):
        return next((c for c in offered if pred(c["line"])), None)

    if question["mode"] == "sequence":
        chosen = first(lambda line: " battle " in line) or first(lambda line: line.endswith(" end")) or offered[0]
    elif offered[0]["line"].startswith("bid ") and role == "latina-sabina":
        chosen = offered[-1]
    elif offered[0]["line"].startswith("tactic ") and role == "volsca":
        chosen = first(lambda line: line == "tactic defence")
    else:
        chosen = first(lambda line: " target " in line) or offered[0]  # a war strikes an army
    return chosen["line"]


def _turn_email(sink, game: Game, seat, step: Step):
    key = f"step-opened:{game.pk}:{step.number}:{seat.role}"
    found = _mail(sink, lambda m: m["to"] == [seat.player.email]
                  and str(m["message"]["X-Cursus-Notification"]).startswith(key))
    assert found, f"no turn email for {seat.player.username}, step {step.number}"
    return found[-1]["message"]


#: What an email must not show its reader where a name belongs: a seat's or a Curia's id,
#: a unit's or a force's, an error code.
IDS = re.compile(r"\b(latina-sabina|latina|sabina|etrusca|volsca|u\d\d|f\d+|[a-z]+-(inf|cav)-\d+)\b|\([a-z_]+\.[a-z_]+\)")


def _names_not_ids(text: str, language: str) -> None:
    """Above its questions (the notation's lines are ids by design), an email names things."""
    told = text.split(_markers(language)["decide"], 1)[0]
    shown = sorted({m.group(0) for m in IDS.finditer(told)})
    assert not shown, (shown, [line for line in told.splitlines() if IDS.search(line)][:5])


def _stored_labels(prompt: dict, language: str) -> list[str]:
    return [q["label"][language] for q in prompt["choices"] if q["choices"]]


def _answer(sink, inbound, game: Game, step: Step, prompt: dict, record: dict) -> list[str]:
    seat = game.seats.select_related("player").get(role=prompt["role"])
    language = LANGUAGES[seat.player.username]
    message = _turn_email(sink, game, seat, step)
    text = _plain(message)
    questions = questions_of(text, language)
    _names_not_ids(str(message["Subject"]) + "\n" + text, language)
    # the email asks what the step asks, in the reader's language, every question with lines
    assert [q["label"] for q in questions if q["choices"]] == _stored_labels(prompt, language), text
    for q in questions:
        assert all(c["line"] for c in q["choices"]), ("a choice without its line", q)
    picks = [_pick(q, seat.role) for q in questions]
    lines = [line for line in picks if line]
    # every line the email offers is one the reply would take, not only those taken here: the
    # reply with that line instead of the one picked for its question parses and validates
    ruleset = services.ruleset_for(KOR)
    for n, q in enumerate(questions):
        for c in q["choices"]:
            other = [line for i, line in enumerate(picks) if line and i != n] + [c["line"]]
            orders, errors = ruleset.parse_orders("\n".join(other), game.state, seat.role)
            errors = errors or ruleset.validate(game.state, seat.role, orders)
            assert not errors, (q["label"], c, errors)
    assert lines, (prompt["kind"], text)
    record["offered"].setdefault(seat.role, set()).update(c["line"] for q in questions for c in q["choices"])
    before = InboundMessage.objects.count()
    message_id = make_msgid(domain="example.test")
    send_mail(inbound.port, sender=seat.player.email, to=parseaddr(message["Reply-To"])[1], message_id=message_id,
              body="\n".join(lines) + "\n\n> the quoted turn email\n")
    row = wait_until(lambda: InboundMessage.objects.order_by("-pk").first()
                     if InboundMessage.objects.count() > before else None, timeout=60)
    replies = _mail(sink, lambda m: m["to"] == [seat.player.email] and m["message"]["In-Reply-To"] == message_id, timeout=20)
    if row.result != "accepted":
        raise AssertionError(f"{prompt['kind']}: the lines the email offered were refused: {lines}\n"
                             + (_plain(replies[-1]["message"]) if replies else row.result))
    assert OrderSet.objects.filter(step=step, seat=seat, source="email").exists()
    with translation.override(language):
        name = presentation.seat_name(game.ruleset, seat.role, game.options)
    assert replies and name in _plain(replies[-1]["message"]).replace("\n", " "), ("the reply names the seat", name)
    record["walked"].append((step.number, game.state["turn"], prompt["kind"], seat.role, lines))
    return lines


def _talk(sink, inbound, game: Game, players: dict, api_for) -> None:
    """Table talk by email: a public word posted on the page's API is answered by email and
    the answer reaches the two other seats by email; a private word's emailed answer reaches
    its author only."""
    aurelia, marcus, livia = players["latina-sabina"], players["etrusca"], players["volsca"]
    posted = api_for(aurelia).post(f"/api/v1/games/{game.pk}/messages/", {"body": "Who stands for King in turn 4?"},
                                   format="json")
    assert posted.status_code == 201, posted.json()
    mail = _mail(sink, lambda m: m["to"] == [marcus.email] and "Who stands for King" in _plain(m["message"]))[-1]["message"]
    send_mail(inbound.port, sender=marcus.email, to=parseaddr(mail["Reply-To"])[1], subject="Re: " + str(mail["Subject"]),
              body="Tarquinia, and she will win.\n\nOn Monday, Cursus wrote:\n> Who stands for King in turn 4?\n")
    for reader in (aurelia, livia):
        assert _mail(sink, lambda m: m["to"] == [reader.email] and "Tarquinia, and she will win." in _plain(m["message"])), \
            f"the answer by email reaches {reader.username} by email"
    reply = TableMessage.objects.get(body="Tarquinia, and she will win.")
    assert reply.source == "email" and reply.author_role == "etrusca"

    posted = api_for(livia).post(f"/api/v1/games/{game.pk}/messages/",
                                 {"body": "Vote Attia for the Senate and I keep the Volsci away.", "to": ["etrusca"]},
                                 format="json")
    assert posted.status_code == 201 and posted.json()["private"] is True, posted.json()
    mail = _mail(sink, lambda m: m["to"] == [marcus.email] and "Vote Attia" in _plain(m["message"]))[-1]["message"]
    send_mail(inbound.port, sender=marcus.email, to=parseaddr(mail["Reply-To"])[1], subject="Re: " + str(mail["Subject"]),
              body="Agreed, privately.\n\n> Vote Attia for the Senate\n")
    assert _mail(sink, lambda m: m["to"] == [livia.email] and "Agreed, privately." in _plain(m["message"]))
    assert TableMessage.objects.get(body="Agreed, privately.").recipients == ["volsca"]


@pytest.mark.django_db(transaction=True)
def test_a_three_player_kings_of_rome_game_is_played_from_the_emails_alone(
    smtp_sink, inbound_server, inline_adjudication, make_player, api_for, monkeypatch
):
    game, players = kings_of_rome_for_three(make_player, monkeypatch)

    record = {"walked": [], "offered": {}}
    last, talked = 0, False
    for _ in range(60):
        game = Game.objects.get(pk=game.pk)
        assert game.status == Game.Status.ACTIVE
        if game.state["turn"] > 4:
            break
        if game.state["turn"] == 3 and not talked:
            _talk(smtp_sink, inbound_server, game, players, api_for)
            talked = True
        step = wait_until(lambda: Step.objects.filter(game_id=game.pk, status=Step.Status.OPEN, number__gt=last).first(),
                          timeout=60)
        for prompt in step.prompts:
            _answer(smtp_sink, inbound_server, game, step, prompt, record)
        wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
        last = step.number
    walked = record["walked"]
    game = Game.objects.get(pk=game.pk)
    assert game.state["turn"] == 5 and talked, walked
    kinds = {kind for _, _, kind, _, _ in walked}
    assert {"political", "actions", "battle", "expeditions", "candidates"} <= kinds, walked
    assert {role for _, _, _, role, _ in walked} == set(players), "every seat played by email"
    assert not OrderSet.objects.filter(seat__game=game).exclude(source="email").exists(), "nothing but email replies"
    lines = [line for *_, ls in walked for line in ls]
    assert any(" battle " in line for line in lines) and any(line.startswith("candidate ") for line in lines)
    assert any(line.startswith("bid latina ") and not line.endswith(" 0") for line in lines), "a sealed bid"
    assert any(line == "tactic defence" for line in lines), "a tactic marker face down"

    # -- hidden information: what every other seat received, whole -----------------------
    by_email = {p.email: role for role, p in players.items()}
    received = {role: [] for role in players}
    for m in smtp_sink.messages:
        role = by_email.get(m["to"][0]) if m["to"] else None
        if role:
            received[role].append(_plain(m["message"]) + "\n" + str(m["message"]["Subject"]))
    assert all(received.values())
    order_sets = list(OrderSet.objects.filter(seat__game=game).select_related("seat", "step"))
    written = {o.pk: [line.strip() for line in services.ruleset_for(KOR).format_orders(o.orders).splitlines()] for o in order_sets}
    # what a reader may read of the notation: the lines offered to it and its own orders (its
    # receipts list them); those lines are left out of its emails before looking for secrets
    own = {role: set(record["offered"].get(role, set())) for role in players}
    for o in order_sets:
        own[o.seat.role].update(written[o.pk])
    received = {role: ["\n".join(line for line in text.splitlines() if line.strip() not in own[role]) for text in texts]
                for role, texts in received.items()}
    sealed_kinds = {"candidates", "battle"}  # and the battle plans inside an army's actions
    for order_set in order_sets:
        author = order_set.seat.role
        kinds = {p["kind"] for p in order_set.step.prompts if p["role"] == author}
        sealed = [line for line in written[order_set.pk] if line and (kinds & sealed_kinds or " battle " in line)]
        receipt = order_set.canonical_hash[:12]
        assert any(receipt in text for text in received[author]), "the author reads its receipt"
        for reader, texts in received.items():
            if reader == author:
                continue
            secrets = [receipt] + [s for s in sealed if s not in own[reader]]
            for text in texts:  # a one-word line ("spolia") counts where it stands alone on a line
                shown = [s for s in secrets if (s in text if " " in s else re.search(rf"^\s*{re.escape(s)}\s*$", text, re.M))]
                assert not shown, (f"an email to {reader} shows {author}'s orders of step {order_set.step.number}", shown)
    for reader, texts in received.items():
        for text in texts:
            assert not re.search(r"\b(draw|tirage) \d+ (of|sur)\b", text), "a draw from the cup shown before the game ends"
    assert not any("Agreed, privately." in text for text in received["latina-sabina"]), "a private word kept private"
