"""Helpers to play the real ruleset from tests: who is prompted, default and attacking
order sets. Nothing here decides a result: the engine does."""

from __future__ import annotations

from games.models import Game, Step


def open_step(game: Game) -> Step:
    return game.steps.get(status=Step.Status.OPEN)


def prompted(game: Game) -> tuple[Step, str, dict]:
    """The open step, the first prompted role and its prompt."""
    step = open_step(game)
    prompt = step.prompts[0]
    return step, prompt["role"], prompt


def player_of(game: Game, role: str):
    return game.seats.get(role=role).player


def other_role(game: Game, role: str) -> str:
    return game.seats.exclude(role=role).values_list("role", flat=True).get()


def battle_orders(prompt: dict, state: dict, role: str) -> dict | None:
    """An SMC order set that marches a stack with units into a zone held by enemy units
    (a battle, unless the defender evades), from the legal options the engine lists in
    the prompt (``stacks`` with their ``reach``). None when no stack can reach one."""
    if prompt["kind"] != "smc":
        return None
    enemy_zones = {
        piece["zone"]
        for piece in state["pieces"].values()
        if piece.get("side") not in (None, role)
        and piece.get("kind") != "leader"
        and piece.get("zone")
        and not piece.get("eliminated")
    }
    for stack in prompt["options"].get("stacks", []):
        if not stack["units"]:
            continue
        for zone, reach in sorted(stack["reach"].items()):
            if zone in enemy_zones:
                return {
                    "moves": [{"leaders": stack["leaders"], "units": stack["units"], "path": reach["path"]}],
                    "naval": [],
                }
    return None


def wait_until(predicate, timeout: float = 60.0, interval: float = 0.1):
    """Poll ``predicate`` until it returns something truthy (a worker is working)."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {predicate.__doc__ or predicate}")
