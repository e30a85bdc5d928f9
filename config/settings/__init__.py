"""Settings split by topic: ``base`` (Django itself) pulls in ``api``, ``celery`` and
``email``; ``test`` overrides base for the test suite. Every value a deployment changes
comes from the environment (see ``docs/api.md`` and the README for the list)."""
