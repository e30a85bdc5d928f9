"""Receivers of ``games.signals``: the one place games' events turn into notifications."""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import (
    game_changed,
    game_finished,
    ladder_step,
    message_posted,
    orders_received,
    reminder_due,
    seat_changed,
    seat_taken_over,
    step_opened,
    sweep_ran,
)
from notifications import alerts, services


@receiver(step_opened, dispatch_uid="notifications.step_opened")
def on_step_opened(sender, *, game_id: int, step_number: int, **kwargs) -> None:
    services.notify_step_opened_by_id(game_id=game_id, step_number=step_number)
    services.notify_followers(game_id=game_id, step_number=step_number)


@receiver(game_finished, dispatch_uid="notifications.game_finished")
def on_game_finished(sender, *, game_id: int, **kwargs) -> None:
    services.notify_game_finished_by_id(game_id=game_id)


@receiver(orders_received, dispatch_uid="notifications.orders_received")
def on_orders_received(sender, *, game_id: int, step_number: int, role: str, receipt: str, source: str, **kwargs) -> None:
    services.notify_receipt(game_id=game_id, step_number=step_number, role=role, receipt=receipt, source=source)


@receiver(reminder_due, dispatch_uid="notifications.reminder_due")
def on_reminder_due(sender, *, game_id: int, step_number: int, role: str, hours: int, **kwargs) -> None:
    services.notify_reminder(game_id=game_id, step_number=step_number, role=role, hours=hours)


@receiver(ladder_step, dispatch_uid="notifications.ladder_step")
def on_ladder_step(sender, *, game_id: int, step_number: int, role: str, rung: str, **kwargs) -> None:
    services.notify_ladder(game_id=game_id, step_number=step_number, role=role, rung=rung)


@receiver(game_changed, dispatch_uid="notifications.game_changed")
def on_game_changed(sender, *, game_id: int, what: str, **kwargs) -> None:
    services.notify_game_changed(game_id=game_id, what=what)
    if what == "halted":
        alerts.game_halted(game_id=game_id)


@receiver(seat_changed, dispatch_uid="notifications.seat_changed")
def on_seat_changed(sender, *, game_id: int, role: str, **kwargs) -> None:
    services.notify_seat_changed(game_id=game_id, role=role)


@receiver(sweep_ran, dispatch_uid="notifications.sweep_ran")
def on_sweep(sender, **kwargs) -> None:
    services.digests_sweep()
    services.outbox_sweep()
    services.retention_sweep()


@receiver(seat_taken_over, dispatch_uid="notifications.seat_taken_over")
def on_seat_taken_over(sender, *, game_id: int, role: str, **kwargs) -> None:
    services.notify_seat_taken_over(game_id=game_id, role=role)


@receiver(message_posted, dispatch_uid="notifications.message_posted")
def on_message_posted(sender, *, game_id: int, message_id: int, **kwargs) -> None:
    services.notify_message_posted(game_id=game_id, message_id=message_id)
