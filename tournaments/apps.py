from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments import receivers  # noqa: F401  (connects to games.signals)
        from games import gates
        from tournaments import selectors

        def standing(*, player, ruleset: str) -> dict:
            return {"rating": selectors.rating_of(player=player, ruleset=ruleset)["rating"],
                    "reliability": selectors.reliability_of(player=player)["reliability"]}

        def organisers(*, game) -> set[int] | None:
            from tournaments.models import Pairing

            tournament_id = Pairing.objects.filter(game=game).values_list("tournament_id", flat=True).first()
            if tournament_id is None:
                return None
            from tournaments.models import Tournament

            return set(Tournament.objects.get(pk=tournament_id).organisers.values_list("pk", flat=True))

        # The entry gates of open games read ratings and reliability here, and a tournament
        # game's organisers (who may lock its table talk) are its tournament's (games/gates.py).
        gates.provide(standing)
        gates.provide_organisers(organisers)
