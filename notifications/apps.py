from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        from anymail.signals import inbound

        from notifications import receivers  # noqa: F401  (connects to games.signals)
        from notifications.inbound import on_anymail_inbound

        inbound.connect(on_anymail_inbound, dispatch_uid="notifications.anymail_inbound")
