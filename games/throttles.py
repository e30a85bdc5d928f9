"""Rate limits (docs/security.md): DRF's throttles, on the Redis cache, for the API and
for every other door a client can knock on (log-in, sign-up, invitations, order forms,
inbound mail, password reset).

One class, :class:`ScopedThrottle`, DRF's ``SimpleRateThrottle`` (a sliding log of the
request times of one client, kept in the cache) with two changes:

* the rate of a scope is read from ``settings.CURSUS_THROTTLE_RATES`` when the throttle is
  made (not frozen at import), so a deployment or a test sets it;
* the read-modify-write of the log runs under a Redis lock per key, so the limit holds when
  many clients (or one client's many connections) arrive at once: DRF's own update is
  a plain get then set, which 32 concurrent requests overrun.

Who is counted: the user when there is one, else the client's address (DRF's
``get_ident``: ``REMOTE_ADDR``, or ``X-Forwarded-For`` behind ``NUM_PROXIES`` proxies), or
any key a caller gives (``user:<pk>``, ``addr:<ip>``, ``email:<address>``)."""

from __future__ import annotations

import hashlib
import math

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

#: The rate of each scope ("N/s|m|h|d"); settings.CURSUS_THROTTLE_RATES overrides any.
DEFAULT_RATES = {
    # the API
    "api_anon": "120/min",          # per address, requests without credentials
    "api_user": "1200/min",         # per user, every API request (a client in a loop)
    "token_failure": "10/min",      # per address: wrong API tokens, then every token refused a while
    "orders": "60/min",             # per user: order submissions (API, web, email)
    "games": "30/hour",             # per user: games created
    "join": "60/hour",              # per user: seats taken
    # the web and mail
    "login": "30/hour",             # per address: log-in attempts (django-axes locks a name per address)
    "signup": "10/hour",            # per address: accounts created (each sends a confirmation email)
    "mail_out": "5/hour",           # per address and per email address: password resets, confirmations
    "invitations": "10/hour",       # per user: invitation requests (each sends mail; a daily cap too)
    "inbound": "60/hour",           # per sender address: emails read by reply-by-email
}


def rates() -> dict[str, str]:
    return {**DEFAULT_RATES, **(getattr(settings, "CURSUS_THROTTLE_RATES", None) or {})}


def _redis_lock(key: str):
    client = cache._cache.get_client(key, write=True)  # django's RedisCache: the redis-py client
    return client.lock(f"{cache.make_key(key)}:lock", timeout=5, blocking_timeout=5)


class ScopedThrottle(SimpleRateThrottle):
    """A throttle of one scope, counted per ``ident`` (the user, the address or a key)."""

    cache = cache

    def __init__(self, scope: str | None = None, *, ident: str | None = None):
        self.scope = scope or self.scope
        self.ident = ident
        self.rate = rates().get(self.scope)
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_cache_key(self, request, view):
        ident = self.ident
        if ident is None:
            user = getattr(request, "user", None)
            ident = f"user:{user.pk}" if user is not None and user.is_authenticated else f"addr:{self.get_ident(request)}"
        return f"throttle:{self.scope}:{hashlib.sha256(ident.strip().lower().encode()).hexdigest()[:32]}"

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        with _redis_lock(key):
            return super().allow_request(request, view)

    def wait(self):
        wait = super().wait()
        return wait if wait is not None else self.duration

    # -- without recording: a log-in or a token that only counts failures --------------------
    def is_full(self, request) -> bool:
        """Whether the log is full now (nothing recorded)."""
        if self.rate is None:
            return False
        self.key = self.get_cache_key(request, None)
        self.now = self.timer()
        self.history = [t for t in self.cache.get(self.key, []) if t > self.now - self.duration]
        return len(self.history) >= self.num_requests


def hit(scope: str, request=None, *, ident: str | None = None) -> int | None:
    """Count one request of ``scope``; None when allowed, else the seconds to wait."""
    throttle = ScopedThrottle(scope, ident=ident)
    if throttle.allow_request(request, None):
        return None
    return max(1, math.ceil(throttle.wait()))


def blocked(scope: str, request=None, *, ident: str | None = None) -> int | None:
    """None when ``scope``'s log has room, else the seconds to wait (nothing counted)."""
    throttle = ScopedThrottle(scope, ident=ident)
    if not throttle.is_full(request):
        return None
    return max(1, math.ceil(throttle.wait()))


# -- DRF throttle classes (REST_FRAMEWORK settings and views) ------------------------------


class ApiAnonThrottle(ScopedThrottle):
    scope = "api_anon"

    def allow_request(self, request, view):
        if getattr(request, "user", None) is not None and request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class ApiUserThrottle(ScopedThrottle):
    scope = "api_user"

    def allow_request(self, request, view):
        if getattr(request, "user", None) is None or not request.user.is_authenticated:
            return True
        return super().allow_request(request, view)


class OrdersThrottle(ScopedThrottle):
    scope = "orders"


class GamesThrottle(ScopedThrottle):
    scope = "games"

    def allow_request(self, request, view):
        return request.method != "POST" or super().allow_request(request, view)


class JoinThrottle(ScopedThrottle):
    scope = "join"


def address_of(request) -> str:
    """The ident of the client's address, as the throttles count it."""
    return f"addr:{ScopedThrottle('api_anon').get_ident(request)}"
