"""Writes of the notifications app: outbox rows (one per delivery, deduplicated) and
their delivery through Django's email backend."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import selectors as game_selectors
from games.models import Game, OrderSet, Step
from games.presentation import event_text, prompt_title, summary_value, worth_telling
from notifications.models import Outbox, Profile

logger = logging.getLogger(__name__)


def profile_language(*, user) -> str:
    profile = Profile.objects.filter(user=user).first()
    return profile.language if profile else settings.LANGUAGE_CODE


@transaction.atomic
def profile_set_language(*, user, language: str) -> Profile:
    if language not in dict(settings.LANGUAGES):
        raise ValueError(f"unsupported language {language!r}")
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"language": language})
    return profile


def game_link(*, game: Game) -> str:
    return settings.CURSUS_BASE_URL + reverse("games-web:detail", kwargs={"game_id": game.pk})


def _events_since_last_action(*, game: Game, seat, step: Step) -> list[dict]:
    """Events the seat may see since the step it last acted in (its last order set),
    or since the start when it has not acted yet."""
    last = (
        OrderSet.objects.filter(seat=seat, step__number__lt=step.number)
        .order_by("-step__number")
        .values_list("step__number", flat=True)
        .first()
    )
    events = game_selectors.events_visible_to(game=game, role=seat.role)
    if last is not None:
        events = events.filter(step__number__gte=last)
    return [game_selectors.event_as_dict(event=e, game=game) for e in events]


def _enqueue_delivery(outbox_id: int) -> None:
    from notifications.tasks import deliver_outbox

    transaction.on_commit(lambda: deliver_outbox.delay(outbox_id), robust=True)


def _outbox_create(*, dedupe_key: str, user, game: Game, step: Step | None, template: str, context: dict) -> Outbox | None:
    if Outbox.objects.filter(dedupe_key=dedupe_key).exists():
        return None
    if not user.email:
        logger.warning("no email address for %s: %s not sent", user, dedupe_key)
        return None
    language = profile_language(user=user)
    with translation.override(language):
        context = {**context, "language": language, "user": user, "game": game, "link": game_link(game=game)}
        subject = render_to_string(f"notifications/{template}_subject.txt", context).strip()
        text_body = render_to_string(f"notifications/{template}.txt", context)
        html_body = render_to_string(f"notifications/{template}.html", context)
    outbox, created = Outbox.objects.get_or_create(
        dedupe_key=dedupe_key,
        defaults={
            "recipient": user,
            "address": user.email,
            "subject": " ".join(subject.split())[:255],
            "text_body": text_body,
            "html_body": html_body,
            "game": game,
            "step": step,
        },
    )
    if created:
        _enqueue_delivery(outbox.pk)
    return outbox if created else None


@transaction.atomic
def notify_step_opened(*, game: Game, step: Step) -> list[Outbox]:
    """Tell each prompted seat what happened since it last acted, what it must decide,
    and by when. Deduplicated per (game, step, role): safe to call again."""
    created = []
    seats = {seat.role: seat for seat in game.seats.select_related("player")}
    for role in step.roles:
        seat = seats.get(role)
        dedupe_key = f"step-opened:{game.pk}:{step.number}:{role}"
        if seat is None or Outbox.objects.filter(dedupe_key=dedupe_key).exists():
            continue
        language = profile_language(user=seat.player)
        with translation.override(language):
            prompts = [
                {**p, "title_text": prompt_title(p)} for p in step.prompts if p["role"] == role
            ]
            events = [
                {**e, "text": event_text(e)}
                for e in _events_since_last_action(game=game, seat=seat, step=step)
                if worth_telling(e)
            ]
        view = game_selectors.game_view_for(game=game, player=seat.player)
        summary = {key: summary_value(value) for key, value in view["summary"].items()}
        outbox = _outbox_create(
            dedupe_key=dedupe_key,
            user=seat.player,
            game=game,
            step=step,
            template="turn",
            context={"role": role, "step": step, "prompts": prompts, "events": events, "summary": summary},
        )
        if outbox:
            created.append(outbox)
    return created


def notify_step_opened_by_id(*, game_id: int, step_number: int) -> list[Outbox]:
    step = Step.objects.select_related("game").filter(game_id=game_id, number=step_number).first()
    if step is None or step.status != Step.Status.OPEN:
        return []
    return notify_step_opened(game=step.game, step=step)


@transaction.atomic
def notify_game_finished(*, game: Game) -> list[Outbox]:
    """Tell every seat how the game ended (the last step's events it may see) and give
    the revealed seed. Deduplicated per (game, role)."""
    created = []
    last_step = game.steps.order_by("-number").first()
    for seat in game.seats.select_related("player"):
        visible = game_selectors.events_visible_to(game=game, role=seat.role)
        if last_step is not None:
            visible = visible.filter(step=last_step)
        with translation.override(profile_language(user=seat.player)):
            events = [
                {**e, "text": event_text(e)}
                for e in (game_selectors.event_as_dict(event=ev, game=game) for ev in visible)
                if worth_telling(e)
            ]
        outbox = _outbox_create(
            dedupe_key=f"game-finished:{game.pk}:{seat.role}",
            user=seat.player,
            game=game,
            step=None,
            template="finished",
            context={"role": seat.role, "events": events, "outcome": game.outcome or {}},
        )
        if outbox:
            created.append(outbox)
    return created


def notify_game_finished_by_id(*, game_id: int) -> list[Outbox]:
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    return notify_game_finished(game=game) if game else []


def outbox_deliver(*, outbox_id: int) -> str:
    """Send one outbox row through Django's email backend, at most once: the row stays
    locked while it is sent, and a sent row is never sent again. Returns the status."""
    with transaction.atomic():
        outbox = Outbox.objects.select_for_update().filter(pk=outbox_id).first()
        if outbox is None:
            return "missing"
        if outbox.status == Outbox.Status.SENT:
            return Outbox.Status.SENT
        if outbox.attempts >= settings.CURSUS_OUTBOX_MAX_ATTEMPTS:
            return "gave-up"
        message = EmailMultiAlternatives(
            subject=outbox.subject,
            body=outbox.text_body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[outbox.address],
            headers={"X-Cursus-Notification": outbox.dedupe_key},
        )
        if outbox.html_body:
            message.attach_alternative(outbox.html_body, "text/html")
        outbox.attempts += 1
        outbox.last_attempt_at = timezone.now()
        try:
            message.send(fail_silently=False)
        except Exception as exc:  # noqa: BLE001 - every failure is recorded and retried
            outbox.status = Outbox.Status.FAILED
            outbox.last_error = f"{exc.__class__.__name__}: {exc}"[:2000]
            outbox.save(update_fields=["status", "attempts", "last_attempt_at", "last_error"])
            logger.warning("outbox %s: delivery failed (%s)", outbox.pk, outbox.last_error)
            return Outbox.Status.FAILED
        outbox.status = Outbox.Status.SENT
        outbox.sent_at = outbox.last_attempt_at
        outbox.last_error = ""
        outbox.save(update_fields=["status", "attempts", "last_attempt_at", "sent_at", "last_error"])
        return Outbox.Status.SENT


def retry_delay(attempts: int) -> int:
    """Seconds before the next attempt: 30 s, 1 min, 2 min, 4 min..., at most 30 min."""
    return min(30 * 2 ** max(attempts - 1, 0), 1800)


def outbox_sweep(*, now=None) -> list[int]:
    """Re-enqueue undelivered rows: pending ones older than a minute (a lost message)
    and failed ones whose retry delay has passed. Also notifies open steps that have
    no outbox row yet (a notification lost before it was written)."""
    from notifications.tasks import deliver_outbox

    now = now or timezone.now()
    due = []
    for outbox in Outbox.objects.filter(
        status__in=[Outbox.Status.PENDING, Outbox.Status.FAILED],
        attempts__lt=settings.CURSUS_OUTBOX_MAX_ATTEMPTS,
        created_at__lte=now - timedelta(minutes=1),
    ):
        last = outbox.last_attempt_at
        if last is None or last + timedelta(seconds=retry_delay(outbox.attempts)) <= now:
            due.append(outbox.pk)
    for outbox_id in due:
        deliver_outbox.delay(outbox_id)
    stale = now - timedelta(minutes=1)
    notified_steps = Outbox.objects.filter(step__isnull=False).values_list("step_id", flat=True)
    for step in (
        Step.objects.filter(status=Step.Status.OPEN, game__status=Game.Status.ACTIVE, opened_at__lte=stale)
        .exclude(pk__in=notified_steps)
        .select_related("game")[:100]
    ):
        notify_step_opened(game=step.game, step=step)
    return due
