"""Helpers of the notifications tests: deliver the outbox now, send real mail."""


def deliver_all() -> list[str]:
    """Send every pending row now (as the worker would)."""
    from notifications import services
    from notifications.models import Outbox

    return [
        services.outbox_deliver(outbox_id=pk)
        for pk in Outbox.objects.filter(status=Outbox.Status.PENDING).order_by("id").values_list("pk", flat=True)
    ]


def send_mail(port: int, *, sender: str, to: str, body: str, subject: str = "Re: your orders", message_id: str | None = None, headers: dict | None = None) -> None:
    """Send a real email over SMTP to 127.0.0.1:port."""
    import smtplib
    from email.message import EmailMessage
    from email.utils import make_msgid

    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = message_id or make_msgid(domain="example.test")
    for key, value in (headers or {}).items():
        message[key] = value
    message.set_content(body)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        smtp.send_message(message)
