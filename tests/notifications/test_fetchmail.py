"""The second door: ``manage.py fetchmail`` polls an IMAP mailbox (here a small IMAP4rev1
server on 127.0.0.1 speaking the commands imaplib sends) and feeds process_message."""

import socketserver
import threading
from email.message import EmailMessage

import pytest
from django.core.management import call_command

from games import links
from games.models import OrderSet, Step
from notifications.models import InboundMessage


class Mailbox:
    def __init__(self, messages):
        self.messages = list(messages)  # raw bytes
        self.deleted = set()
        self.logins = []


def _server(mailbox: Mailbox):
    class Handler(socketserver.StreamRequestHandler):
        def send(self, line: str):
            self.wfile.write(line.encode() + b"\r\n")

        def handle(self):
            self.send("* OK IMAP4rev1 test mailbox ready")
            while True:
                line = self.rfile.readline().decode().strip()
                if not line:
                    return
                tag, command, *rest = line.split(" ", 2)
                args = rest[0] if rest else ""
                command = command.upper()
                if command == "CAPABILITY":
                    self.send("* CAPABILITY IMAP4rev1 AUTH=PLAIN")
                elif command == "LOGIN":
                    mailbox.logins.append(args)
                elif command == "SELECT":
                    self.send(f"* {len(mailbox.messages)} EXISTS")
                    self.send("* FLAGS (\\Deleted \\Seen)")
                elif command == "SEARCH":
                    numbers = " ".join(str(i + 1) for i in range(len(mailbox.messages)) if i not in mailbox.deleted)
                    self.send(f"* SEARCH {numbers}".rstrip())
                elif command == "FETCH":
                    number = int(args.split(" ")[0])
                    raw = mailbox.messages[number - 1]
                    self.wfile.write(f"* {number} FETCH (RFC822 {{{len(raw)}}}\r\n".encode() + raw + b")\r\n")
                elif command == "STORE":
                    mailbox.deleted.add(int(args.split(" ")[0]) - 1)
                    self.send(f"* {args.split(' ')[0]} FETCH (FLAGS (\\Deleted))")
                elif command == "EXPUNGE":
                    pass
                elif command == "LOGOUT":
                    self.send("* BYE")
                    self.send(f"{tag} OK LOGOUT completed")
                    return
                self.send(f"{tag} OK {command} completed")

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.mark.django_db
def test_fetchmail_reads_the_mailbox_and_deletes_what_it_processed(started_game, settings, no_delivery):
    step = started_game.steps.get(status=Step.Status.OPEN)
    seat = started_game.seats.get(role=step.roles[0])
    message = EmailMessage()
    message["From"] = seat.player.email
    message["To"] = links.reply_address(seat=seat, step=step)
    message["Subject"] = "Re: your orders"
    message["Message-ID"] = "<imap-1@example.test>"
    message.set_content("pass\n\nLe dimanche 22 novembre, Cursus a écrit :\n> old\n")
    spam = b"From: someone@example.test\r\nTo: other@example.test\r\nMessage-ID: <x@y>\r\nSubject: hi\r\n\r\nhello\r\n"
    mailbox = Mailbox([bytes(message).replace(b"\n", b"\r\n") if b"\r\n" not in bytes(message) else bytes(message), spam])
    server = _server(mailbox)
    try:
        settings.CURSUS_IMAP_HOST = "127.0.0.1"
        settings.CURSUS_IMAP_PORT = server.server_address[1]
        settings.CURSUS_IMAP_USER = "play"
        settings.CURSUS_IMAP_PASSWORD = "secret"
        settings.CURSUS_IMAP_SSL = False
        call_command("fetchmail")
    finally:
        server.shutdown()
        server.server_close()
    assert mailbox.logins and "play" in mailbox.logins[0]
    assert mailbox.deleted == {0, 1}
    results = dict(InboundMessage.objects.values_list("message_id", "result"))
    assert results == {"<imap-1@example.test>": "accepted", "<x@y>": "ignored"}
    assert OrderSet.objects.filter(step=step, seat=seat, source="email").exists()
    assert InboundMessage.objects.get(result="accepted").via == "imap"
