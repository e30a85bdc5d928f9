"""Receivers of ``games.signals``: the one place games' events turn into notifications."""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import game_finished, step_opened, sweep_ran
from notifications import services


@receiver(step_opened, dispatch_uid="notifications.step_opened")
def on_step_opened(sender, *, game_id: int, step_number: int, **kwargs) -> None:
    services.notify_step_opened_by_id(game_id=game_id, step_number=step_number)


@receiver(game_finished, dispatch_uid="notifications.game_finished")
def on_game_finished(sender, *, game_id: int, **kwargs) -> None:
    services.notify_game_finished_by_id(game_id=game_id)


@receiver(sweep_ran, dispatch_uid="notifications.sweep_ran")
def on_sweep(sender, **kwargs) -> None:
    services.outbox_sweep()
