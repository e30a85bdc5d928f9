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


#: Kings of Rome's three seats and who holds them in the three-player tests (one in French).
KOR_THREE = {"latina-sabina": ("aurelia", "en"), "etrusca": ("marcus", "en"), "volsca": ("livia", "fr")}


def kings_of_rome_for_three(make_player, monkeypatch) -> tuple[Game, dict]:
    """A three-player Kings of Rome game in its first scenario, created by Latina-Sabina's
    player and joined by the two others, on fixed dice (the same game each run); returns
    it with ``{role: account}``."""
    from games import services

    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(32)))
    players = {role: make_player(name, language=lang) for role, (name, lang) in KOR_THREE.items()}
    scenario = str(services.ruleset_for("kings-of-rome").scenarios()[0]["id"])
    game = services.game_create(ruleset="kings-of-rome", scenario=scenario, options={"players": 3},
                                created_by=players["latina-sabina"], role="latina-sabina", entropy="a")
    for role in ("etrusca", "volsca"):
        services.game_join(game=game, player=players[role], role=role, entropy=role)
    return game, players
