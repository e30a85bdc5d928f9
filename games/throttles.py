"""Rate limits (docs/security.md): DRF's throttles, on the Redis cache, for the API and
for every other door a client can knock on (log-in, sign-up, invitations, order forms,
inbound mail, password reset).

One class, :class:`ScopedThrottle`, DRF's ``SimpleRateThrottle`` (a sliding log of the
request times of one client) with two changes:

* the rate of a scope is read from ``settings.CURSUS_THROTTLE_RATES`` when the throttle is
  made (not frozen at import), so a deployment or a test sets it;
* the log is kept in Redis and read, trimmed and written by one Lua script, atomically
  (:data:`_SCRIPT`): the limit holds when many clients (or one client's many
  connections) arrive at once, which DRF's own get-then-set does not under 32 concurrent
  requests, and a request costs one round trip, however many scopes it is counted in
  (:func:`submission_gate`: the submission's three in one).

Who is counted: the user when there is one, else the client's address (DRF's
``get_ident``: ``REMOTE_ADDR``, or ``X-Forwarded-For`` behind ``NUM_PROXIES`` proxies), or
any key a caller gives (``user:<pk>``, ``addr:<ip>``, ``email:<address>``)."""

from __future__ import annotations

import hashlib
import math
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

#: The rate of each scope ("N/s|m|h|d"); settings.CURSUS_THROTTLE_RATES overrides any.
DEFAULT_RATES = {
    # the API
    "api_anon": "120/min",          # per address, requests without credentials
    "api_user": "1200/min",         # per user, every API request (a client in a loop)
    "token_failure": "10/min",      # per address: wrong API tokens, then every token refused a while
    "orders": "60/min",             # per user: order submissions (API, web, email)
    "games": "30/hour",             # per user: games created
    "join": "60/hour",              # per user: seats taken
    "press": "30/hour",             # per user: table talk posted (API, web, email replies)
    # the web and mail
    "login": "30/hour",             # per address: log-in attempts (django-axes locks a name per address)
    "signup": "10/hour",            # per address: accounts created (each sends a confirmation email)
    "mail_out": "5/hour",           # per address and per email address: password resets, confirmations
    "invitations": "10/hour",       # per user: invitation requests (each sends mail; a daily cap too)
    "inbound": "60/hour",           # per sender address: emails read by reply-by-email
}


def rates() -> dict[str, str]:
    return {**DEFAULT_RATES, **(getattr(settings, "CURSUS_THROTTLE_RATES", None) or {})}


#: The sliding log of DRF's ``SimpleRateThrottle`` (request times, newest first; the
#: times older than the window dropped; a request counted only when allowed; the wait
#: DRF's ``wait()`` computes), run in Redis by one script, atomically, for several logs at
#: once: one round trip per request instead of a lock, a read, a write and an unlock per
#: scope. KEYS: the logs. ARGV[1]: now (seconds); then, per log, its limit, its window
#: (seconds) and what to do: ``count`` (count the request if there is room), ``peek``
#: (only look) or ``gate`` (only look, and when it is full stop there: the logs after it
#: are neither counted nor looked at). Returns, per log looked at, "" when there was room,
#: else the seconds to wait.
_SCRIPT = """
local now = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local base = 2 + 3 * (i - 1)
  local limit, window, mode = tonumber(ARGV[base]), tonumber(ARGV[base + 1]), ARGV[base + 2]
  local oldest = redis.call('LINDEX', key, -1)
  while oldest and tonumber(oldest) <= now - window do
    redis.call('RPOP', key)
    oldest = redis.call('LINDEX', key, -1)
  end
  local n = redis.call('LLEN', key)
  if n >= limit then
    local remaining = window
    if oldest then remaining = window - (now - tonumber(oldest)) end
    local available = limit - n + 1
    if available > 0 then out[i] = tostring(remaining / available) else out[i] = tostring(window) end
    if mode == 'gate' then return out end
  else
    out[i] = ''
    if mode == 'count' then
      redis.call('LPUSH', key, ARGV[1])
      redis.call('EXPIRE', key, math.ceil(window))
    end
  end
end
return out
"""


