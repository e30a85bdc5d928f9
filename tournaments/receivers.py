"""Receivers of ``games.signals``: keep each pairing's live VP and result up to date."""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import game_finished, step_opened


@receiver(step_opened, dispatch_uid="tournaments.step_opened")
def on_step_opened(sender, *, game_id: int, step_number: int, **kwargs) -> None:
    from tournaments import services

    services.pairing_refresh_from_game(game_id=game_id)


@receiver(game_finished, dispatch_uid="tournaments.game_finished")
def on_game_finished(sender, *, game_id: int, **kwargs) -> None:
    from tournaments import services

    services.pairing_refresh_from_game(game_id=game_id)
