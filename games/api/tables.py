"""A game's own dice tables by the API (games/game_tables.py; docs/api.md, "Tables").

``GET games/{id}/tables/`` lists them for anyone who may watch the game; ``POST`` (the
role the ruleset names: a refereed game's master) uploads a YAML file in the format of
docs/tables.md, as JSON ``{"yaml": ...}`` or a multipart ``file``; every problem of the
file comes back with its code, its path, its line and a message in English and French.
``GET games/{id}/tables/{game}/{table}/`` gives one, its mapping and its YAML.
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import errors, game_tables, throttles
from games.api.parsers import BoundedJSONParser
from games.api.serializers import ProblemSerializer
from games.api.validation import validate_input
from games.api.views import watchable_game
from rules.tables.format import TEXT_MAX_BYTES

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 409, 413, 415, 422, 429)}


class TableOut(serializers.Serializer):
    class Meta:
        ref_name = "GameTable"

    id = serializers.CharField(help_text="<game>/<table>: what roll table <id> names")
    title = serializers.DictField(help_text="{en, fr}")
    kind = serializers.CharField(help_text="roll, grid or list")
    sha256 = serializers.CharField(help_text="of the canonical JSON of its mapping")
    updated_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="its page")


class TableDetailOut(TableOut):
    class Meta:
        ref_name = "GameTableDetail"

    table = serializers.DictField(help_text="the mapping read from the file (cursus-table/1)")
    yaml = serializers.CharField(help_text="the file as uploaded")


def _entry(request, game_id: int, row, *, full: bool = False) -> dict:
    out = {"id": row.table_id, "title": row.title, "kind": row.kind, "sha256": row.sha256, "updated_at": row.updated_at,
           "url": request.build_absolute_uri(f"/games/{game_id}/tables/{row.table_id}/")}
    if full:
        out["table"], out["yaml"] = row.raw, row.text
    return out


class GameTablesApi(APIView):
    permission_classes = [AllowAny]  # a public game's tables are anyone's to read
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]
    parser_classes = [BoundedJSONParser, MultiPartParser]

    class Input(serializers.Serializer):
        class Meta:
            ref_name = "GameTableInput"

        yaml = serializers.CharField(max_length=TEXT_MAX_BYTES, trim_whitespace=False,
                                     help_text="the table file (docs/tables.md; multipart: send it as 'file')")

    @extend_schema(operation_id="games_tables_list", responses={200: TableOut(many=True), **PROBLEMS},
                   description="The game's own dice tables (a refereed game's master's), for anyone who may watch it.")
    def get(self, request, game_id: int):
        game = watchable_game(request, game_id)
        return Response([_entry(request, game.pk, row) for row in game_tables.tables_of(game)])

    @extend_schema(
        operation_id="games_tables_upload",
        request={"application/json": Input,
                 "multipart/form-data": {"type": "object", "required": ["file"],
                                         "properties": {"file": {"type": "string", "format": "binary"}}}},
        responses={201: TableDetailOut, 200: TableDetailOut, **PROBLEMS},
        description="Give the game a table of its own (Ruleset.table_authors: a refereed game's master): a YAML file "
        "of docs/tables.md's format whose id is <game>/<table>, not one of the library's; a new upload of an id "
        "replaces it (200 when nothing changed). It comes into play with the master's next order set. Refusals: 403 "
        "table-not-allowed (table.not_author); 422 invalid-table whose errors carry code, path, line and message "
        "in English and French (table.yaml, table.roll_gap, table.id_taken, ...).",
    )
    def post(self, request, game_id: int):
        if not request.user.is_authenticated:
            from rest_framework.exceptions import NotAuthenticated

            raise NotAuthenticated()
        game = watchable_game(request, game_id)
        if request.content_type.startswith("multipart/"):
            upload = request.FILES.get("file")
            if upload is None:
                raise errors.TableInvalid(errors.TableInvalid.title, errors=[{
                    "code": "table.missing", "path": "/file", "message": {
                        "en": "Send the table file as the multipart field 'file'.",
                        "fr": "Envoyez le fichier de la table dans le champ multipart « file »."}}])
            data = upload.read(TEXT_MAX_BYTES + 1)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise errors.TableInvalid(errors.TableInvalid.title, errors=[{
                    "code": "table.encoding", "path": "/file", "message": {
                        "en": "The table file is not UTF-8 text.", "fr": "Le fichier de la table n'est pas du texte UTF-8."}}]) \
                    from None
        else:
            text = validate_input(self.Input, request.data)["yaml"]
        row, written = game_tables.table_upload(game=game, player=request.user, text=text)
        return Response(_entry(request, game.pk, row, full=True), status=status.HTTP_201_CREATED if written else 200)


class GameTableApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [throttles.ApiAnonThrottle, throttles.ApiUserThrottle]

    @extend_schema(operation_id="games_tables_retrieve", responses={200: TableDetailOut, **PROBLEMS},
                   description="One of the game's own tables: its mapping and its YAML.")
    def get(self, request, game_id: int, group: str, name: str):
        game = watchable_game(request, game_id)
        row = game_tables.table_of(game, f"{group}/{name}")
        if row is None:
            raise Http404
        return Response(_entry(request, game.pk, row, full=True))
