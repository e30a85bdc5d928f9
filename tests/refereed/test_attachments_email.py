"""Files attached to an emailed reply (notifications/inbound.py): kept as the orders'
attachments under the page's limits, sealed like them; an oversize or refused file is
answered with an error email and nothing is written. Real mail both ways: the inbound
SMTP server of ``manage.py mailserver`` and the outgoing sink."""

from __future__ import annotations

import re
import smtplib
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr

import pytest

from games import services
from games.models import GameTable, OrderAttachment, OrderSet, Step
from notifications.inbound import attached_files
from notifications.models import Outbox
from tests.games.play import wait_until
from tests.notifications.mail import deliver_all
from tests.refereed.test_own_tables import BROKEN, WEATHER


def send(port: int, *, sender: str, to: str, body: str, files=(), logo: bool = False) -> str:
    """A real reply over SMTP, with ``files`` [(name, maintype, subtype, bytes)] attached
    and, with ``logo``, an HTML body showing an image of its own (a signature)."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your turn"
    message["Message-ID"] = make_msgid(domain="example.test")
    message.set_content(body + "\n\nOn Sat, Cursus wrote:\n> quoted\n")
    if logo:
        message.add_alternative(f"<p>{body}</p><img src='cid:logo'>", subtype="html")
        message.get_payload()[1].add_related(b"\x89PNG logo", "image", "png", cid="<logo>", filename="logo.png")
    for name, maintype, subtype, data in files:
        message.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        smtp.send_message(message)
    return message["Message-ID"]


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def mails_to(smtp_sink, user) -> list[str]:
    out = []
    for m in smtp_sink.messages:
        if m["to"] == [user.email]:
            for part in m["message"].walk():
                if part.get_content_maintype() == "text":
                    out.append(part.get_content())
    return out


@pytest.mark.django_db(transaction=True)
def test_a_seats_emailed_files_join_its_orders_and_stay_sealed(smtp_sink, inbound_server, no_delivery, aie_game, players,
                                                              settings):
    game = aie_game
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 1000
    caesar, pompey, master = players["cesarien"], players["republicain"], players["master"]
    deliver_all()
    step = game.steps.get(status=Step.Status.OPEN)

    def turn_mail(user, number):
        found = smtp_sink.wait_for(lambda m: m["to"] == [user.email] and re.search(
            rf"(step|étape) {number}\b", str(m["message"]["Subject"])) and "Reply-To" in m["message"], timeout=30)
        assert found, f"no turn email for {user} step {number}"
        return found[0]["message"]

    def answer(user, after: int):
        wait_until(lambda: Outbox.objects.filter(recipient=user, kind="reply", status=Outbox.Status.PENDING).exists(), timeout=30)
        deliver_all()
        found = smtp_sink.wait_for(lambda m: m["to"] == [user.email] and smtp_sink.messages.index(m) >= after
                                   and m["message"]["In-Reply-To"], timeout=30)
        assert found, f"no answer to {user}"
        return found[0]["message"]

    # Pompeius: one file too large and one fine: refused whole, with the file named; nothing kept.
    address = parseaddr(turn_mail(pompey, step.number)["Reply-To"])[1]
    before = len(smtp_sink.messages)
    send(inbound_server.port, sender=pompey.email, to=address, body="Je tiens Brundisium.",
         files=[("plan.txt", "text", "plain", b"small plan"), ("carte.jpg", "image", "jpeg", b"j" * 1001)])
    refused = answer(pompey, before)
    words = text_of(refused)
    assert "attachment.too_large" in words and "carte.jpg" in words and "1001" in words
    assert "erreurs" in str(refused["Subject"]) or "errors" in str(refused["Subject"])
    assert not OrderAttachment.objects.filter(seat__role="republicain").exists()
    assert not OrderSet.objects.filter(step=step, seat__role="republicain").exists()

    # Caesar: two files and an HTML body with its own logo: the two files are kept.
    address = parseaddr(turn_mail(caesar, step.number)["Reply-To"])[1]
    before = len(smtp_sink.messages)
    send(inbound_server.port, sender=caesar.email, to=address, body="XIII Legio crosses the Rubicon.", logo=True,
         files=[("turn1.vlog", "application", "octet-stream", b"VASSAL log"),
                ("ariminum.png", "image", "png", b"\x89PNG map")])
    wait_until(lambda: OrderSet.objects.filter(step=step, seat__role="cesarien").exists(), timeout=30)
    stored = OrderSet.objects.get(step=step, seat__role="cesarien").orders
    assert stored["text"] == "XIII Legio crosses the Rubicon."
    assert [(a["name"], a["content_type"], a["size"]) for a in stored["attachments"]] == \
        [("turn1.vlog", "application/octet-stream", 10), ("ariminum.png", "image/png", 8)]
    assert bytes(OrderAttachment.objects.get(name="turn1.vlog").data) == b"VASSAL log"
    confirmation = text_of(answer(caesar, before))
    assert "turn1.vlog" in confirmation and "ariminum.png" in confirmation and "logo.png" not in confirmation

    # The same address still works for Pompeius (nothing was spent): a fine file now.
    address = parseaddr(turn_mail(pompey, step.number)["Reply-To"])[1]
    send(inbound_server.port, sender=pompey.email, to=address, body="Je tiens Brundisium.",
         files=[("plan.txt", "text", "plain", b"small plan")])
    wait_until(lambda: OrderSet.objects.filter(step=step, seat__role="republicain").exists(), timeout=30)
    assert [a["name"] for a in OrderSet.objects.get(step=step, seat__role="republicain").orders["attachments"]] == \
        ["plan.txt"]

    # The step closes: the master's turn email names each seat's files; no seat's mail
    # ever names the other's.
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    deliver_all()
    referee_step = game.steps.get(status=Step.Status.OPEN)
    master_mail = text_of(turn_mail(master, referee_step.number))
    assert "turn1.vlog" in master_mail and "ariminum.png" in master_mail and "plan.txt" in master_mail
    for seat, own, others in ((caesar, ["turn1.vlog", "ariminum.png"], ["plan.txt"]),
                              (pompey, ["plan.txt"], ["turn1.vlog", "ariminum.png"])):
        mail = "\n".join(mails_to(smtp_sink, seat))
        assert all(name in mail for name in own) and not any(name in mail for name in others)

    # The master's orders take no file, but a table file of his is the game's own table
    # (games/game_tables.py), in play with the very orders that roll on it. A broken one
    # refuses the reply whole, with the line of each problem.
    address = parseaddr(turn_mail(master, referee_step.number)["Reply-To"])[1]
    before = len(smtp_sink.messages)
    send(inbound_server.port, sender=master.email, to=address, body="roll table my-game/weather: the sky",
         files=[("notes.txt", "text", "plain", b"my notes"), ("weather.yaml", "text", "plain", BROKEN.encode())])
    words = text_of(answer(master, before))
    assert "weather.yaml" in words and "line 10 (rows/1/result)" in words and "table.roll_gap" in words
    assert not GameTable.objects.exists() and not OrderSet.objects.filter(step=referee_step, seat__role="master").exists()
    before = len(smtp_sink.messages)
    send(inbound_server.port, sender=master.email, to=address, body="roll table my-game/weather: the sky",
         files=[("notes.txt", "text", "plain", b"my notes"), ("weather.yaml", "text", "plain", WEATHER.encode())])
    wait_until(lambda: OrderSet.objects.filter(step=referee_step, seat__role="master").exists(), timeout=30)
    words = text_of(answer(master, before))
    assert "notes.txt" in words and "not kept" in words and "my-game/weather" in words
    assert not OrderAttachment.objects.filter(seat__role="master").exists()
    orders = OrderSet.objects.get(step=referee_step, seat__role="master").orders
    assert orders["rolls"][0]["table"] == "my-game/weather" and orders["tables"][0]["id"] == "my-game/weather"
    assert GameTable.objects.get().uploaded_by == master


def test_which_parts_are_files():
    message = EmailMessage()
    message.set_content("orders")
    message.add_alternative("<p>orders</p><img src='cid:logo'>", subtype="html")
    message.get_payload()[1].add_related(b"logo", "image", "png", cid="<logo>", filename="logo.png")
    message.add_attachment(b"log", maintype="application", subtype="octet-stream", filename="a.vlog")
    message.add_attachment("notes", filename="notes.txt")
    inline = EmailMessage()
    inline.set_content(b"photo", maintype="image", subtype="jpeg", disposition="inline", filename="photo.jpg")
    message.attach(inline)
    assert attached_files(message) == [("a.vlog", "application/octet-stream", b"log"),
                                       ("notes.txt", "text/plain", b"notes\n"), ("photo.jpg", "image/jpeg", b"photo")]
    plain = EmailMessage()
    plain.set_content("just text")
    assert attached_files(plain) == []
