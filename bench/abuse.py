"""``make soak``'s abuse phase (issue 14): what an attacker and a careless client do, over
HTTP against gunicorn, on its own database. Prints JSON.

1. **Rate limits under 32 concurrent clients.** For each throttled door, 32 clients (one
   thread and one connection each, released together by a barrier) send their requests
   at once from one address (or with one user's token): wrong passwords, wrong API tokens,
   anonymous API reads, sign-ups, password resets, order submissions, games created. The
   server runs the product's default rates (games/throttles.py ``DEFAULT_RATES``). A door
   holds when the requests let through (any answer but 429) are at most the rate for each
   window the burst spanned, and none is a 5xx.
2. **Type confusion, every ruleset, every prompt kind.** For each prompt kind of each
   registered ruleset, a game of that ruleset is moved to a position where self-play
   reached that kind (its state and open step written directly, as the in-process fuzz
   tests take positions from tests/fuzz/engine_orders.py), and its prompted player posts
   order sets built from the ruleset's own JSON Schema with values of the wrong type put
   in (``engine_orders.confused``), order sets of the right shape
   (``engine_orders.conforming``), and hand-made bad bodies. Run against a second server
   whose order rate is raised, so every request reaches the check. Not one answer may be a
   5xx, and every refusal is a problem document.

``python -m bench.abuse [--per-client N] [--per-kind N]`` with DATABASE_URL at a migrated
database (bench/soak.py does it).
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import re
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

import django

from bench.common import ROOT, bench_env, free_port, gunicorn

LOGS = ROOT / "var" / "bench"
CLIENTS = 32
#: The fuzz server: every scope far above what the fuzz sends (the rate limits are
#: measured on the other server, with the product's defaults).
UNTHROTTLED = {scope: "1000000/min" for scope in ("api_anon", "api_user", "token_failure", "orders", "games", "join")}
#: This run's cache keys: no count left by an earlier run (an hour's limits outlive a run).
PREFIX = f"cursus-abuse-{os.getpid()}-{int(time.time())}"


def _rate(text: str) -> tuple[int, int]:
    count, period = text.split("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


class Client:
    """One keep-alive HTTP/1.1 connection to the server (a client of its own)."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None) -> tuple[int, bytes]:
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                response = self.conn.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        self.conn.close()


def csrf(port: int, path: str) -> tuple[str, str]:
    """A CSRF cookie and the form's token (Django accepts one token for many posts)."""
    client = Client(port)
    client.conn.request("GET", path)
    response = client.conn.getresponse()
    html = response.read().decode()
    cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie") or "").group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    client.close()
    return cookie, token


def burst(port: int, per_client: int, make) -> dict:
    """32 clients, ``per_client`` requests each, all released at once; ``make(client, k)``
    gives (method, path, body, headers) for the k-th request overall."""
    barrier = threading.Barrier(CLIENTS)
    statuses: list[int] = []
    lock = threading.Lock()
    counter = iter(range(10**9))

    def run():
        client = Client(port)
        barrier.wait()
        for _ in range(per_client):
            with lock:
                k = next(counter)
            method, path, body, headers = make(k)
            status, _body = client.request(method, path, body, headers)
            with lock:
                statuses.append(status)
        client.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=run) for _ in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"statuses": statuses, "seconds": time.perf_counter() - started}


def door(name: str, scope: str, per: str, port: int, per_client: int, make, rates: dict) -> dict:
    count, period = _rate(rates[scope])
    out = burst(port, per_client, make)
    statuses = Counter(out["statuses"])
    let_through = sum(n for status, n in statuses.items() if status != 429)
    windows = 1 + math.floor(out["seconds"] / period)
    result = {
        "door": name, "scope": scope, "counted_per": per, "rate": rates[scope], "clients": CLIENTS,
        "requests": len(out["statuses"]), "let_through": let_through, "refused_429": statuses.get(429, 0),
        "limit": count * windows, "server_errors": sum(n for s, n in statuses.items() if s >= 500),
        "statuses": {str(k): v for k, v in sorted(statuses.items())}, "seconds": round(out["seconds"], 1),
    }
    result["ok"] = result["server_errors"] == 0 and let_through <= count * windows and statuses.get(429, 0) > 0
    print(f"[abuse] {name}: {let_through} of {len(out['statuses'])} let through (rate {rates[scope]}), "
          f"{result['server_errors']} 5xx, {result['seconds']} s", file=sys.stderr, flush=True)
    return result


