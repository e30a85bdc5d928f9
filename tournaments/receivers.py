"""Receivers of ``games.signals``: keep each pairing's live VP and result up to date."""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import game_finished, step_opened


def _in_a_tournament(game_id: int) -> bool:
    """One read, outside any transaction: most games belong to no tournament."""
    from tournaments.models import Pairing

    return Pairing.objects.filter(game_id=game_id).exists()


@receiver(step_opened, dispatch_uid="tournaments.step_opened")
def on_step_opened(sender, *, game_id: int, step_number: int, **kwargs) -> None:
    from tournaments import services

    if _in_a_tournament(game_id):
        services.pairing_refresh_from_game(game_id=game_id)


@receiver(game_finished, dispatch_uid="tournaments.game_finished")
def on_game_finished(sender, *, game_id: int, **kwargs) -> None:
    from tournaments import services

    if _in_a_tournament(game_id):
        services.pairing_refresh_from_game(game_id=game_id)
