"""The REST API (``/api/v1/``). Views are thin: validate input, call one service or
selector, shape the output. Errors are problem documents (``problems.py``)."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import naming, selectors, services, spectators, throttles
from games.api.serializers import EventSerializer, GameDetailSerializer, ProblemSerializer
from games.api.validation import validate_input
from games.models import Game

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 413, 422, 429)}


class RulesetListApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "RulesetListOutput"

        slug = serializers.CharField()
        name = serializers.JSONField()
        version = serializers.CharField()
        scenarios = serializers.JSONField()
        options = serializers.JSONField()
        roles = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
        computer_levels = serializers.JSONField(
            help_text="the levels a computer player can sit at in this ruleset ({id, label, help, budget}); "
                      "empty: no computer can sit in it yet (docs/computer.md)")

    @extend_schema(operation_id="rulesets_list", responses={200: OutputSerializer(many=True)})
    def get(self, request):
        return Response(self.OutputSerializer(selectors.rulesets_catalogue(), many=True).data)


class GameListApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.GamesThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "GameCreateInput"

        ruleset = serializers.CharField()
        scenario = serializers.CharField()
        options = serializers.DictField(required=False, default=dict)
        role = serializers.CharField(required=False, allow_null=True, default=None)
        entropy = serializers.CharField(required=False, allow_null=True, default=None, max_length=200)
        step_hours = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=24 * 60)
        deadline_policy = serializers.DictField(
            required=False, allow_null=True, default=None,
            help_text="Deadlines, reminders, the missed-turn ladder and vacations (docs/deadlines.md).",
        )
        invite_only = serializers.BooleanField(
            required=False, default=False,
            help_text="Only accounts whose email address was invited may join (docs/security.md).",
        )
        min_rating = serializers.FloatField(
            required=False, allow_null=True, default=None,
            help_text="Entry gate: the least rating in the ruleset a player needs to join (docs/together.md).",
        )
        min_reliability = serializers.FloatField(
            required=False, allow_null=True, default=None,
            help_text="Entry gate: the least reliability (0 to 1) a player needs to join.",
        )
        stand_in = serializers.ChoiceField(
            choices=["default", "computer"], required=False, default="default",
            help_text="Who plays an abandoned seat until a substitute takes it: the default orders or a computer player.",
        )
        public = serializers.BooleanField(
            required=False, default=False,
            help_text="Anyone may watch the game (page, map, log, replay), as a non-player sees it (docs/together.md).",
        )
        press_private = serializers.BooleanField(
            required=False, allow_null=True, default=None,
            help_text="Private table talk: null for the default (on with more than two seats, where the ruleset allows it).",
        )
        name = serializers.CharField(
            required=False, allow_null=True, allow_blank=True, default=None,
            help_text="The game's name (at most 100 characters); none: the ruleset, the scenario and the seat holders "
                      "(`Semper Victor 305 · aurelia, marcus`).",
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "GameListOutput"

        id = serializers.IntegerField()
        name = serializers.CharField()
        ruleset = serializers.CharField()
        scenario = serializers.CharField()
        status = serializers.CharField()
        awaiting_me = serializers.BooleanField()
        state_version = serializers.IntegerField()
        url = serializers.CharField()

    @extend_schema(operation_id="games_list", responses={200: OutputSerializer(many=True), **PROBLEMS})
    def get(self, request):
        # One listing read ("awaiting" computed once, no position loaded), then the shape.
        games = [
            {
                "id": row["id"],
                "name": row["name"],
                "ruleset": row["ruleset"],
                "scenario": row["scenario"],
                "status": row["status"],
                "awaiting_me": row["awaiting"],
                "state_version": row["state_version"],
                "url": reverse("api:game-detail", kwargs={"game_id": row["id"]}),
            }
            for row in selectors.games_listing(player=request.user)
        ]
        return Response(self.OutputSerializer(games, many=True).data)

    @extend_schema(operation_id="games_create", request=InputSerializer, responses={201: GameDetailSerializer, **PROBLEMS})
    def post(self, request):
        data = validate_input(self.InputSerializer, request.data)
        game = services.game_create(created_by=request.user, **data)
        view = selectors.game_view_for(game=game, player=request.user)
        return Response(GameDetailSerializer(view).data, status=status.HTTP_201_CREATED)


def watchable_game(request, game_id: int) -> Game:
    """The game, if this client may watch it (docs/together.md): a public game for anyone,
    a private one for its seats; else 404 (401 without credentials)."""
    from rest_framework.exceptions import NotAuthenticated

    game = get_object_or_404(Game, pk=game_id)
    if not spectators.may_watch(game=game, user=request.user):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        raise Http404
    return game


class GameDetailApi(APIView):
    permission_classes = [AllowAny]  # a public game is anyone's to watch
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    @extend_schema(operation_id="games_retrieve", responses={200: GameDetailSerializer, **PROBLEMS})
    def get(self, request, game_id: int):
        game = watchable_game(request, game_id)
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)

    class PatchSerializer(serializers.Serializer):
        class Meta:
            ref_name = "GameRenameInput"

        name = serializers.CharField(
            allow_blank=True, allow_null=True,
            help_text="The game's new name (its creator, before it starts); empty: back to the default.",
        )

    @extend_schema(operation_id="games_rename", request=PatchSerializer, responses={200: GameDetailSerializer, **PROBLEMS})
    def patch(self, request, game_id: int):
        from rest_framework.exceptions import NotAuthenticated

        if not request.user.is_authenticated:
            raise NotAuthenticated()
        game = watchable_game(request, game_id)
        data = validate_input(self.PatchSerializer, request.data)
        game = naming.game_rename(game=game, by=request.user, name=data["name"])
        return Response(GameDetailSerializer(selectors.game_view_for(game=game, player=request.user)).data)


class GameJoinApi(APIView):
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle, throttles.JoinThrottle]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "GameJoinInput"

        role = serializers.CharField(required=False, allow_null=True, default=None)
        entropy = serializers.CharField(required=False, allow_null=True, default=None, max_length=200)

    @extend_schema(operation_id="games_join", request=InputSerializer, responses={201: GameDetailSerializer, **PROBLEMS})
    def post(self, request, game_id: int):
        game = get_object_or_404(Game, pk=game_id)
        data = validate_input(self.InputSerializer, request.data)
        services.game_join(game=game, player=request.user, **data)
        game.refresh_from_db()
        view = selectors.game_view_for(game=game, player=request.user)
        return Response(GameDetailSerializer(view).data, status=status.HTTP_201_CREATED)


class EventListApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]
    LIMIT_DEFAULT, LIMIT_MAX = 100, 500

    class FilterSerializer(serializers.Serializer):
        class Meta:
            ref_name = "EventListFilter"

        after = serializers.IntegerField(required=False, min_value=0, default=None)
        limit = serializers.IntegerField(required=False, min_value=1, max_value=500, default=100)

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "EventListOutput"

        results = EventSerializer(many=True)
        next = serializers.CharField(allow_null=True, help_text="The next page, or null.")

    @extend_schema(
        operation_id="games_events_list",
        parameters=[
            OpenApiParameter("after", OpenApiTypes.INT, description="Only events with a larger seq."),
            OpenApiParameter("limit", OpenApiTypes.INT, description="Page size (100, at most 500)."),
        ],
        responses={200: OutputSerializer, **PROBLEMS},
    )
    def get(self, request, game_id: int):
        game = watchable_game(request, game_id)
        params = validate_input(self.FilterSerializer, request.query_params)
        limit = params["limit"]
        role = selectors.role_of(game=game, player=request.user)
        events = list(
            selectors.events_visible_to(game=game, role=role, after=params["after"])[: limit + 1]
        )
        next_url = None
        if len(events) > limit:
            events = events[:limit]
            next_url = request.build_absolute_uri(
                f"{request.path}?after={events[-1].seq}&limit={limit}"
            )
        body = {"results": [selectors.event_as_dict(event=e, game=game) for e in events], "next": next_url}
        return Response(self.OutputSerializer(body).data)


class StepReplayApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "StepReplayOutput"

        step = serializers.IntegerField()
        resolved_at = serializers.DateTimeField()
        view = serializers.JSONField()
        events = EventSerializer(many=True)
        messages = serializers.JSONField(help_text="the table talk of this step I may read (none for a spectator)")

    @extend_schema(operation_id="games_steps_retrieve", responses={200: OutputSerializer, **PROBLEMS})
    def get(self, request, game_id: int, number: int):
        game = watchable_game(request, game_id)
        role = selectors.role_of(game=game, player=request.user)
        return Response(self.OutputSerializer(selectors.step_replay(game=game, number=number, role=role)).data)


# -- what the preferences page does, by API: vacations, pause and resume -----------------


class VacationSerializer(serializers.Serializer):
    class Meta:
        ref_name = "Vacation"

    id = serializers.IntegerField(read_only=True)
    starts_at = serializers.DateTimeField(help_text="ISO 8601 with a time zone, e.g. 2026-12-20T00:00:00+01:00")
    ends_at = serializers.DateTimeField()
    days = serializers.FloatField(read_only=True)


class VacationListApi(APIView):
    """The player's vacations: booked ahead, they push the deadlines of every game of the
    player as each game's policy allows (docs/deadlines.md)."""

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "VacationListOutput"

        allowance_days = serializers.IntegerField(help_text="days a year (CURSUS_VACATION_DAYS_PER_YEAR)")
        notice_hours = serializers.IntegerField(help_text="how far ahead a vacation is booked")
        used_days = serializers.FloatField(help_text="days booked this year")
        vacations = VacationSerializer(many=True)

    @extend_schema(operation_id="vacations_list", responses={200: OutputSerializer, **PROBLEMS})
    def get(self, request):
        body = {
            "allowance_days": settings.CURSUS_VACATION_DAYS_PER_YEAR,
            "notice_hours": settings.CURSUS_VACATION_NOTICE_HOURS,
            "used_days": services.vacation_days_used(player=request.user, year=timezone.now().year),
            "vacations": list(selectors.vacations_of(player=request.user)),
        }
        return Response(self.OutputSerializer(body).data)

    @extend_schema(operation_id="vacations_book", request=VacationSerializer, responses={201: VacationSerializer, **PROBLEMS})
    def post(self, request):
        data = validate_input(VacationSerializer, request.data)
        vacation = services.vacation_book(player=request.user, **data)
        return Response(VacationSerializer(vacation).data, status=status.HTTP_201_CREATED)


