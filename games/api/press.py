"""The API of table talk (docs/together.md): read and post a game's messages, mute a
seat, lock a game's press. Thin views: validate, call one service or selector."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games import errors, press, throttles
from games.api.serializers import ProblemSerializer
from games.api.validation import validate_input
from games.models import Game

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 413, 422, 429)}


class TableMessageSerializer(serializers.Serializer):
    class Meta:
        ref_name = "TableMessage"

    id = serializers.IntegerField()
    step = serializers.IntegerField(help_text="the step being played when it was sent (the replay shows it there)")
    author = serializers.CharField(help_text="the author's seat")
    to = serializers.ListField(child=serializers.CharField(), allow_null=True,
                               help_text="the seats it was written to; null: every seat")
    private = serializers.BooleanField()
    body = serializers.CharField(help_text="plain text, never markup: escape it where you show it")
    reply_to = serializers.IntegerField(allow_null=True)
    source = serializers.CharField(help_text="api, web or email")
    created_at = serializers.DateTimeField()


class PressStateSerializer(serializers.Serializer):
    class Meta:
        ref_name = "PressState"

    locked = serializers.BooleanField()
    private_allowed = serializers.BooleanField()
    muted = serializers.ListField(child=serializers.CharField(), help_text="the seats my seat muted")
    messages = TableMessageSerializer(many=True)


def _state(game: Game, seat) -> dict:
    role = seat.role if seat is not None else None
    return {
        "locked": game.press_locked_at is not None,
        "private_allowed": press.private_allowed(game=game),
        "muted": press.muted_roles(seat=seat) if seat is not None else [],
        "messages": [press.message_as_dict(m) for m in press.messages_visible_to(game=game, role=role)],
    }


class PressThrottle(throttles.ScopedThrottle):
    scope = "press"

    def allow_request(self, request, view):
        return request.method != "POST" or super().allow_request(request, view)


class MessageListApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, PressThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TableMessageInput"

        body = serializers.CharField(max_length=press.MAX_LENGTH * 2, trim_whitespace=False)
        to = serializers.ListField(child=serializers.CharField(max_length=32), required=False, default=list, max_length=16,
                                   help_text="seats to write to privately; empty: every seat")
        reply_to = serializers.IntegerField(required=False, allow_null=True, default=None,
                                            help_text="a message this answers: the reply goes to its audience")

    @extend_schema(operation_id="games_messages_list", responses={200: PressStateSerializer, **PROBLEMS},
                   parameters=[OpenApiParameter("step", OpenApiTypes.INT, description="only the messages sent during this step")])
    def get(self, request, game_id: int):
        game = get_object_or_404(Game, pk=game_id)
        seat = game.seats.filter(player=request.user).first()
        if seat is None:
            raise errors.NotSeated(errors.NotSeated.title)  # spectators read no table talk
        body = _state(game, seat)
        step = request.query_params.get("step")
        if step is not None and step.isdigit():
            body["messages"] = [m for m in body["messages"] if m["step"] == int(step)]
        return Response(PressStateSerializer(body).data)

    @extend_schema(operation_id="games_messages_post", request=InputSerializer,
                   responses={201: TableMessageSerializer, **PROBLEMS})
    def post(self, request, game_id: int):
        game = get_object_or_404(Game, pk=game_id)
        data = validate_input(self.InputSerializer, request.data)
        message = press.message_post(game=game, player=request.user, source="api", **data)
        return Response(TableMessageSerializer(press.message_as_dict(message)).data, status=status.HTTP_201_CREATED)


class MuteApi(APIView):
    @extend_schema(operation_id="games_messages_mute", request=None, responses={200: PressStateSerializer, **PROBLEMS},
                   description="My seat no longer reads nor is told of this seat's messages.")
    def put(self, request, game_id: int, role: str):
        game = get_object_or_404(Game, pk=game_id)
        press.mute(game=game, player=request.user, role=role, muted=True)
        return Response(PressStateSerializer(_state(game, game.seats.get(player=request.user))).data)

    @extend_schema(operation_id="games_messages_unmute", request=None, responses={200: PressStateSerializer, **PROBLEMS})
    def delete(self, request, game_id: int, role: str):
        game = get_object_or_404(Game, pk=game_id)
        press.mute(game=game, player=request.user, role=role, muted=False)
        return Response(PressStateSerializer(_state(game, game.seats.get(player=request.user))).data)


class PressLockApi(APIView):
    @extend_schema(operation_id="games_press_lock", request=None, responses={204: None, **PROBLEMS},
                   description="The game's organiser (its creator, or staff) locks its table talk.")
    def put(self, request, game_id: int):
        press.press_lock(game=get_object_or_404(Game, pk=game_id), locked=True, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(operation_id="games_press_unlock", request=None, responses={204: None, **PROBLEMS})
    def delete(self, request, game_id: int):
        press.press_lock(game=get_object_or_404(Game, pk=game_id), locked=False, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


