"""The log-in lock-out's authentication backend (django-axes, config/settings/security.py)."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' check before the password backend. A call without a request (a
    management command, the test client's ``login``) has no address to lock out and is
    left to the password backend alone; every log-in over HTTP passes its request."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
