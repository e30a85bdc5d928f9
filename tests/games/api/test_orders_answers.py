"""The submission endpoint answers every request exactly as it did when DRF served it.

``orders_answers.json`` was recorded from the DRF view (``APIView`` dispatch, DRF's token
authentication, throttles, parser and serializer) before issue 17 gave the endpoint its
own lean path. The same sequence of requests (accepted and replaced order sets, every
kind of bad body, bad step and bad token, throttles, idempotency keys, content types, in
English and French) must give, request by request, the same status, the same headers
and the same body bytes. The game's id (and so the Content-Length) is the only thing written as a placeholder.

To record it again (only when a change of the answers is intended, and say so in the
commit): ``CURSUS_RECORD_ANSWERS=1 pytest tests/games/api/test_orders_answers.py``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.games.play import other_role, player_of, prompted

GOLDEN = Path(__file__).with_name("orders_answers.json")
#: Headers that say nothing about the endpoint (set by the middleware on every answer).
IGNORED_HEADERS = {"content-security-policy", "cross-origin-opener-policy", "referrer-policy",
                   "x-content-type-options", "x-frame-options"}


def _normalise(text: str, game_id: int) -> str:
    text = text.replace(f"/games/{game_id}/", "/games/{game}/")
    # A throttle's wait is the window less the time the requests took: 60 s, or a few
    # seconds less on a slow or loaded machine (58 was seen with the suite beside other work).
    return re.sub(r"(available in |dans |^)(5[0-9]|60)( second|$)", r"\1{wait}\3", text)


def _answer(name: str, response, game_id: int) -> dict:
    headers = {k.lower(): _normalise(v, game_id) for k, v in response.headers.items()
               if k.lower() not in IGNORED_HEADERS}
    if "content-length" in headers:  # it counts the game id's digits: checked, then written as a placeholder
        assert int(headers["content-length"]) == len(response.content), name
        headers["content-length"] = "{length}"
    return {"name": name, "status": response.status_code, "headers": dict(sorted(headers.items())),
            "body": _normalise(response.content.decode(), game_id)}


@pytest.mark.postgresql  # a replayed answer's keys come back in jsonb's order (SQLite keeps the written one)
@pytest.mark.django_db
def test_every_answer_is_the_recorded_one(started_game, api_for, make_player, settings, dispatched, ruleset):
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    game = started_game
    step, role, prompt = prompted(game)
    seat = player_of(game, role)
    other = player_of(game, other_role(game, role))
    stranger, idle = make_player("stranger"), make_player("idle")
    get_user_model().objects.filter(pk=idle.pk).update(is_active=False)
    url = f"/api/v1/games/{game.pk}/orders/"
    default = prompt["default_orders"]
    answers = []

    def send(name, *, user=seat, body=None, raw=None, content_type="application/json", path=url, method="post",
             auth=None, **extra):
        client = APIClient()
        if auth is not None:
            client.credentials(HTTP_AUTHORIZATION=auth)
        elif user is not None:
            client.credentials(HTTP_AUTHORIZATION=f"Token {user.auth_token.key}")
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        kwargs = {"content_type": content_type} if data is not None else {}
        response = getattr(client, method)(path, data, **kwargs, **extra) if data is not None else \
            getattr(client, method)(path, **extra)
        answers.append(_answer(name, response, game.pk))
        return response

    ok = {"step": step.number, "orders": default}
    send("accepted", body=ok)
    send("replaced", body=ok)
    send("replaced, French", body=ok, HTTP_ACCEPT_LANGUAGE="fr")
    send("text", body={"step": step.number, "text": ruleset.format_orders(default)})
    send("text 'pass'", body={"step": step.number, "text": "pass"})
    send("empty text", body={"step": step.number, "text": "  \n"})
    send("empty text, French", body={"step": step.number, "text": ""}, HTTP_ACCEPT_LANGUAGE="fr")
    send("invalid orders", body={"step": step.number, "orders": {"bogus": 1, "nonsense": 2}})
    send("invalid orders, French", body={"step": step.number, "orders": {"bogus": 1}}, HTTP_ACCEPT_LANGUAGE="fr")
    send("orders and text", body={"step": step.number, "orders": default, "text": "x"})
    send("neither orders nor text", body={"step": step.number})
    send("orders a list", body={"step": step.number, "orders": [1, 2]})
    send("orders a string", body={"step": step.number, "orders": "pass"})
    send("orders null", body={"step": step.number, "orders": None})
    send("text null", body={"step": step.number, "text": None})
    send("text a number", body={"step": step.number, "text": 5})
    send("text true", body={"step": step.number, "text": True})
    send("text a list", body={"step": step.number, "text": ["pass"]})
    send("text too long", body={"step": step.number, "text": "x" * 20001})
    send("text unparsable", body={"step": step.number, "text": "march nowhere at all\nand again"})
    send("unknown member ignored", body={**ok, "extra": 1})
    for value in (None, "1", 1.0, True, 0, -3, [1], {"n": 1}):
        send(f"step {value!r}", body={"step": value, "orders": default})
    send("step missing", body={"orders": default})
    send("step missing, French", body={"orders": default}, HTTP_ACCEPT_LANGUAGE="fr")
    send("step not open", body={"step": 42, "orders": default})
    send("step not open, French", body={"step": 42, "orders": default}, HTTP_ACCEPT_LANGUAGE="fr")
    send("step far too large", body={"step": 10**30, "orders": default})
    send("step past 2**31", body={"step": 2**31, "orders": default})
    send("body a list", raw="[]")
    send("body null", raw="null")
    send("body a string", raw='"orders"')
    send("body a number", raw="5")
    send("body empty", raw="")
    send("body not JSON", raw="{not json")
    send("body not JSON, French", raw="{not json", HTTP_ACCEPT_LANGUAGE="fr")
    send("body NaN", raw='{"step": NaN}')
    send("body too deep", raw='{"a": ' * 40 + "1" + "}" * 40)
    send("body bad UTF-8", raw=b'{"step": "\xff"}')
    send("body latin-1 charset", raw='{"step": 1, "text": "pass"}'.encode("latin-1"),
         content_type="application/json; charset=latin-1")
    send("form body", raw="step=1&text=pass", content_type="application/x-www-form-urlencoded")
    send("text/plain body", raw='{"step": 1}', content_type="text/plain")
    send("json with charset", raw=json.dumps(ok), content_type="application/json; charset=utf-8")
    send("accept html", body=ok, HTTP_ACCEPT="text/html")
    send("accept json", body=ok, HTTP_ACCEPT="application/json")
    send("accept anything", body=ok, HTTP_ACCEPT="*/*")
    send("no credentials", user=None, body=ok)
    send("no credentials, French", user=None, body=ok, HTTP_ACCEPT_LANGUAGE="fr")
    send("wrong token", auth="Token " + "0" * 40, body=ok)
    send("token without a key", auth="Token", body=ok)
    send("token with spaces", auth="Token a b", body=ok)
    send("token keyword in lower case", auth=f"token {seat.auth_token.key}", body=ok)
    send("bearer", auth=f"Bearer {seat.auth_token.key}", body=ok)
    send("inactive user", user=idle, body=ok)
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(seat)
    answers.append(_answer("session without a CSRF token", browser.post(url, ok, format="json"), game.pk))
    send("not seated", user=stranger, body=ok)
    send("not seated, French", user=stranger, body=ok, HTTP_ACCEPT_LANGUAGE="fr")
    if other_role(game, role) not in step.roles:
        send("not prompted", user=other, body=ok)
    send("no such game", body=ok, path="/api/v1/games/999999/orders/")
    send("no such game, with a key", body=ok, path="/api/v1/games/999999/orders/", HTTP_IDEMPOTENCY_KEY="nope")
    send("key first", body=ok, HTTP_IDEMPOTENCY_KEY="k-1")
    send("key again", body=ok, HTTP_IDEMPOTENCY_KEY="k-1")
    send("key reused", body={"step": step.number, "text": "pass"}, HTTP_IDEMPOTENCY_KEY="k-1")
    send("key with an error", body={"step": step.number, "orders": {"bogus": 1}}, HTTP_IDEMPOTENCY_KEY="k-2")
    send("key after an error", body=ok, HTTP_IDEMPOTENCY_KEY="k-2")
    send("key 300 characters", body=ok, HTTP_IDEMPOTENCY_KEY="k" * 300)
    send("key 300 characters again", body=ok, HTTP_IDEMPOTENCY_KEY="k" * 255 + "z" * 45)
    send("GET", method="get")
    send("PUT", method="put", body=ok)
    send("DELETE", method="delete")

    settings.CURSUS_THROTTLE_RATES = {**settings.CURSUS_THROTTLE_RATES, "orders": "2/min", "token_failure": "2/min"}
    # From addresses of their own: the wrong tokens above were counted for the default one.
    send("throttle: first", user=other, body=ok, REMOTE_ADDR="10.17.8.9")
    send("throttle: second", user=other, body=ok, REMOTE_ADDR="10.17.8.9")
    send("throttle: refused", user=other, body=ok, REMOTE_ADDR="10.17.8.9")
    send("throttle: refused, French", user=other, body=ok, REMOTE_ADDR="10.17.8.9", HTTP_ACCEPT_LANGUAGE="fr")
    for n in range(3):
        send(f"wrong token {n + 1} from one address", auth="Token " + "1" * 40, body=ok, REMOTE_ADDR="10.17.8.1")
    newcomer = make_player("newcomer")
    send("right token from that address", user=newcomer, body=ok, REMOTE_ADDR="10.17.8.1")
    send("right token from another address", user=newcomer, body=ok, REMOTE_ADDR="10.17.8.2")

    if os.environ.get("CURSUS_RECORD_ANSWERS"):
        GOLDEN.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n")
    recorded = json.loads(GOLDEN.read_text())
    assert [a["name"] for a in answers] == [r["name"] for r in recorded]
    for got, expected in zip(answers, recorded):
        assert got == expected, got["name"]
