"""Order submission over HTTP against the bare INSERT view, same gunicorn, same run.

The 32 clients are 32 players; each submits, as the seat the open step prompts, the default order set of the open step of
its own active games in turn (a sealed order set stored or replaced, a receipt back),
exactly what a client of the API does. The bare view gets the same 32 connections.
The two loads alternate (bare, product, bare, product) and each figure is the mean of
its two rounds, so a drift of the machine touches both alike.
"""

from __future__ import annotations

import json

from bench.common import BENCH_DB, load, psql, http_request


def client_plan(clients: int, db: str = BENCH_DB) -> list[dict]:
    """For each client: its token and the (game, step, orders) it submits to."""
    rows = psql(
        "SELECT s.player_id, t.key, st.game_id, st.number, st.prompts::text FROM games_seat s "
        "JOIN authtoken_token t ON t.user_id = s.player_id "
        "JOIN games_step st ON st.game_id = s.game_id AND st.status = 'open' "
        "JOIN games_game g ON g.id = s.game_id AND g.status = 'active' "
        "WHERE s.role = st.prompts->0->>'role' AND s.player_id >= 1000 ORDER BY s.player_id, st.game_id",
        db=db,
    )
    by_player: dict[int, dict] = {}
    for line in rows.splitlines():
        player, key, game, number, prompts = line.split("|", 4)
        prompt = json.loads(prompts)[0]
        plan = by_player.setdefault(int(player), {"token": key, "targets": []})
        plan["targets"].append((int(game), int(number), prompt["default_orders"]))
    plans = [p for p in by_player.values() if p["targets"]][:clients]
    if len(plans) < clients:
        raise RuntimeError(f"only {len(plans)} players with an open step; need {clients}")
    return plans


def run(port: int, *, clients: int = 32, seconds: float = 10.0, rounds: int = 2, db: str = BENCH_DB) -> dict:
    plans = client_plan(clients, db)
    requests = [
        [http_request("POST", f"/api/v1/games/{game}/orders/",
                      json.dumps({"step": number, "orders": orders}).encode(),
                      {"Authorization": f"Token {plan['token']}"})
         for game, number, orders in plan["targets"]]
        for plan in plans
    ]
    bare_request = http_request("POST", "/bench/insert/", b'{"bench": true}')

    def product(index, n):
        mine = requests[index]
        return mine[n % len(mine)]

    def bare(index, n):
        return bare_request

    results = {"bare": [], "submit": []}
    for _ in range(rounds):
        results["bare"].append(load(port, bare, clients=clients, seconds=seconds))
        results["submit"].append(load(port, product, clients=clients, seconds=seconds))

    def mean(runs, key):
        return sum(r[key] for r in runs) / len(runs)

    out = {}
    for name, runs in results.items():
        out[name] = {
            "rps": mean(runs, "rps"), "p50_ms": mean(runs, "p50_ms"), "p99_ms": mean(runs, "p99_ms"),
            "requests": sum(r["requests"] for r in runs), "errors": sum(r["errors"] for r in runs),
            "statuses": [r["statuses"] for r in runs], "samples_5xx": sum((r["samples_5xx"] for r in runs), []),
        }
    for name in ("bare", "submit"):
        total = sum(sum(st.values()) for st in out[name]["statuses"])
        good = sum(v for st in out[name]["statuses"] for k, v in st.items() if k.startswith("2"))
        out[name]["share_2xx"] = good / total if total else 0.0
    out["throughput_ratio"] = out["submit"]["rps"] / out["bare"]["rps"]
    out["p99_ratio"] = out["submit"]["p99_ms"] / out["bare"]["p99_ms"]
    out["clients"], out["seconds_per_round"], out["rounds"] = clients, seconds, rounds
    return out
