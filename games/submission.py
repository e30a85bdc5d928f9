"""The database side of a submission (``games.services.order_submit``): one read, then
one write, each a single statement, in plain SQL (no ORM object is built).

1. :func:`read` — one ``SELECT`` without a lock: the player (by id, or by API token: the
   token is checked in the same statement), the game's position and versions, the step
   asked for (is it open, is the seat prompted, the kind of its prompt), the player's
   seat, and the stored answer under an ``Idempotency-Key``. The caller checks the order
   set against that position.
2. :func:`store` — one call of the PostgreSQL function ``cursus_order_store`` (migration
   ``0007``): it locks the game's row (``FOR NO KEY UPDATE``, the lock the adjudication
   takes first, then the step: the same order, so no deadlock), then, each statement
   reading what was committed before it, checks that what the caller validated against
   still holds (the game active and not halted, the same ``state_version`` and ruleset
   version, the step open, the seat the player's with the same role) and answers
   ``stale`` when not (the caller reads again and checks again); else it stores or
   replaces the order set, resets a returning seat's ladder, sets the step's
   ``completed_at`` when no prompted seat is awaited any more, and stores the answer
   under the idempotency key. Without a lock between the read and the write, an
   adjudication committed in between cannot slip an order set into a resolved step: the
   step is read again after the lock.

SQLite (``make run`` without PostgreSQL) has no such function: :func:`store` runs the
same steps as separate statements in one transaction (``BEGIN IMMEDIATE`` serialises its
writers). The suite runs both on PostgreSQL (tests/games/services/test_order_submit.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import orjson
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from rest_framework.authtoken.models import Token

from games.models import Event, Game, IdempotencyKey, OrderSet, Seat, Step

#: Whether store() calls the PostgreSQL function (False: the statement-by-statement
#: path, which SQLite always takes; tests switch it to check both).
USE_FUNCTION = True


@dataclass(frozen=True)
class Snapshot:
    """What :func:`read` found. ``game_id`` is None when there is no such game; ``role``
    None when the player holds no seat in it."""

    user_id: int
    user_active: bool
    game_id: int | None
    status: str | None
    ruleset: str | None
    ruleset_version: str | None
    halted: bool
    state_version: int | None
    state_json: str | None
    step_open: bool
    role: str | None
    prompted: bool
    kind: str | None
    stored_fingerprint: str | None
    stored_status: int | None
    stored_body: str | None

    @property
    def state(self):
        """The position, parsed (orjson: half the CPU of the json module on a 20 kB
        position, the largest part of a submission's own work)."""
        return orjson.loads(self.state_json) if self.state_json is not None else None


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _read_sql(by_token: bool) -> str:
    user, token = _table(get_user_model()), _table(Token)
    who = (f"SELECT uu.id, uu.is_active FROM {token} t JOIN {user} uu ON uu.id = t.user_id WHERE t.key = %(token)s"
           if by_token else f"SELECT id, is_active FROM {user} WHERE id = %(player)s")
    if connection.vendor == "postgresql":
        prompted = "s.role IN (SELECT p ->> 'role' FROM jsonb_array_elements(st.prompts) p)"
        kind = ("(SELECT p ->> 'kind' FROM jsonb_array_elements(st.prompts) WITH ORDINALITY AS x(p, n) "
                "WHERE p ->> 'role' = s.role ORDER BY n LIMIT 1)")
    else:
        prompted = "s.role IN (SELECT json_extract(p.value, '$.role') FROM json_each(st.prompts) p)"
        kind = ("(SELECT json_extract(p.value, '$.kind') FROM json_each(st.prompts) p "
                "WHERE json_extract(p.value, '$.role') = s.role ORDER BY p.key LIMIT 1)")
    return (
        f"SELECT u.id, u.is_active, g.id, g.status, g.ruleset, g.ruleset_version, g.halted_at IS NOT NULL, "
        f"g.state_version, g.state, st.status = 'open', s.role, {prompted}, {kind}, "
        f"k.fingerprint, k.response_status, k.response_body "
        f"FROM ({who}) u "
        f"LEFT JOIN {_table(Game)} g ON g.id = %(game)s "
        f"LEFT JOIN {_table(Step)} st ON st.game_id = g.id AND st.number = %(step)s "
        f"LEFT JOIN {_table(Seat)} s ON s.game_id = g.id AND s.player_id = u.id "
        f"LEFT JOIN {_table(IdempotencyKey)} k ON k.user_id = u.id AND k.key = %(key)s"
    )


_SQL: dict[tuple[str, bool], str] = {}

#: The largest step number a column holds; a larger one asks for no step.
_MAX_STEP = 2**31 - 1


def read(*, game_id: int, step: int | None, player_id: int | None = None, token: str | None = None,
         key: str | None = None) -> Snapshot | None:
    """One statement (module docstring). None when no such user (or no such token)."""
    by_token = token is not None
    sql = _SQL.get((connection.vendor, by_token))
    if sql is None:
        sql = _SQL[(connection.vendor, by_token)] = _read_sql(by_token)
    if step is not None and not 0 <= step <= _MAX_STEP:
        step = None
    game_id = game_id if 0 <= game_id <= 2**63 - 1 else None
    with connection.cursor() as cursor:
        cursor.execute(sql, {"token": token, "player": player_id, "game": game_id, "step": step, "key": key})
        row = cursor.fetchone()
    if row is None:
        return None
    return Snapshot(row[0], bool(row[1]), row[2], row[3], row[4], row[5], bool(row[6]), row[7], row[8],
                    bool(row[9]), row[10], bool(row[11]), row[12], row[13], row[14], row[15])


@dataclass(frozen=True)
class Stored:
    """What :func:`store` did: ``outcome`` is ``stored`` (``created``: no order set was
    there; ``complete``: no prompted seat is awaited, the step may be adjudicated),
    ``replayed`` or ``key-reused`` (the idempotency key's stored answer), or ``stale``."""

    outcome: str
    created: bool = False
    complete: bool = False
    stored_status: int | None = None
    stored_body: dict | None = None


_STORE_SQL = "SELECT * FROM cursus_order_store(%s, %s, %s, %s, %s, %s, %s::jsonb, %s, %s, %s, %s, %s)"


def store(*, snapshot: Snapshot, step: int, orders: dict, receipt: str, source: str, now,
          key: str | None = None, fingerprint: str | None = None) -> Stored:
    """Store (or replace) the order set, checked against ``snapshot`` (module docstring).
    Raises ``IntegrityError`` when another request stored the same idempotency key
    meanwhile through another game (nothing of this one is kept)."""
    args = (snapshot.game_id, snapshot.user_id, step, snapshot.state_version, snapshot.ruleset_version,
            snapshot.role, json.dumps(orders), receipt, source, now, key, fingerprint)
    if connection.vendor == "postgresql" and USE_FUNCTION:
        if connection.in_atomic_block:
            # Inside the caller's transaction: a failure must not abort it.
            with transaction.atomic():
                return _call(args)
        return _call(args)  # autocommit: the call is its own transaction, one round trip
    with transaction.atomic():
        return _store_statements(*args)


def _call(args) -> Stored:
    with connection.cursor() as cursor:
        cursor.execute(_STORE_SQL, args)
        outcome, created, complete, status, body = cursor.fetchone()
    return Stored(outcome, bool(created), bool(complete), status, json.loads(body) if body is not None else None)


def _one(cursor, sql: str, params) -> tuple | None:
    cursor.execute(sql, params)
    return cursor.fetchone()


def _store_statements(game_id, player_id, step, state_version, ruleset_version, role, orders_json, receipt, source,
                      now, key, fingerprint) -> Stored:
    """:func:`store` as separate statements, in the caller's transaction: what the
    PostgreSQL function does, step for step (``games/migrations/0007``)."""
    lock = " FOR NO KEY UPDATE" if connection.vendor == "postgresql" else ""
    G, S, ST, O, E, K = (_table(m) for m in (Game, Seat, Step, OrderSet, Event, IdempotencyKey))
    with connection.cursor() as cursor:
        game = _one(cursor, f"SELECT status, state_version, ruleset_version, halted_at, paused_at FROM {G} "
                            f"WHERE id = %s{lock}", [game_id])
        if game is None:
            return Stored("stale")
        if key is not None:
            stored = _one(cursor, f"SELECT fingerprint, response_status, response_body FROM {K} "
                                  f"WHERE user_id = %s AND key = %s", [player_id, key])
            if stored is not None:
                return Stored("replayed" if stored[0] == fingerprint else "key-reused",
                              stored_status=stored[1], stored_body=json.loads(stored[2]))
        status, version, rs_version, halted_at, paused_at = game
        if status != Game.Status.ACTIVE or halted_at is not None or version != state_version \
                or rs_version != ruleset_version:
            return Stored("stale")
        step_row = _one(cursor, f"SELECT id, status, prompts, completed_at FROM {ST} WHERE game_id = %s AND number = %s",
                        [game_id, step])
        if step_row is None or step_row[1] != Step.Status.OPEN:
            return Stored("stale")
        step_id, _, prompts, completed_at = step_row
        seat = _one(cursor, f"SELECT id, role, status, missed_in_a_row FROM {S} WHERE game_id = %s AND player_id = %s",
                    [game_id, player_id])
        if seat is None or seat[1] != role:
            return Stored("stale")
        seat_id, _, seat_status, missed = seat
        created = _one(cursor, f"SELECT 1 FROM {O} WHERE step_id = %s AND seat_id = %s", [step_id, seat_id]) is None
        if created:
            cursor.execute(f"INSERT INTO {O} (step_id, seat_id, orders, canonical_hash, source, submitted_at) "
                           f"VALUES (%s, %s, %s, %s, %s, %s)", [step_id, seat_id, orders_json, receipt, source, now])
        else:
            cursor.execute(f"UPDATE {O} SET orders = %s, canonical_hash = %s, source = %s, submitted_at = %s "
                           f"WHERE step_id = %s AND seat_id = %s", [orders_json, receipt, source, now, step_id, seat_id])
        if missed or seat_status == Seat.Status.CIVIL_DISORDER:
            cursor.execute(f"UPDATE {S} SET missed_in_a_row = 0, status = %s WHERE id = %s",
                           [Seat.Status.PLAYING if seat_status == Seat.Status.CIVIL_DISORDER else seat_status, seat_id])
            if seat_status == Seat.Status.CIVIL_DISORDER:
                (last,) = _one(cursor, f"SELECT MAX(seq) FROM {E} WHERE game_id = %s", [game_id])
                cursor.execute(
                    f"INSERT INTO {E} (game_id, step_id, seq, type, data, visible_to, audience, created_at) "
                    f"VALUES (%s, %s, %s, 'seat_returned', %s, NULL, %s, %s)",
                    [game_id, step_id, (last or 0) + 1, json.dumps({"role": role, "step": step}), Event.PUBLIC, now])
        roles = {p["role"] for p in (json.loads(prompts) if isinstance(prompts, str) else prompts)}
        cursor.execute(f"SELECT seat.role, seat.status, EXISTS (SELECT 1 FROM {O} o WHERE o.step_id = %s "
                       f"AND o.seat_id = seat.id) FROM {S} seat WHERE seat.game_id = %s", [step_id, game_id])
        prompted = [(r, st, bool(done)) for r, st, done in cursor.fetchall() if r in roles]
        playing = [done for _, st, done in prompted if st == Seat.Status.PLAYING]
        waiting = (not all(playing)) if playing else \
            any(not done for _, st, done in prompted if st == Seat.Status.CIVIL_DISORDER)
        complete = not waiting and paused_at is None
        if complete and completed_at is None:
            cursor.execute(f"UPDATE {ST} SET completed_at = %s WHERE id = %s", [now, step_id])
        if key is not None:
            cursor.execute(f"INSERT INTO {K} (user_id, key, fingerprint, response_status, response_body, created_at) "
                           f"VALUES (%s, %s, %s, 202, %s, %s)",
                           [player_id, key, fingerprint,
                            json.dumps({"receipt": receipt, "step": step, "replaced": not created, "final": complete}), now])
    return Stored("stored", created=created, complete=complete)


__all__ = ["IntegrityError", "Snapshot", "Stored", "read", "store"]
