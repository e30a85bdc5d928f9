"""Play the `make run` demo over HTTP only, with the tokens `make run` printed.

    python scripts/play_demo.py --url http://127.0.0.1:8000 --game 1 --token TOKEN_A --token TOKEN_B

Each turn it asks every player what they must decide (``GET /api/v1/games/{id}/``). An SMC
player marches a led stack into a zone held by the enemy when one is in reach (else the
stack that can go furthest moves); any other decision takes the prompt's default orders.
It stops once a battle with its dice is in the event log and the other player's prompt is
open, and prints a JSON summary. Exit status 0 on success, 1 if no battle came within
``--max-steps``. It uses nothing but the public API, as any client would.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request


class Client:
    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/") + "/api/v1/"
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", f"Token {self.token}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")


def enemy_zones(view: dict, me: str) -> set[str]:
    """Zones holding enemy combat units, from what my view shows."""
    zones = set()
    for piece in view.get("pieces", {}).values():
        if piece.get("kind") == "leader" or piece.get("eliminated") or not piece.get("zone"):
            continue
        if piece.get("side") not in (None, me):
            zones.add(piece["zone"])
    return zones


def smc_orders(prompt: dict, view: dict, me: str) -> dict:
    """March into the enemy if a led stack can reach him; else make the longest move."""
    targets = enemy_zones(view, me)
    best = None
    for stack in prompt["options"].get("stacks", []):
        if not stack.get("leaders") or not stack.get("units"):
            continue
        units = stack["units"][: max(stack.get("cc", 0), 0)]
        for zone, reach in sorted(stack.get("reach", {}).items()):
            score = (zone in targets, reach["cost"])
            if best is None or score > best[0]:
                move = {"leaders": stack["leaders"], "units": units, "path": reach["path"]}
                best = (score, move)
    if best is None:
        return prompt["default_orders"]
    return {"moves": [best[1]], "naval": []}


def play(url: str, game: int, tokens: list[str], max_steps: int, timeout: float) -> dict:
    clients = [Client(url, t) for t in tokens]
    submitted = 0
    for _ in range(max_steps):
        acted = False
        for client in clients:
            status, me = client.call("GET", f"games/{game}/")
            if status != 200:
                raise SystemExit(f"GET games/{game}/ answered {status}: {me}")
            done = {r["step"] for r in me.get("receipts", [])}
            for prompt in me.get("prompts", []):
                if prompt["step"] in done:
                    continue
                if prompt["kind"] == "smc":
                    orders = smc_orders(prompt, me["view"], me["role"])
                else:
                    orders = prompt["default_orders"]
                status, receipt = client.call(
                    "POST", f"games/{game}/orders/", {"step": prompt["step"], "orders": orders}
                )
                if status != 202:
                    raise SystemExit(f"orders for step {prompt['step']} refused ({status}): {receipt}")
                submitted += 1
                acted = True
                wait_for_step(client, game, prompt["step"], timeout)
        battles = battles_with_dice(clients[0], game)
        if battles:
            waiting = [c for c in clients if c.call("GET", f"games/{game}/")[1].get("prompts")]
            return {"battles": battles, "order_sets": submitted, "players_prompted": len(waiting)}
        if not acted:
            time.sleep(0.5)
    raise SystemExit(1)


def wait_for_step(client: Client, game: int, step: int, timeout: float) -> None:
    """Poll until the step is no longer open (the worker resolved it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, me = client.call("GET", f"games/{game}/")
        if status == 200 and step not in {s["step"] for s in me.get("open_steps", [])}:
            return
        time.sleep(0.2)
    raise SystemExit(f"step {step} was not resolved within {timeout} s: is the worker running?")


def battles_with_dice(client: Client, game: int) -> list[dict]:
    battles, after = [], 0
    while True:
        status, page = client.call("GET", f"games/{game}/events/?after={after}")
        results = page.get("results", [])
        for event in results:
            if event["type"] == "battle" and "roll" in json.dumps(event["data"]):
                battles.append(event)
        if not results or not page.get("next"):
            return battles
        after = results[-1]["seq"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--game", type=int, required=True)
    parser.add_argument("--token", action="append", required=True)
    parser.add_argument("--max-steps", type=int, default=40)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    summary = play(args.url, args.game, args.token, args.max_steps, args.timeout)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
