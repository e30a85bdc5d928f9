"""The tournaments API (``/api/v1/tournaments/``). Thin views: validate input, call one
service or selector. Errors are RFC 9457 problem documents (games/api/problems.py)."""

from __future__ import annotations

import csv
import io

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import ProblemSerializer
from games.api.validation import validate_input
from tournaments import selectors, services
from tournaments.models import TIEBREAKS, Tournament

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 422)}


class TournamentOutputSerializer(serializers.Serializer):
    class Meta:
        ref_name = "TournamentOutput"

    id = serializers.IntegerField()
    name = serializers.CharField()
    ruleset = serializers.CharField()
    scenario = serializers.CharField()
    options = serializers.JSONField()
    status = serializers.CharField()
    system = serializers.CharField()
    rounds_planned = serializers.IntegerField()
    pool_size = serializers.IntegerField()
    registration = serializers.CharField()
    min_rating = serializers.FloatField(allow_null=True)
    min_reliability = serializers.FloatField(allow_null=True)
    max_players = serializers.IntegerField(allow_null=True)
    rated = serializers.BooleanField()
    table_size = serializers.IntegerField(help_text="Players per table: the ruleset's roles for these options, less its referee roles.")
    seats = serializers.JSONField(help_text="A table's seats in role order: [{role, name: {en, fr}, referee}].")
    referee = serializers.CharField(allow_null=True, help_text="Who holds the referee role (a game master) of every game; null: the game has none.")
    step_hours = serializers.IntegerField()
    deadline_policy = serializers.JSONField()
    scoring = serializers.JSONField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    organisers = serializers.ListField(child=serializers.CharField())
    entries = serializers.JSONField()
    rounds_paired = serializers.IntegerField()
    created_at = serializers.DateTimeField()


def _detail(tournament: Tournament) -> dict:
    return TournamentOutputSerializer(selectors.tournament_detail(tournament=tournament)).data


class TournamentListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentCreateInput"

        name = serializers.CharField(max_length=200)
        ruleset = serializers.CharField()
        scenario = serializers.CharField()
        options = serializers.DictField(required=False, default=dict)
        system = serializers.ChoiceField(choices=Tournament.System.choices, default=Tournament.System.SWISS)
        rounds_planned = serializers.IntegerField(min_value=1, max_value=50, default=5)
        pool_size = serializers.IntegerField(min_value=2, max_value=64, default=8)
        registration = serializers.ChoiceField(choices=Tournament.Registration.choices, default=Tournament.Registration.OPEN)
        min_rating = serializers.FloatField(required=False, allow_null=True, default=None)
        min_reliability = serializers.FloatField(required=False, allow_null=True, default=None, min_value=0, max_value=1)
        max_players = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=2)
        rated = serializers.BooleanField(default=True)
        step_hours = serializers.IntegerField(min_value=1, max_value=24 * 60, default=72)
        deadline_policy = serializers.DictField(required=False, default=dict)
        scoring = serializers.DictField(child=serializers.DecimalField(max_digits=6, decimal_places=3), required=False, default=dict)
        tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=TIEBREAKS), required=False, default=None)
        table_size = serializers.IntegerField(
            min_value=2, max_value=64, required=False, allow_null=True, default=None,
            help_text="Players per table (default: as many as the options seat). When the options seat another number, "
                      "an option left unset whose choice seats that many is set (Kings of Rome's players); a size the "
                      "ruleset cannot seat is a 422 tournament.table-size naming the sizes it can.")
        referee = serializers.CharField(
            required=False, allow_null=True, default=None,
            help_text="A game with a referee role (a game master: the refereed ruleset): the account that holds it in "
                      "every game (default: the creator).")
        place_points = serializers.ListField(
            child=serializers.DecimalField(max_digits=8, decimal_places=3), required=False, allow_null=True, default=None,
            help_text="Tables of three or more: the points of each place, first place first, never increasing "
                      "(default: the table's size less the place).")

    class ListOutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentListOutput"

        id = serializers.IntegerField()
        name = serializers.CharField()
        ruleset = serializers.CharField()
        scenario = serializers.CharField()
        status = serializers.CharField()
        system = serializers.CharField()

    @extend_schema(operation_id="tournaments_list", responses={200: ListOutputSerializer(many=True)})
    def get(self, request):
        return Response(self.ListOutputSerializer(selectors.tournaments_list(), many=True).data)

    @extend_schema(operation_id="tournaments_create", request=InputSerializer, responses={201: TournamentOutputSerializer, **PROBLEMS})
    def post(self, request):
        data = validate_input(self.InputSerializer, request.data)
        if data.get("referee") is not None:
            data["referee"] = services.user_by_username(data["referee"], path="/referee")
        tournament = services.tournament_create(created_by=request.user, **data)
        return Response(_detail(tournament), status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tournaments_retrieve", responses={200: TournamentOutputSerializer, **PROBLEMS})
    def get(self, request, tournament_id: int):
        return Response(_detail(get_object_or_404(Tournament, pk=tournament_id)))


class RegisterApi(APIView):
    @extend_schema(operation_id="tournaments_register", request=None, responses={201: TournamentOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        services.entry_register(tournament=tournament, player=request.user)
        return Response(_detail(tournament), status=status.HTTP_201_CREATED)


class InvitationApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentInviteInput"

        players = serializers.ListField(child=serializers.CharField(), min_length=1, max_length=1024)

    @extend_schema(operation_id="tournaments_invite", request=InputSerializer, responses={201: TournamentOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = validate_input(self.InputSerializer, request.data)
        players = [services.user_by_username(name, path=f"/players/{i}") for i, name in enumerate(data["players"])]
        services.tournament_invite(tournament=tournament, by=request.user, players=players)
        return Response(_detail(tournament), status=status.HTTP_201_CREATED)


class StandingsOutputSerializer(serializers.Serializer):
    class Meta:
        ref_name = "TournamentStandingsOutput"

    tournament = serializers.IntegerField()
    system = serializers.CharField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    bye_points = serializers.CharField(help_text="What every bye scores (the scoring setting bye), in every pool alike.")
    table_size = serializers.IntegerField(help_text="Players per table.")
    place_points = serializers.ListField(child=serializers.CharField(), help_text="Tables of three or more: the points of each place, first place first (empty at two).")
    rows = serializers.JSONField(help_text="Ranked rows: pool (a round robin's, else null), rank (within the pool), shared, player, points, played, wins, draws, losses, byes, places (tables of three or more: the games finished in each place), sonneborn_berger, head_to_head, vp_for, vp_against, vp_difference, running (each running game with its current VP); a round robin's pool by pool.")
    pools = serializers.JSONField(help_text="The same rows by pool: [{pool, rows}] (one group with pool null for Swiss).")
    rounds = serializers.JSONField(help_text="Every round with its pairings (each with seats: [{role, player}] in role order; primus and secundus are the first two), results (at a table of three or more with places: {role: place}) and live VP.")


class RoundApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(operation_id="tournaments_rounds_list", responses={200: StandingsOutputSerializer, **PROBLEMS})
    def get(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response(StandingsOutputSerializer(selectors.standings(tournament=tournament)).data)

    @extend_schema(operation_id="tournaments_rounds_pair", request=None, responses={201: StandingsOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        services.round_pair_next(tournament=tournament, by=request.user)
        return Response(StandingsOutputSerializer(selectors.standings(tournament=tournament)).data, status=status.HTTP_201_CREATED)


class StandingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tournaments_standings", responses={200: StandingsOutputSerializer, **PROBLEMS})
    def get(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response(StandingsOutputSerializer(selectors.standings(tournament=tournament)).data)


def standings_csv(tournament: Tournament) -> HttpResponse:
    """The standings as CSV (UTF-8, a header row of column ids, then the same cells as the
    page's table)."""
    body = io.StringIO()
    writer = csv.writer(body, lineterminator="\n")
    columns = selectors.standings_columns(tournament)
    writer.writerow([key for key, _label in columns])
    for row in selectors.standings(tournament=tournament)["rows"]:
        writer.writerow(selectors.standings_cells(row, columns))
    response = HttpResponse(body.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-standings.csv"'
    return response


class StandingsCsvApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tournaments_standings_csv", responses={(200, "text/csv"): OpenApiTypes.STR})
    def get(self, request, tournament_id: int):
        return standings_csv(get_object_or_404(Tournament, pk=tournament_id))


class AuditApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentAuditOutput"

        id = serializers.IntegerField()
        action = serializers.CharField()
        action_display = serializers.CharField()
        actor = serializers.CharField()
        pairing = serializers.IntegerField(allow_null=True)
        reason = serializers.CharField(allow_blank=True)
        data = serializers.JSONField()
        created_at = serializers.DateTimeField()

    @extend_schema(operation_id="tournaments_audit", responses={200: OutputSerializer(many=True), **PROBLEMS})
    def get(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response(self.OutputSerializer(selectors.audit_trail(tournament=tournament), many=True).data)


class ForfeitApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentForfeitInput"

        loser = serializers.CharField(help_text="The seat (role) that forfeits: PRIMUS or SECONDUS, or one seat of a table of three or more (it takes the last place, the others share the first).")
        reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    @extend_schema(operation_id="tournaments_pairings_forfeit", request=InputSerializer, responses={200: StandingsOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int, pairing_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = validate_input(self.InputSerializer, request.data)
        services.pairing_forfeit(tournament=tournament, pairing_id=pairing_id, by=request.user, **data)
        return Response(StandingsOutputSerializer(selectors.standings(tournament=tournament)).data)


class ResultApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentResultInput"

        winner = serializers.CharField(allow_null=True, help_text="One of the table's seats (roles), or null for a draw.")
        level = serializers.CharField(help_text="One of the ruleset's victory levels (it must be the one the scores give, unless override), or forfeit, adjudicated.")
        scores = serializers.DictField(child=serializers.IntegerField(min_value=0), required=False, default=dict)
        reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)
        override = serializers.BooleanField(required=False, default=False, help_text="Set a level other than the one the rules give the scores; needs a reason, recorded as an override in the audit trail.")
        places = serializers.DictField(child=serializers.IntegerField(min_value=1), required=False, allow_null=True, default=None,
                                       help_text="A table of three or more: every seat's place (1 first; a shared place repeated, the next skipping: 1, 2, 2, 4). Default: as the ruleset ranks the winner and the scores.")

    @extend_schema(operation_id="tournaments_pairings_result", request=InputSerializer, responses={200: StandingsOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int, pairing_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = validate_input(self.InputSerializer, request.data)
        services.pairing_result_adjust(tournament=tournament, pairing_id=pairing_id, by=request.user, **data)
        return Response(StandingsOutputSerializer(selectors.standings(tournament=tournament)).data)


class ExtendDeadlineApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentExtendInput"

        hours = serializers.IntegerField(min_value=1, max_value=24 * 60)
        reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    @extend_schema(operation_id="tournaments_pairings_extend", request=InputSerializer, responses={200: StandingsOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int, pairing_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = validate_input(self.InputSerializer, request.data)
        services.pairing_deadline_extend(tournament=tournament, pairing_id=pairing_id, by=request.user, **data)
        return Response(StandingsOutputSerializer(selectors.standings(tournament=tournament)).data)


class PressLockApi(APIView):
    @extend_schema(operation_id="tournaments_press_lock", request=None, responses={200: OpenApiTypes.OBJECT, **PROBLEMS},
                   description="An organiser locks the table talk of every running game of the tournament (and of "
                   "the next rounds' games while the latest round's are locked) → {games: [ids changed]}.")
    def put(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response({"games": services.tournament_press_lock(tournament=tournament, by=request.user, locked=True)})

    @extend_schema(operation_id="tournaments_press_unlock", request=None, responses={200: OpenApiTypes.OBJECT, **PROBLEMS})
    def delete(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response({"games": services.tournament_press_lock(tournament=tournament, by=request.user, locked=False)})


class ReplaceApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentReplaceInput"

        player = serializers.CharField()
        replacement = serializers.CharField()
        reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    @extend_schema(operation_id="tournaments_replace", request=InputSerializer, responses={200: TournamentOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = validate_input(self.InputSerializer, request.data)
        services.entry_replace(
            tournament=tournament,
            by=request.user,
            player=services.user_by_username(data["player"], path="/player"),
            replacement=services.user_by_username(data["replacement"], path="/replacement"),
            reason=data["reason"],
        )
        return Response(_detail(tournament))


class WithdrawApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TournamentWithdrawInput"

        player = serializers.CharField()
        reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    @extend_schema(operation_id="tournaments_withdraw", request=InputSerializer, responses={200: TournamentOutputSerializer, **PROBLEMS})
    def post(self, request, tournament_id: int):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = validate_input(self.InputSerializer, request.data)
        services.entry_withdraw(tournament=tournament, by=request.user,
                                player=services.user_by_username(data["player"], path="/player"), reason=data["reason"])
        return Response(_detail(tournament))


class PlayerProfileApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PlayerProfileOutput"

        player = serializers.CharField()
        ratings = serializers.JSONField(help_text="Per ruleset: rating, rd (now: widened by Glickman's step for each whole rating period without a rated game), volatility, games, rd_after_last_game, idle_periods, last_rated_at.")
        rating_period_days = serializers.FloatField(help_text="The length of a Glicko-2 rating period (CURSUS_RATING_PERIOD_DAYS).")
        reliability = serializers.JSONField()
        tournaments = serializers.JSONField()
        games = serializers.JSONField(help_text="current and finished games with results (public ones, and those I sit in)")

    @extend_schema(operation_id="tournaments_player_profile", responses={200: OutputSerializer, **PROBLEMS})
    def get(self, request, username: str):
        from django.contrib.auth import get_user_model

        player = get_object_or_404(get_user_model(), username=username)
        return Response(self.OutputSerializer(selectors.player_profile(player=player, viewer=request.user)).data)