_scripts: dict = {}
_clients: dict = {}


def _client():
    """A redis-py client on the cache's primary (django's RedisCache), made once per
    connection pool (the cache makes a new client object at each call of its own)."""
    backend = cache._cache
    pool = backend._get_connection_pool(write=True)
    client = _clients.get(id(pool))
    if client is None:
        client = _clients[id(pool)] = backend._client(connection_pool=pool)
    return client


def _run(logs: list[tuple[str, int, float, str]], now: float | None = None) -> list[float | None]:
    """Run :data:`_SCRIPT` over ``(key, limit, window, mode)`` logs: per log looked at, None
    when it had room, else the seconds to wait (a shorter list when a gate stopped it)."""
    client = _client()
    script = _scripts.get(id(client))
    if script is None:
        script = _scripts[id(client)] = client.register_script(_SCRIPT)
    args = [repr(time.time() if now is None else now)]
    for _key, limit, window, mode in logs:
        args += [limit, window, mode]
    answer = script(keys=[cache.make_key(key) for key, *_rest in logs], args=args, client=client)
    return [float(value) if value else None for value in answer]


def log_key(scope: str, ident: str) -> str:
    """The cache key of one client's log in one scope."""
    return f"throttle-log:{scope}:{hashlib.sha256(ident.strip().lower().encode()).hexdigest()[:32]}"


class ScopedThrottle(SimpleRateThrottle):
    """A throttle of one scope, counted per ``ident`` (the user, the address or a key)."""

    def __init__(self, scope: str | None = None, *, ident: str | None = None):
        self.scope = scope or self.scope
        self.ident = ident
        self.rate = rates().get(self.scope)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self._wait = None

    def get_cache_key(self, request, view):
        ident = self.ident
        if ident is None:
            user = getattr(request, "user", None)
            ident = f"user:{user.pk}" if user is not None and user.is_authenticated else f"addr:{self.get_ident(request)}"
        return log_key(self.scope, ident)

    def _check(self, request, mode: str) -> bool:
        if self.rate is None:
            return True
        (self._wait,) = _run([(self.get_cache_key(request, None), self.num_requests, self.duration, mode)])
        return self._wait is None

    def allow_request(self, request, view):
        return self._check(request, "count")

    def wait(self):
        return self._wait if self._wait is not None else self.duration

    def is_full(self, request) -> bool:
        """Whether the log is full now (nothing recorded)."""
        return not self._check(request, "peek")


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


def _ident(request) -> str:
    return BaseThrottle.get_ident(None, request)


def submission_gate(request, *, user_id: int) -> exceptions.Throttled | None:
    """The limits of an API submission by a known token, in DRF's order and in one round
    trip: the address's wrong-token gate (``token_failure``, only looked at: its refusal is
    ``games.api.authentication``'s), then the user's ``api_user`` and ``orders`` (each
    counted when it has room). Returns the refusal DRF would raise, or None."""
    table = rates()
    logs = []
    for scope, ident, mode in (("token_failure", f"addr:{_ident(request)}", "gate"),
                               ("api_user", f"user:{user_id}", "count"), ("orders", f"user:{user_id}", "count")):
        rate = table.get(scope)
        if rate is not None:
            limit, window = SimpleRateThrottle.parse_rate(None, rate)
            logs.append((scope, log_key(scope, ident), limit, window, mode))
    if not logs:
        return None
    waits = _run([entry[1:] for entry in logs])
    if logs[0][0] == "token_failure" and waits[0] is not None:
        return exceptions.Throttled(wait=max(1, math.ceil(waits[0])),
                                    detail=_("Too many wrong API tokens from your address; wait and retry."))
    refused = [wait for (scope, *_rest), wait in zip(logs, waits) if scope != "token_failure" and wait is not None]
    return exceptions.Throttled(max(refused)) if refused else None
