"""The API of players together (docs/together.md): the lobby and "match me", a game
started with fewer seats. Thin views: validate, call one service or selector."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import computers, lobby, selectors, substitutes, throttles
from games.api.serializers import GameDetailSerializer, ProblemSerializer
from games.api.validation import validate_input
from games.models import Game

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 413, 422, 429)}


class LobbyGameSerializer(serializers.Serializer):
    class Meta:
        ref_name = "LobbyGame"

    id = serializers.IntegerField()
    name = serializers.CharField()
    ruleset = serializers.CharField()
    ruleset_name = serializers.JSONField()
    scenario = serializers.CharField()
    options = serializers.JSONField()
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    seats_taken = serializers.IntegerField()
    seats_wanted = serializers.IntegerField()
    free_roles = serializers.ListField(child=serializers.CharField())
    step_hours = serializers.IntegerField()
    min_rating = serializers.FloatField(allow_null=True)
    min_reliability = serializers.FloatField(allow_null=True)
    joinable = serializers.BooleanField(help_text="whether I may take a seat now")
    problems = serializers.JSONField(help_text="why not: each gate I do not pass (code, path, message in en and fr)")


class MatchRequestSerializer(serializers.Serializer):
    class Meta:
        ref_name = "MatchRequest"

    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    scenario = serializers.CharField()
    options = serializers.JSONField()
    rating = serializers.FloatField(allow_null=True)
    status = serializers.CharField(help_text="waiting, matched or cancelled")
    game = serializers.IntegerField(source="game_id", allow_null=True, help_text="the game made when matched")
    created_at = serializers.DateTimeField()


class LobbyApi(APIView):
    """Open games I may join (anybody may look; joining needs an account)."""

    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    class FilterSerializer(serializers.Serializer):
        class Meta:
            ref_name = "LobbyFilter"

        ruleset = serializers.CharField(required=False, default=None)

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "LobbyOutput"

        games = LobbyGameSerializer(many=True)
        match_requests = MatchRequestSerializer(many=True)
        waiting = serializers.JSONField(help_text="players waiting to be matched, per ruleset and scenario")

    @extend_schema(operation_id="lobby_list", parameters=[OpenApiParameter("ruleset", OpenApiTypes.STR)],
                   responses={200: OutputSerializer, **PROBLEMS})
    def get(self, request):
        params = validate_input(self.FilterSerializer, request.query_params)
        body = {
            "games": lobby.open_games(player=request.user, ruleset=params["ruleset"]),
            "match_requests": lobby.match_requests_of(player=request.user),
            "waiting": [{"ruleset": r, "scenario": s, "players": n}
                        for (r, s), n in sorted(lobby.matches_waiting(ruleset=params["ruleset"]).items())],
        }
        return Response(self.OutputSerializer(body).data)


class MatchApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.JoinThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "MatchRequestInput"

        ruleset = serializers.CharField(max_length=64)
        scenario = serializers.CharField(max_length=64)
        options = serializers.DictField(required=False, default=dict)

    @extend_schema(
        operation_id="lobby_match",
        description="Match me: any opponent for this ruleset and scenario, paired by rating. "
        "201 with status matched and the game when opponents were waiting, else status waiting.",
        request=InputSerializer, responses={201: MatchRequestSerializer, **PROBLEMS},
    )
    def post(self, request):
        data = validate_input(self.InputSerializer, request.data)
        match = lobby.match_request(player=request.user, **data)
        return Response(MatchRequestSerializer(match).data, status=status.HTTP_201_CREATED)


class MatchDetailApi(APIView):
    @extend_schema(operation_id="lobby_match_cancel", request=None, responses={200: MatchRequestSerializer, **PROBLEMS})
    def delete(self, request, request_id: int):
        return Response(MatchRequestSerializer(lobby.match_cancel(player=request.user, request_id=request_id)).data)


class GameStartApi(APIView):
    @extend_schema(
        operation_id="games_start",
        description="The creator starts an open game with the seats taken so far, where its ruleset "
        "lets fewer seats play (else 409).",
        request=None, responses={200: GameDetailSerializer, **PROBLEMS},
    )
    def post(self, request, game_id: int):
        game = lobby.game_start_now(game=get_object_or_404(Game, pk=game_id), by=request.user)
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)


class OfferedSeatSerializer(serializers.Serializer):
    class Meta:
        ref_name = "OfferedSeat"

    game = serializers.IntegerField()
    name = serializers.CharField(help_text="the game's name")
    ruleset = serializers.CharField()
    scenario = serializers.CharField()
    role = serializers.CharField()
    offered_at = serializers.DateTimeField()
    stand_in = serializers.CharField(help_text="who plays it meanwhile: default (orders) or computer")
    public = serializers.BooleanField()
    min_rating = serializers.FloatField(allow_null=True)
    min_reliability = serializers.FloatField(allow_null=True)
    joinable = serializers.BooleanField()
    problems = serializers.JSONField()


class SeatsOfferedApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    @extend_schema(operation_id="lobby_seats", responses={200: OfferedSeatSerializer(many=True), **PROBLEMS})
    def get(self, request):
        return Response(OfferedSeatSerializer(substitutes.seats_offered(player=request.user), many=True).data)


class TakeOverApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.JoinThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TakeOverInput"

        role = serializers.CharField(max_length=32)

    @extend_schema(operation_id="games_take_over", request=InputSerializer, responses={200: GameDetailSerializer, **PROBLEMS},
                   description="Take over an abandoned seat offered in the lobby, with the position as it stands.")
    def post(self, request, game_id: int):
        data = validate_input(self.InputSerializer, request.data)
        game = get_object_or_404(Game, pk=game_id)
        substitutes.seat_take_over(game=game, role=data["role"], player=request.user)
        game.refresh_from_db()
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)


class ResignApi(APIView):
    @extend_schema(operation_id="games_resign", request=None, responses={200: GameDetailSerializer, **PROBLEMS},
                   description="My seat resigns: with one opponent left in a game with opponents, it wins; nobody "
                   "left, the game is aborted; else my seat is offered to a substitute.")
    def post(self, request, game_id: int):
        game = substitutes.seat_resign(game=get_object_or_404(Game, pk=game_id), player=request.user)
        game.refresh_from_db()
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)


class DrawApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "DrawInput"

        accept = serializers.BooleanField(help_text="true: offer or accept a draw; false: decline the offer")

    @extend_schema(operation_id="games_draw", request=InputSerializer, responses={200: GameDetailSerializer, **PROBLEMS},
                   description="Offer, accept or decline a draw where the ruleset allows one; every seat still in the "
                   "game accepting ends it drawn. An offer lapses when the next step is resolved.")
    def post(self, request, game_id: int):
        data = validate_input(self.InputSerializer, request.data)
        game = substitutes.draw_answer(game=get_object_or_404(Game, pk=game_id), player=request.user, accept=data["accept"])
        game.refresh_from_db()
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)


class HandOverApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.JoinThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "HandOverInput"

        to = serializers.CharField(max_length=150, help_text="the account that takes the seat")
        reason = serializers.CharField(max_length=500, required=False, allow_blank=True)

    @extend_schema(operation_id="games_hand_over", request=InputSerializer, responses={200: GameDetailSerializer, **PROBLEMS},
                   description="Hand my seat to another account, where the ruleset lets its holder pass it on "
                   "(Ruleset.handover_roles: a refereed game's master); the account takes it as it stands.")
    def post(self, request, game_id: int):
        data = validate_input(self.InputSerializer, request.data)
        game = get_object_or_404(Game, pk=game_id)
        substitutes.seat_hand_over(game=game, player=request.user, to_username=data["to"], reason=data.get("reason", ""))
        game.refresh_from_db()
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)


class PracticeApi(APIView):
    """A practice game against the computer (docs/computer.md, "Where it plays")."""

    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.GamesThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PracticeCreateInput"

        ruleset = serializers.CharField()
        scenario = serializers.CharField()
        options = serializers.DictField(required=False, default=dict)
        role = serializers.CharField(required=False, allow_null=True, default=None,
                                     help_text="my seat (null: the first); the computer takes every other")
        level = serializers.CharField(required=False, default="fast",
                                      help_text="the computer's level: fast or strong (GET rulesets/ lists them)")
        step_hours = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                              max_value=24 * 60)

    @extend_schema(
        operation_id="games_practice",
        description="Start a practice game against the computer: my seat, the computer in every other at the "
        "level asked. It starts at once, is marked practice, is never rated, and the computer answers as soon "
        "as each step opens (422 computer.level, computer.unavailable).",
        request=InputSerializer, responses={201: GameDetailSerializer, **PROBLEMS},
    )
    def post(self, request):
        data = validate_input(self.InputSerializer, request.data)
        game = computers.practice_create(player=request.user, **data)
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data,
                        status=status.HTTP_201_CREATED)


class ComputerSeatsApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ComputerSeatsInput"

        level = serializers.CharField(required=False, default="fast", help_text="fast or strong")
        roles = serializers.ListField(child=serializers.CharField(), required=False, allow_null=True, default=None,
                                      help_text="the free seats to fill (null: all of them)")

    @extend_schema(
        operation_id="games_computer_seats",
        description="The creator of an open game has computer players take its free seats (all, or those "
        "named); the game starts when its last seat is taken (403 not-creator; 409 computer.not_open, "
        "computer.seat_taken, computer.no_free_seat; 422 computer.level, computer.unavailable).",
        request=InputSerializer, responses={200: GameDetailSerializer, **PROBLEMS},
    )
    def post(self, request, game_id: int):
        data = validate_input(self.InputSerializer, request.data)
        game = computers.seats_fill(game=get_object_or_404(Game, pk=game_id), by=request.user, **data)
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)
