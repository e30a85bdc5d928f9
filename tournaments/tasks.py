"""Celery tasks of the tournaments app: thin, idempotent, called with ids."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.tasks.warm_standings", acks_late=True)
def warm_standings(tournament_id: int) -> list[str]:
    """Render the standings fragment of a tournament that just changed, in every
    language, so that its readers find it in the cache (tournaments/web/fragments.py)."""
    from tournaments.models import Tournament
    from tournaments.web import fragments

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return []
    return fragments.warm(tournament=tournament)