def rate_limits(per_client: int) -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from bench.faults import make_games
    from games import throttles

    rates = throttles.DEFAULT_RATES
    game = make_games(1, "abuse")[0]
    seat = game.seats.get(role="PRIMUS")
    token = Token.objects.get(user=seat.player).key
    maker = get_user_model().objects.create_user(username="abuse-maker", email="abuse-maker@example.test", password="x")
    maker_token = Token.objects.create(user=maker).key
    port = free_port()
    env = bench_env(DATABASE_URL=os.environ["DATABASE_URL"], EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
                    CURSUS_BENCH_THROTTLE_RATES="{}", CURSUS_BENCH_CACHE_PREFIX=PREFIX)
    web = gunicorn(port, workers=4, env=env, log=LOGS / "abuse-throttles-gunicorn.log")
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    doors = []
    try:
        cookie, token_login = csrf(port, "/accounts/login/")
        session = {**form, "Cookie": f"csrftoken={cookie}", "Referer": f"http://127.0.0.1:{port}/"}

        def login(k):
            body = urlencode({"csrfmiddlewaretoken": token_login, "username": f"nobody{k}", "password": "wrong"}).encode()
            return "POST", "/accounts/login/", body, session

        doors.append(door("log-in attempts (wrong passwords, one name each)", "login", "address", port, per_client, login, rates))

        def anonymous(k):
            return "GET", "/api/v1/tournaments/", None, {}

        doors.append(door("API requests without credentials", "api_anon", "address", port, per_client * 2, anonymous, rates))

        def sign_up(k):
            body = urlencode({"csrfmiddlewaretoken": token_login, "username": f"spam{k}", "email": f"spam{k}@example.test",
                              "password1": "Correct-horse-9", "password2": "Correct-horse-9"}).encode()
            return "POST", "/accounts/signup/", body, session

        doors.append(door("sign-ups (each sends an email)", "signup", "address", port, per_client, sign_up, rates))

        def reset(k):
            body = urlencode({"csrfmiddlewaretoken": token_login, "email": f"victim{k % 3}@example.test"}).encode()
            return "POST", "/accounts/password_reset/", body, session

        doors.append(door("password resets (each sends an email)", "mail_out", "address", port, per_client, reset, rates))

        step = game.steps.get(status="open").number

        def orders(k):
            body = json.dumps({"step": step, "orders": {"moves": [{"from": k}]}}).encode()
            return "POST", f"/api/v1/games/{game.pk}/orders/", body, {"Authorization": f"Token {token}",
                                                                      "Content-Type": "application/json"}

        doors.append(door("order submissions (one player)", "orders", "user", port, per_client * 3, orders, rates))

        def create(k):
            body = json.dumps({"ruleset": "semper-victor", "scenario": "305", "options": {}, "role": "PRIMUS"}).encode()
            return "POST", "/api/v1/games/", body, {"Authorization": f"Token {maker_token}", "Content-Type": "application/json"}

        doors.append(door("games created (one player)", "games", "user", port, per_client, create, rates))

        def bad_token(k):
            return "GET", "/api/v1/games/", None, {"Authorization": f"Token {k:040x}"}

        # Last: past its limit, every token from the address waits (valid ones too).
        doors.append(door("wrong API tokens", "token_failure", "address", port, per_client, bad_token, rates))
    finally:
        web.stop()
    return {"doors": doors, "ok": all(d["ok"] for d in doors)}


def _move_to(game, state) -> int:
    """Put ``game`` at ``state`` with its open step asking that position's prompts."""
    from games.models import Game, Step
    from games.services import ruleset_for

    rs = ruleset_for(game.ruleset)
    Game.objects.filter(pk=game.pk).update(state=state)
    step = Step.objects.get(game=game, status="open")
    Step.objects.filter(pk=step.pk).update(prompts=[p.as_dict() for p in rs.prompts(state)], completed_at=None)
    return step.number


def _game_of(slug: str, index: int):
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import services

    rs = services.ruleset_for(slug)
    scenario = rs.scenarios()[0]["id"]
    roles = rs.roles(scenario, services._validated_options(rs, {}))
    User = get_user_model()
    players = []
    for role in roles:
        user = User.objects.create_user(username=f"fz{index}-{role.lower()}", email=f"fz{index}-{role.lower()}@example.test",
                                        password="x")
        Token.objects.create(user=user)
        players.append(user)
    game = services.game_create(ruleset=slug, scenario=scenario, options={}, created_by=players[0], role=roles[0])
    for user, role in zip(players[1:], roles[1:]):
        services.game_join(game=game, player=user, role=role)
    game.refresh_from_db()
    return game, dict(zip(roles, players))


