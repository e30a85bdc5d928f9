"""Telling the operators: what players never see go wrong (a notification given up, a game
that cannot go on) is logged at ERROR, which Django mails to ``ADMINS`` (and the error
tracker records), and posted to the operators' webhook when CURSUS_OPS_WEBHOOK_URL is set
(a Slack or Discord incoming webhook, or any endpoint taking JSON). Best effort: an alert
that cannot be posted is logged, never retried forever."""

from __future__ import annotations

import json
import logging
import urllib.request

from django.conf import settings

logger = logging.getLogger(__name__)


def post(*, event: str, text: str, **data) -> bool:
    """POST ``{"event", "text", "content", ...data}`` to the operators' webhook (``text``
    is what Slack shows, ``content`` what Discord shows). False when none is set or the
    post failed."""
    url = getattr(settings, "CURSUS_OPS_WEBHOOK_URL", "")
    if not url:
        return False
    body = json.dumps({"event": event, "text": text, "content": text[:2000], **data}, sort_keys=True, default=str).encode()
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json", "User-Agent": "Cursus-Ops/1"}
    )
    try:
        with urllib.request.urlopen(request, timeout=settings.CURSUS_WEBHOOK_TIMEOUT) as response:
            response.read()
        return True
    except Exception as exc:  # noqa: BLE001
        logger.warning("the operators' webhook failed (%s): %s", exc.__class__.__name__, text)
        return False


def outbox_given_up(*, outbox_id: int) -> bool:
    from notifications.models import Outbox

    outbox = Outbox.objects.filter(pk=outbox_id).first()
    if outbox is None:
        return False
    text = (
        f"Cursus: a {outbox.kind or 'notification'} {outbox.channel} to {outbox.address} was given up after "
        f"{outbox.attempts} attempts ({outbox.last_error}). Resend it from the admin or with "
        f"`manage.py outbox_resend {outbox.pk}`."
    )
    return post(event="outbox.given_up", text=text, outbox=outbox.pk, game=outbox.game_id, error=outbox.last_error)


def game_halted(*, game_id: int) -> bool:
    from games.models import Game

    game = Game.objects.filter(pk=game_id).only("pk", "ruleset", "ruleset_version", "halted_reason").first()
    if game is None or not game.halted_reason:
        return False
    text = f"Cursus: game {game.pk} ({game.ruleset} {game.ruleset_version}) cannot go on: {game.halted_reason.get('en')}"
    return post(event="game.halted", text=text, game=game.pk)