class VacationDetailApi(APIView):
    @extend_schema(operation_id="vacations_cancel", responses={204: None, **PROBLEMS})
    def delete(self, request, vacation_id: int):
        vacation = get_object_or_404(selectors.vacations_of(player=request.user), pk=vacation_id)
        services.vacation_cancel(vacation=vacation)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PauseSerializer(serializers.Serializer):
    class Meta:
        ref_name = "PauseState"

    status = serializers.CharField()
    paused = serializers.BooleanField()
    paused_at = serializers.DateTimeField(allow_null=True)
    requested_by = serializers.ListField(child=serializers.CharField(), help_text="roles that asked for the pause")
    waiting_for = serializers.ListField(child=serializers.CharField(), help_text="roles whose request is still missing")


class GamePauseApi(APIView):
    @extend_schema(
        operation_id="games_pause",
        description="My seat asks for a pause; the game pauses when every seat still in it has asked. "
        "While paused no deadline runs and nothing resolves.",
        request=None,
        responses={200: PauseSerializer, **PROBLEMS},
    )
    def post(self, request, game_id: int):
        game = services.pause_request(game=get_object_or_404(Game, pk=game_id), player=request.user)
        return Response(PauseSerializer(selectors.pause_state(game=game)).data)


class GameResumeApi(APIView):
    @extend_schema(
        operation_id="games_resume",
        description="Resume a paused game (open deadlines move by the time it stood still), "
        "or withdraw my request before the pause.",
        request=None,
        responses={200: PauseSerializer, **PROBLEMS},
    )
    def post(self, request, game_id: int):
        game = services.pause_resume(game=get_object_or_404(Game, pk=game_id), player=request.user)
        return Response(PauseSerializer(selectors.pause_state(game=game)).data)


class ArchiveListApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    @extend_schema(operation_id="archive_list", parameters=[OpenApiParameter("ruleset", OpenApiTypes.STR)],
                   responses={200: OpenApiTypes.OBJECT, **PROBLEMS},
                   description="The public archive: finished public games, newest first (100), with seats and result; "
                   "each downloads at games/{id}/archive/.")
    def get(self, request):
        ruleset = request.query_params.get("ruleset") or None
        return Response({"games": selectors.archive_list(ruleset=ruleset)})


class GameArchiveApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    @extend_schema(operation_id="games_archive", responses={200: OpenApiTypes.OBJECT, **PROBLEMS},
                   description="A finished game as JSON: ruleset, version, scenario, options, seats, result, the "
                   "dice (seed and entropies) and its public log (docs/together.md). 409 while it goes on.")
    def get(self, request, game_id: int):
        game = watchable_game(request, game_id)
        response = Response(selectors.game_archive(game=game))
        response["Content-Disposition"] = f'attachment; filename="cursus-game-{game.pk}.json"'
        return response


class GameFollowApi(APIView):
    @extend_schema(operation_id="games_follow", request=None, responses={204: None, **PROBLEMS},
                   description="Follow a public game: a spectator's turn email, at most one a day (409 not-watchable "
                   "for a private or finished game, or with a seat in it).")
    def put(self, request, game_id: int):
        spectators.follow(game=watchable_game(request, game_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(operation_id="games_unfollow", request=None, responses={204: None, **PROBLEMS})
    def delete(self, request, game_id: int):
        spectators.follow(game=get_object_or_404(Game, pk=game_id), user=request.user, following=False)
        return Response(status=status.HTTP_204_NO_CONTENT)
