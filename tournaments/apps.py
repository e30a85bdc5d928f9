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

        # The entry gates of open games read ratings and reliability here (games/gates.py).
        gates.provide(standing)
