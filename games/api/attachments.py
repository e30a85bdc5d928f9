"""Files attached to orders, by the API (games/attachments.py; docs/api.md, "Attachments").

``/api/v1/games/{id}/orders/attachments/`` is a sub-resource of the seat's order set of
its open step: ``POST`` keeps one file (a multipart ``file``, or JSON with the file in
base64), under the same checks as the game page's form (size, count, media type, a step
that takes files); every file the seat attached for the step joins the order set it
submits next (``POST …/orders/``). ``GET`` lists the seat's files of its open step;
``GET …/attachments/{token}/`` serves a file to the roles that may read it (its seat, the
master once the orders are his) and is a 404 to anyone else.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import json

from django.conf import settings
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiTypes, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from games import attachment_rows, attachments, errors, selectors, services, throttles
from games.api.parsers import BoundedJSONParser
from games.api.serializers import ProblemSerializer
from games.api.validation import validate_input
from games.api.views import watchable_game
from games.models import Step

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 413, 415, 422, 429)}


class AttachmentTooLarge(errors.GameError):
    code = "payload-too-large"
    status = 413
    title = _("The request body is too large.")


def _body_limit() -> int:
    """The largest request that may carry one file: the file in base64 (4 bytes for 3)
    and room for the other fields or the multipart framing."""
    return attachments.max_bytes() * 4 // 3 + 64 * 1024


def _too_large(size: int) -> AttachmentTooLarge:
    refused = attachments.too_large(size)
    return AttachmentTooLarge(refused.detail, errors=refused.errors)


class AttachmentJSONParser(BoundedJSONParser):
    """JSON with a file in base64: the API's parser with room for one file."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        limit = _body_limit()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise _too_large(len(raw) * 3 // 4)
        try:
            data = json.loads(codecs.decode(raw, parser_context.get("encoding", settings.DEFAULT_CHARSET)))
        except ValueError as exc:
            from rest_framework.exceptions import ParseError

            raise ParseError(f"JSON parse error: {exc}") from None
        return data


class AttachmentOut(serializers.Serializer):
    class Meta:
        ref_name = "OrderAttachment"

    id = serializers.CharField(help_text="the file's token: its name in the order set and in its URL")
    name = serializers.CharField()
    size = serializers.IntegerField()
    content_type = serializers.CharField()
    url = serializers.CharField(help_text="where the roles that may read it download it (this API)")


def _entry(request, game_id: int, entry: dict) -> dict:
    return {**entry, "url": request.build_absolute_uri(f"/api/v1/games/{game_id}/orders/attachments/{entry['id']}/")}


def _refused(code: str, path: str, en: str, fr: str) -> errors.OrdersInvalid:
    return errors.OrdersInvalid(en, errors=[{"code": code, "path": path, "message": {"en": en, "fr": fr}}])


class OrderAttachmentsApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.OrdersThrottle]
    parser_classes = [AttachmentJSONParser, MultiPartParser]

    class JsonInput(serializers.Serializer):
        class Meta:
            ref_name = "OrderAttachmentInput"

        step = serializers.IntegerField(min_value=1, help_text="the open step the orders are for")
        name = serializers.CharField(max_length=255, required=False, default="file", help_text="the file's name")
        content_type = serializers.CharField(max_length=255, required=False, default="",
                                             help_text="its media type (type/subtype); none: bytes")
        data = serializers.CharField(help_text="the file's bytes in base64 (multipart: send the file as 'file')",
                                     trim_whitespace=True)

    class ListOut(serializers.Serializer):
        class Meta:
            ref_name = "OrderAttachmentList"

        step = serializers.IntegerField(allow_null=True, help_text="the seat's open step (null: nothing asked now)")
        limit = serializers.IntegerField(help_text="how many files its orders take (0: none)")
        max_bytes = serializers.IntegerField(help_text="the largest file, in bytes")
        attachments = AttachmentOut(many=True)

    @extend_schema(operation_id="games_orders_attachments_list", responses={200: ListOut, **PROBLEMS},
                   description="My seat's files for the orders of its open step (they join the order set I submit).")
    def get(self, request, game_id: int):
        game = watchable_game(request, game_id)
        role = selectors.role_of(game=game, player=request.user)
        if role is None:
            raise errors.NotSeated(errors.NotSeated.title)
        step = game.steps.filter(status=Step.Status.OPEN, prompts__contains=[{"role": role}]).order_by("number").first()
        limit = 0
        files: list[dict] = []
        if step is not None:
            prompt = next(p for p in step.prompts if p["role"] == role)
            limit = attachment_rows.limit_of(services.ruleset_for(game.ruleset), prompt["kind"])
            files = attachment_rows.for_orders(game_id=game.pk, role=role, step=step.number)
        return Response({"step": step.number if step else None, "limit": limit, "max_bytes": attachments.max_bytes(),
                         "attachments": [_entry(request, game.pk, f) for f in files]})

    @extend_schema(
        operation_id="games_orders_attachments_create",
        request={"application/json": JsonInput,
                 "multipart/form-data": {"type": "object", "required": ["step", "file"],
                                         "properties": {"step": {"type": "integer"},
                                                        "file": {"type": "string", "format": "binary"}}}},
        responses={201: AttachmentOut, **PROBLEMS},
        description="Attach one file to my seat's orders of the open step: multipart (file, step) or JSON with "
        "the file in base64. The same checks as the game page's form: a step whose orders take files, at most "
        "CURSUS_ATTACHMENT_MAX_BYTES a file, the kind's number of files, a media type. Refusals are problem "
        "documents whose errors carry code, path and message in English and French (attachment.*).",
    )
    def post(self, request, game_id: int):
        length = request.META.get("CONTENT_LENGTH") or "0"
        if length.isdigit() and int(length) > _body_limit():  # refused before a byte is read
            raise _too_large(int(length))
        game = watchable_game(request, game_id)
        if request.content_type.startswith("multipart/"):
            upload = request.FILES.get("file")
            if upload is None:
                raise _refused("attachment.missing", "/file", "Send the file as the multipart field 'file'.",
                               "Envoyez le fichier dans le champ multipart « file ».")
            step = request.data.get("step")
            if not str(step or "").isdigit() or int(step) < 1:
                raise _refused("attachment.step", "/step", "Say the open step the orders are for (step, a number).",
                               "Indiquez l'étape ouverte à laquelle sont destinés les ordres (step, un nombre).")
            if upload.size > attachments.max_bytes():
                raise attachments.too_large(upload.size, name=attachments.clean_name(upload.name))
            name, kind, data, step = upload.name, upload.content_type or "", upload.read(), int(step)
        else:
            fields = validate_input(self.JsonInput, request.data)
            try:
                data = base64.b64decode(fields["data"], validate=True)
            except (binascii.Error, ValueError):
                raise _refused("attachment.base64", "/data", "The file's data is not base64.",
                               "Les données du fichier ne sont pas en base64.") from None
            name, kind, step = fields["name"], fields["content_type"], fields["step"]
        entry = attachments.store(game=game, player=request.user, name=name, content_type=kind, data=data, step=step,
                                  path="/data" if not request.content_type.startswith("multipart/") else "/file")
        return Response(_entry(request, game.pk, entry), status=status.HTTP_201_CREATED)


class OrderAttachmentApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    @extend_schema(operation_id="games_orders_attachments_retrieve",
                   parameters=[OpenApiParameter("token", OpenApiTypes.STR, OpenApiParameter.PATH)],
                   responses={(200, "application/octet-stream"): OpenApiTypes.BINARY, **PROBLEMS},
                   description="A file attached to orders, to its seat, to a role whose view names it (the master once "
                   "the orders step has closed) or that reads the open step's orders as they come; a 404 to anyone "
                   "else, who learns nothing of it.")
    def get(self, request, game_id: int, token: str):
        game = watchable_game(request, game_id)
        role = selectors.role_of(game=game, player=request.user)
        found = attachments.find_readable(game=game, role=role, token=token)
        if found is None:
            raise Http404
        return attachments.download(found)
