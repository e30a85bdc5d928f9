from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        from notifications import receivers  # noqa: F401  (connects to games.signals)
