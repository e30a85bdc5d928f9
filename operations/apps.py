from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OperationsConfig(AppConfig):
    """The operator's side: the health check, the Prometheus metrics, the ruleset
    versions of running games, players' data export and deletion (docs/operations.md).
    It reads ``games`` and ``notifications``; neither imports it."""

    name = "operations"
    verbose_name = _("Operations")
