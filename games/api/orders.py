"""``POST /api/v1/games/{id}/orders/``: a submission, on a path of its own.

A client of the API submits with its token (``Authorization: Token …``): that request is
not dispatched by DRF but served by :func:`order_submit`, with one statement to
PostgreSQL to read, one Redis script for the limits and one statement to store
(``games.services.order_submit``, ``games/submission.py``). It answers as DRF's view did,
request for request: the same problem documents built by the same code
(``games/api/problems.py``), the same parser (``games/api/parsers.py``), DRF's own
request serializer as soon as a field is not plainly valid, the same limits in the same
order (``tests/games/api/orders_answers.json`` holds the recorded answers). In DRF's
order:

1. content negotiation (the answer is JSON);
2. the token, whose user is read in the same statement as the game, the step, the seat
   and a stored answer (``submission.read``);
3. the limits, in one Redis script (``throttles.submission_gate``): the address's
   wrong-token gate, then the user's ``api_user`` and ``orders``;
4. the body (``BoundedJSONParser``), then the request's fields;
5. the service, then the answer; the worker's message leaves after the response
   (``games/dispatch.py``).

Everything else goes through DRF's view of the same URL, :class:`OrderSubmitApi`: another
method, a session instead of a token, a malformed, unknown or inactive token (DRF says
which and counts it), an ``Accept`` header with parameters, ``?format=``. That view
authenticates and throttles as every API view does, then calls the same
:func:`answer`: DRF's door to the one submission, not a second one.
"""

from __future__ import annotations

import io
import re

from django.conf import settings
from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.mediatypes import media_type_matches
from rest_framework.views import APIView

from games import idempotency, services, submission, throttles
from games.api.parsers import BoundedJSONParser
from games.api.problems import problem_http_response
from games.api.serializers import OrderSetField, ProblemSerializer
from games.api.validation import StrictIntegerField, validate_input
from games.errors import GameError
from games.models import Game

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 413, 422, 429)}
TEXT_MAX = 20000
_RENDERER = JSONRenderer()
_PARSER = BoundedJSONParser()
#: What DRF's CharField refuses in a text besides its length: NUL and lone surrogates.
_REFUSED_CHARACTERS = re.compile("[\x00\ud800-\udfff]")


class OrderSubmitApi(APIView):
    """DRF's view of the submission URL: the schema, OPTIONS, other methods, sessions and
    every refused token (module docstring)."""

    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.OrdersThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "OrderSubmitInput"

        step = StrictIntegerField(min_value=1)
        orders = OrderSetField(
            required=False, default=None,
            help_text="the order set as JSON (its shape: the game's ruleset and the prompt's kind); or send text",
        )
        text = serializers.CharField(
            required=False, default=None, allow_blank=True, trim_whitespace=False, max_length=TEXT_MAX
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "OrderSubmitOutput"

        receipt = serializers.CharField(help_text="sha256 of the canonical order set")
        step = serializers.IntegerField()
        replaced = serializers.BooleanField(help_text="true when it replaced an earlier order set")
        final = serializers.BooleanField(
            help_text="true when it was the last order set the step awaited: the step closes and is resolved "
            "now, so it can no longer be changed; false: you may send a new set until the step closes"
        )

    @extend_schema(
        operation_id="games_orders_submit",
        request=InputSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                required=False,
                description="Retrying with the same key and body returns the stored response.",
            )
        ],
        responses={202: OutputSerializer, **PROBLEMS},
    )
    def post(self, request, game_id: int):
        data = validate_input(self.InputSerializer, request.data)
        return answer(request._request, game_id=game_id, user_id=request.user.pk, fields=data, body=request.data)


def answer(request, *, game_id: int, user_id: int, fields: dict, body, snapshot=None) -> HttpResponse:
    """The submission's answer once the request is authenticated, throttled and its
    ``fields`` valid (``body``: the parsed JSON, for the idempotency fingerprint;
    ``snapshot``: ``submission.read`` of this request, if done). Raises what the service
    raises; no such game is a 404."""
    key = request.META.get("HTTP_IDEMPOTENCY_KEY")
    key = (key[:255], idempotency.fingerprint(method=request.method, path=request.path, body=body)) if key else None
    try:
        result = services.order_submit(
            game_id=game_id, player_id=user_id, step=fields["step"], orders=fields["orders"], text=fields["text"],
            source="api", idempotency=key, snapshot=snapshot)
    except Game.DoesNotExist:
        raise exceptions.NotFound() from None
    if isinstance(result, services.Replayed):
        response = HttpResponse(_RENDERER.render(result.body), status=result.status, content_type="application/json")
        response["Idempotent-Replayed"] = "true"
        return response
    body = {"receipt": result.receipt, "step": result.step, "replaced": result.replaced, "final": result.final}
    return HttpResponse(_RENDERER.render(body), status=202, content_type="application/json")


