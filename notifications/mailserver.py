"""The local inbound SMTP server (aiosmtpd) behind ``manage.py mailserver``: it accepts
mail for the inbound domain only and hands each message to ``process_message``."""

from __future__ import annotations

import asyncio
import logging

from aiosmtpd.controller import Controller
from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)


class InboundHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        domain = address.rsplit("@", 1)[-1].lower()
        if domain != settings.CURSUS_INBOUND_DOMAIN.lower():
            return "550 5.1.1 not a Cursus address"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(None, _process, envelope.original_content or envelope.content, list(envelope.rcpt_tos))
        except Exception:  # noqa: BLE001 - the sender retries a 4xx; the error is logged
            logger.exception("inbound message from %s failed", envelope.mail_from)
            return "451 4.3.0 temporary failure, try again later"
        logger.info("inbound message from %s: %s", envelope.mail_from, result.get("result"))
        return "250 OK"


def _process(raw: bytes, recipients: list[str]) -> dict:
    from notifications.inbound import process_message

    close_old_connections()
    try:
        return process_message(raw, via="smtp", recipients=recipients)
    finally:
        close_old_connections()


def tls_context():
    """An SSL context for STARTTLS from CURSUS_MAILSERVER_TLS_CERT and _KEY, or None
    (plain SMTP) when they are unset."""
    cert = getattr(settings, "CURSUS_MAILSERVER_TLS_CERT", "")
    key = getattr(settings, "CURSUS_MAILSERVER_TLS_KEY", "")
    if not cert:
        return None
    import ssl

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key or None)
    return context


def inbound_controller(*, host: str, port: int) -> Controller:
    """A started-on-demand aiosmtpd controller (``.start()`` / ``.stop()``). With a
    certificate configured it offers STARTTLS (sending servers use it when offered; it
    is not required, as an MX must accept plain SMTP too)."""
    context = tls_context()
    extra = {"tls_context": context} if context is not None else {}
    return Controller(InboundHandler(), hostname=host, port=port,
                      data_size_limit=int(getattr(settings, "CURSUS_MAILSERVER_MAX_BYTES", 25 * 1024 * 1024)), **extra)
