"""Generates games in the bench database with SQL (INSERT ... SELECT over
generate_series), not the ORM, so 100,000 games and 10 million events fit in minutes.

One real game is created first through the services (a real Semper Victor 305 setup,
its seats, step 1 and its events); every generated row is a copy of one of its rows with
new ids and owners, so new columns added by other apps' migrations are carried along
without this file knowing them.

Shape (per the issue): ``players = max(64, games // 10)`` users, each holding about 20
seats, so a player's own load is the same at 1,000 and at 100,000 games and the ratio
isolates the size of the tables. 30 % of the games are active with step 1 open (the
template's prompts); the rest are finished. ``events`` filler events are spread evenly,
every third one visible to one role only.
"""

from __future__ import annotations

import time

from django.db import connection, transaction

ACTIVE_PERCENT = 30
FIRST_ID = 1000  # generated rows start here; the template's own rows are below


def columns(table: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = %s ORDER BY ordinal_position",
            [table],
        )
        return [row[0] for row in cursor.fetchall()]


def clone(table: str, template_where: str, series: str, overrides: dict[str, str]) -> int:
    """INSERT into ``table`` one row per value ``i`` of ``series`` (a FROM item), copying
    the template row and replacing the columns of ``overrides`` (SQL over t and i)."""
    cols = columns(table)
    select = ", ".join(overrides.get(c, f"t.{c}") for c in cols)
    sql = f"INSERT INTO {table} ({', '.join(cols)}) SELECT {select} FROM {table} t, {series} WHERE {template_where}"
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.rowcount


def template_game():
    """One real game through the services (the rows every generated row copies)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import services

    User = get_user_model()
    a = User.objects.create_user(username="tpl-primus", email="tpl-primus@example.test", password="x")
    b = User.objects.create_user(username="tpl-secundus", email="tpl-secundus@example.test", password="x")
    Token.objects.create(user=a)
    Token.objects.create(user=b)
    game = services.game_create(ruleset="semper-victor", scenario="305", options={}, created_by=a,
                                role="PRIMUS", entropy="a")
    services.game_join(game=game, player=b, role="SECONDUS", entropy="b")
    game.refresh_from_db()
    return game, a, b


def players_for(games: int) -> int:
    return max(64, games // 10)


def generate(*, games: int, events: int, log=print) -> dict:
    """Rows for ``games`` games (ids FIRST_ID..) and ``events`` events in total."""
    from games.models import Game, Step

    timings = {}
    tpl, a, b = template_game()
    step = Step.objects.get(game=tpl, number=1)
    players = players_for(games)
    last_game = FIRST_ID + games - 1
    last_user = FIRST_ID + players - 1
    per_game = max(1, events // games)
    # Active or finished spread evenly over every player's games (not by player).
    active = f"((i / {max(64, games // 10)}) + i) % 10 < {ACTIVE_PERCENT // 10}"

    def timed(name, fn):
        c = time.perf_counter()
        n = fn()
        timings[name] = {"rows": n, "seconds": round(time.perf_counter() - c, 2)}
        log(f"  {name}: {n} rows in {timings[name]['seconds']} s")

    # Player i of game i: PRIMUS is user FIRST_ID + (i mod players), SECONDUS the one half
    # a roster away: two different players, about 20 seats each.
    primus = f"({FIRST_ID} + (i % {players}))"
    secundus = f"({FIRST_ID} + ((i + {players // 2}) % {players}))"
    with transaction.atomic():
        timed("users", lambda: clone("auth_user", f"t.id = {a.pk}", f"generate_series({FIRST_ID}, {last_user}) i", {
            "id": "i", "username": "'bench' || i", "email": "'bench' || i || '@example.test'"}))
        timed("tokens", lambda: clone("authtoken_token", f"t.user_id = {a.pk}",
                                      f"generate_series({FIRST_ID}, {last_user}) i",
                                      {"key": "substr(md5('tok' || i) || md5('en' || i), 1, 40)", "user_id": "i"}))
        timed("games", lambda: clone("games_game", f"t.id = {tpl.pk}", f"generate_series({FIRST_ID}, {last_game}) i", {
            "id": "i",
            "created_by_id": primus,
            "status": f"CASE WHEN {active} THEN 'active' ELSE 'finished' END",
            "finished_at": f"CASE WHEN {active} THEN NULL ELSE now() END",
        }))
        timed("seats", lambda: clone("games_seat", f"t.game_id = {tpl.pk}",
                                     f"generate_series({FIRST_ID}, {last_game}) i", {
            "id": f"i * 2 + CASE WHEN t.role = 'PRIMUS' THEN 0 ELSE 1 END",
            "game_id": "i",
            "player_id": f"CASE WHEN t.role = 'PRIMUS' THEN {primus} ELSE {secundus} END",
        }))
        timed("steps", lambda: clone("games_step", f"t.id = {step.pk}", f"generate_series({FIRST_ID}, {last_game}) i", {
            "id": "i", "game_id": "i",
            "status": f"CASE WHEN {active} THEN 'open' ELSE 'resolved' END",
            "resolved_at": f"CASE WHEN {active} THEN NULL ELSE now() END",
        }))
        first_event = tpl.events.order_by("seq").first()
        timed("events", lambda: clone(
            "games_event", f"t.id = {first_event.pk}",
            f"generate_series(0, {games * per_game - 1}) n, LATERAL (SELECT {FIRST_ID} + n / {per_game} AS i) g", {
                "id": f"{FIRST_ID} + n",
                "game_id": "i",
                "step_id": "CASE WHEN n % 2 = 0 THEN i ELSE NULL END",
                "seq": f"100 + n % {per_game}",
                "type": "'bench_filler'",
                "data": "jsonb_build_object('n', n)",
                "visible_to": "CASE WHEN n % 3 = 0 THEN '[\"PRIMUS\"]'::jsonb ELSE NULL END",
                "audience": "CASE WHEN n % 3 = 0 THEN ',PRIMUS,' ELSE '*' END",
            }))
    with connection.cursor() as cursor:
        for table in ("auth_user", "authtoken_token", "games_game", "games_seat", "games_step", "games_event"):
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
                if table != "authtoken_token" else "SELECT 1"
            )
        c = time.perf_counter()
        cursor.execute("ANALYZE")
        timings["analyze"] = {"seconds": round(time.perf_counter() - c, 2)}
    return {"games": games, "events": games * per_game, "players": players, "template_game": tpl.pk,
            "first_id": FIRST_ID, "timings": timings,
            "active_games": Game.objects.filter(status="active").count()}