def _fields(data) -> dict | None:
    """The request's fields when they are plainly valid (what ``InputSerializer`` returns
    for them), else None: the serializer then says what is wrong, in its own words."""
    if type(data) is not dict:
        return None
    step = data.get("step")
    if type(step) is not int or step < 1:
        return None
    orders, text = data.get("orders"), data.get("text")
    if orders is None and "orders" in data:
        return None
    if "text" in data and (type(text) is not str or len(text) > TEXT_MAX or _REFUSED_CHARACTERS.search(text)):
        return None
    return {"step": step, "orders": orders, "text": text}


def _accepts_json(meta) -> bool:
    """Whether DRF's content negotiation picks its JSON renderer, as is, for this Accept
    header (one with parameters, ``indent=4``..., is left to DRF)."""
    accept = meta.get("HTTP_ACCEPT")
    if accept is None:
        return True
    entries = [entry.strip() for entry in accept.split(",")]
    return all(";" not in e for e in entries) and any(media_type_matches("application/json", e) for e in entries)


def _body(request):
    """The parsed body, as DRF's ``Request.data`` parses it: nothing to read is ``{}``, a
    media type other than JSON a 415, then ``BoundedJSONParser`` (413, 400)."""
    meta = request.META
    try:
        length = int(meta.get("CONTENT_LENGTH", meta.get("HTTP_CONTENT_LENGTH", 0)))
    except (ValueError, TypeError):
        length = 0
    if length == 0:
        return {}
    content_type = meta.get("CONTENT_TYPE", meta.get("HTTP_CONTENT_TYPE", ""))
    if not media_type_matches(_PARSER.media_type, content_type):
        raise exceptions.UnsupportedMediaType(content_type)
    return _PARSER.parse(io.BytesIO(request.body), content_type,
                         {"encoding": request.encoding or settings.DEFAULT_CHARSET})


_drf_view = OrderSubmitApi.as_view()


@csrf_exempt
def order_submit(request, game_id: int):
    """The URL's view (module docstring)."""
    meta = request.META
    words = meta.get("HTTP_AUTHORIZATION", "").split()
    if (request.method != "POST" or len(words) != 2 or words[0].lower() != "token" or not words[1].isascii()
            or "format" in request.GET or not _accepts_json(meta)
            or getattr(request, "_force_auth_user", None) is not None  # DRF's test client forcing a user
            or getattr(request, "_force_auth_token", None) is not None):
        return _drf_view(request, game_id=game_id)
    try:
        body, unreadable = _body(request), None
    except exceptions.APIException as exc:
        body, unreadable = None, exc
    fields = _fields(body)
    key = meta.get("HTTP_IDEMPOTENCY_KEY")
    snapshot = submission.read(game_id=game_id, step=fields["step"] if fields else None, token=words[1],
                               key=key[:255] if key else None)
    if snapshot is None or not snapshot.user_active:
        return _drf_view(request, game_id=game_id)  # DRF refuses the token, in its words, and counts it
    try:
        refused = throttles.submission_gate(request, user_id=snapshot.user_id)
        if refused is not None:
            raise refused
        if unreadable is not None:
            raise unreadable
        read_with_fields = fields is not None
        if fields is None:
            fields = validate_input(OrderSubmitApi.InputSerializer, body)
        response = answer(request, game_id=game_id, user_id=snapshot.user_id, fields=fields, body=body,
                          snapshot=snapshot if read_with_fields else None)
    except (GameError, exceptions.APIException) as exc:
        response = problem_http_response(exc, request)
    response["Allow"] = "POST, OPTIONS"  # as DRF's view says on every answer
    return response


# drf-spectacular documents the URL from DRF's view of it.
order_submit.cls = OrderSubmitApi
order_submit.initkwargs = {}
