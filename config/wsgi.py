"""WSGI entry point (``gunicorn config.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

application = get_wsgi_application()

# Each web process parses the rulesets' data before its first request, not during it
# (about 1.5 s of YAML and engine caches for Semper Victor: docs/benchmarks.md).
from rules.registry import warm_up  # noqa: E402

warm_up()
