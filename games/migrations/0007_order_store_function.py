"""The submission's write in one round trip: the PostgreSQL function ``cursus_order_store``
(what it checks and does: games/submission.py). SQLite has no such function; there the
same steps run as separate statements (``submission._store_statements``)."""

from django.db import migrations

FUNCTION = r"""
CREATE OR REPLACE FUNCTION cursus_order_store(
    p_game bigint, p_player bigint, p_step integer, p_state_version integer, p_ruleset_version text,
    p_role text, p_orders jsonb, p_hash text, p_source text, p_now timestamptz,
    p_key text, p_fingerprint text,
    OUT outcome text, OUT created boolean, OUT complete boolean, OUT stored_status integer, OUT stored_body jsonb)
LANGUAGE plpgsql VOLATILE AS $$
-- games/submission.py: store (or replace) a checked order set in one round trip.
DECLARE
    g record;
    st record;
    s record;
    k record;
    waiting boolean;
BEGIN
    -- The game's row first, as the adjudication takes it (game, then step): writers of
    -- the game queue here. Each statement below reads what was committed before it ran.
    SELECT id, status, state_version, ruleset_version, halted_at, paused_at INTO g
      FROM games_game WHERE id = p_game FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        outcome := 'stale'; RETURN;
    END IF;
    IF p_key IS NOT NULL THEN
        -- The same key and game queue on that lock: the second finds the first's answer.
        SELECT fingerprint, response_status, response_body INTO k
          FROM games_idempotencykey WHERE user_id = p_player AND key = p_key;
        IF FOUND THEN
            outcome := CASE WHEN k.fingerprint = p_fingerprint THEN 'replayed' ELSE 'key-reused' END;
            stored_status := k.response_status; stored_body := k.response_body;
            RETURN;
        END IF;
    END IF;
    -- What the caller checked the orders against must still be so, or it reads again.
    IF g.status <> 'active' OR g.halted_at IS NOT NULL OR g.state_version <> p_state_version
       OR g.ruleset_version <> p_ruleset_version THEN
        outcome := 'stale'; RETURN;
    END IF;
    SELECT id, status, prompts, completed_at INTO st FROM games_step WHERE game_id = p_game AND number = p_step;
    IF NOT FOUND OR st.status <> 'open' THEN
        outcome := 'stale'; RETURN;
    END IF;
    SELECT id, role, status, missed_in_a_row INTO s FROM games_seat WHERE game_id = p_game AND player_id = p_player;
    IF NOT FOUND OR s.role <> p_role THEN
        outcome := 'stale'; RETURN;
    END IF;

    created := NOT EXISTS (SELECT 1 FROM games_orderset WHERE step_id = st.id AND seat_id = s.id);
    INSERT INTO games_orderset (step_id, seat_id, orders, canonical_hash, source, submitted_at)
    VALUES (st.id, s.id, p_orders, p_hash, p_source, p_now)
    ON CONFLICT (step_id, seat_id) DO UPDATE
       SET orders = EXCLUDED.orders, canonical_hash = EXCLUDED.canonical_hash, source = EXCLUDED.source,
           submitted_at = EXCLUDED.submitted_at;

    IF s.missed_in_a_row > 0 OR s.status = 'civil_disorder' THEN
        -- The player is back: the ladder starts again from the bottom.
        UPDATE games_seat SET missed_in_a_row = 0,
               status = CASE WHEN status = 'civil_disorder' THEN 'playing' ELSE status END
         WHERE id = s.id;
        IF s.status = 'civil_disorder' THEN
            INSERT INTO games_event (game_id, step_id, seq, type, data, visible_to, audience, created_at)
            SELECT p_game, st.id, COALESCE(MAX(e.seq), 0) + 1, 'seat_returned',
                   jsonb_build_object('role', s.role, 'step', p_step), NULL, '*', p_now
              FROM games_event e WHERE e.game_id = p_game;
        END IF;
    END IF;

    -- Complete when no prompted seat is awaited (games.services._blocking_roles): the
    -- playing seats that have not submitted; when none plays, those in civil disorder.
    WITH prompted AS (
        SELECT seat.id, seat.status,
               EXISTS (SELECT 1 FROM games_orderset o WHERE o.step_id = st.id AND o.seat_id = seat.id) AS submitted
          FROM games_seat seat
         WHERE seat.game_id = p_game
           AND seat.role IN (SELECT p ->> 'role' FROM jsonb_array_elements(st.prompts) p)
    )
    SELECT CASE WHEN EXISTS (SELECT 1 FROM prompted WHERE status = 'playing')
                THEN EXISTS (SELECT 1 FROM prompted WHERE status = 'playing' AND NOT submitted)
                ELSE EXISTS (SELECT 1 FROM prompted WHERE status = 'civil_disorder' AND NOT submitted) END
      INTO waiting;
    complete := NOT waiting AND g.paused_at IS NULL;
    IF complete AND st.completed_at IS NULL THEN
        UPDATE games_step SET completed_at = p_now WHERE id = st.id;
    END IF;

    IF p_key IS NOT NULL THEN
        -- The same key through another game's lock meanwhile: the unique constraint
        -- refuses this one and everything above is undone (the caller answers as that
        -- request did).
        INSERT INTO games_idempotencykey (user_id, key, fingerprint, response_status, response_body, created_at)
        VALUES (p_player, p_key, p_fingerprint, 202,
                jsonb_build_object('receipt', p_hash, 'step', p_step, 'replaced', NOT created, 'final', complete),
                p_now);
    END IF;
    outcome := 'stored';
END;
$$;"""


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FUNCTION)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS cursus_order_store")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_game_halted_step_failures"),
    ]

    operations = [migrations.RunPython(create, drop)]