#: Bodies no schema makes: the wrong type at the top, a wrong step, unknown keys.
HAND_MADE = [
    {"step": "1", "orders": {}}, {"step": 1.0, "orders": {}}, {"step": None, "orders": []}, {"step": True, "orders": {}},
    {"orders": {}}, {"step": 1}, {"step": 1, "orders": "pass"}, {"step": 1, "orders": [[]]}, {"step": 1, "text": 5},
    {"step": 1, "text": ""}, {"step": 1, "text": "\u202e" * 20}, {"step": 1, "orders": {}, "text": "pass"},
    {"step": 1, "orders": {"": {"": {"": [None]}}}}, [], "orders", None, 12,
]


def type_confusion(per_kind: int) -> dict:
    from rest_framework.authtoken.models import Token

    from games.models import Step
    from tests.fuzz import engine_orders as fz

    port = free_port()
    env = bench_env(DATABASE_URL=os.environ["DATABASE_URL"], EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
                    CURSUS_BENCH_THROTTLE_RATES=json.dumps(UNTHROTTLED), CURSUS_BENCH_CACHE_PREFIX=PREFIX + "-fuzz")
    web = gunicorn(port, workers=4, env=env, log=LOGS / "abuse-fuzz-gunicorn.log")
    kinds, statuses, errors = [], Counter(), []
    try:
        client = Client(port)
        for index, (slug, kind) in enumerate(fz.slug_kinds()):
            found = fz.positions_by_kind(slug).get(kind)
            game, players = _game_of(slug, index)
            if found is not None:
                state, prompt = found
                number = _move_to(game, state)
                role = prompt.role
            else:  # self-play never reached it: the open prompt's seat gets this kind's sets
                step = Step.objects.get(game=game, status="open")
                number, role = step.number, step.prompts[0]["role"]
            token = Token.objects.get(user=players[role]).key
            headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
            url = f"/api/v1/games/{game.pk}/orders/"
            bodies = [{"step": number, "orders": fz.confused(slug, kind, seed, 1 + seed % 3)} for seed in range(per_kind)]
            bodies += [{"step": number, "orders": fz.conforming(slug, kind, seed)} for seed in range(per_kind // 4)]
            bodies += HAND_MADE
            seen = Counter()
            for body in bodies:
                status, answer = client.request("POST", url, json.dumps(body).encode(), headers)
                seen[status] += 1
                if status >= 500 or (status >= 400 and status != 429 and b'"type"' not in answer):
                    errors.append({"ruleset": slug, "kind": kind, "status": status, "body": body,
                                   "answer": answer[:300].decode(errors="replace")})
            statuses.update(seen)
            kinds.append({"ruleset": slug, "kind": kind, "reached_by_self_play": found is not None, "requests": len(bodies),
                          "statuses": {str(k): v for k, v in sorted(seen.items())}})
            print(f"[abuse] fuzz {slug} {kind}: {dict(sorted(seen.items()))}", file=sys.stderr, flush=True)
        client.close()
    finally:
        web.stop()
    server_errors = sum(n for s, n in statuses.items() if s >= 500)
    return {"rulesets": sorted({k["ruleset"] for k in kinds}), "kinds": kinds, "requests": sum(statuses.values()),
            "statuses": {str(k): v for k, v in sorted(statuses.items())}, "server_errors": server_errors,
            "errors": errors[:20], "ok": server_errors == 0 and not errors}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-client", type=int, default=8, help="requests per client and door")
    parser.add_argument("--per-kind", type=int, default=60, help="type-confused order sets per prompt kind")
    args = parser.parse_args(argv)
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.dummy.EmailBackend"
    django.setup()
    LOGS.mkdir(parents=True, exist_ok=True)
    # The fuzz first: the wrong-token door ends by refusing every token from this address.
    confusion = type_confusion(args.per_kind)
    result = {"rate_limits": rate_limits(args.per_client), "type_confusion": confusion}
    result["ok"] = result["rate_limits"]["ok"] and result["type_confusion"]["ok"]
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
