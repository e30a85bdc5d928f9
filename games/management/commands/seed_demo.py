"""``python manage.py seed_demo [--json] [--new-game]``: two demo players, a Semper
Victor 305 game in progress between them, and a practice game for ``aurelia`` against the
computer (Semper Victor 306, the shortest scenario; docs/computer.md), ready to play: the
worker has the computer answer as soon as it starts.

Idempotent: the players ``aurelia`` (PRIMUS, staff, so she can open /dev/outbox/) and
``marcus`` (SECONDUS) are created once and reused (their passwords are reset to the demo
ones and their API tokens kept); their most recent active game together is reused, and a
new one is created only when there is none or with ``--new-game``.
"""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from rest_framework.authtoken.models import Token

from games import computers, links, services
from games.models import Game

DEMO_PLAYERS = [
    {"username": "aurelia", "password": "aurelia-demo-305", "role": "PRIMUS", "staff": True},
    {"username": "marcus", "password": "marcus-demo-305", "role": "SECONDUS", "staff": False},
]
RULESET, SCENARIO = "semper-victor", "305"
#: aurelia's practice game against the computer: the shortest scenario, the fast level.
PRACTICE = {"ruleset": "semper-victor", "scenario": "306", "role": "PRIMUS", "level": "fast"}


class Command(BaseCommand):
    help = "Create (or reuse) two demo players and a Semper Victor 305 game in progress."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="print the players and the game as JSON")
        parser.add_argument("--new-game", action="store_true", help="always start a new game")

    @transaction.atomic
    def handle(self, *args, **options):
        User = get_user_model()
        players = []
        for spec in DEMO_PLAYERS:
            user, _ = User.objects.get_or_create(
                username=spec["username"], defaults={"email": f"{spec['username']}@example.test"}
            )
            user.set_password(spec["password"])
            user.is_staff = spec["staff"]
            user.save()
            token, _ = Token.objects.get_or_create(user=user)
            players.append((spec, user, token))

        (first_spec, first, _), (second_spec, second, _) = players
        game = (
            None
            if options["new_game"]
            else Game.objects.filter(
                ruleset=RULESET, scenario=SCENARIO, status=Game.Status.ACTIVE, seats__player=first
            )
            .filter(seats__player=second)
            .order_by("-id")
            .first()
        )
        if game is None:
            game = services.game_create(
                ruleset=RULESET, scenario=SCENARIO, options={}, created_by=first, role=first_spec["role"]
            )
            services.game_join(game=game, player=second, role=second_spec["role"])

        practice = (Game.objects.filter(practice=True, status=Game.Status.ACTIVE, seats__player=first,
                                        ruleset=PRACTICE["ruleset"]).order_by("-id").first()
                    or computers.practice_create(player=first, **PRACTICE))

        result = {
            "players": [
                {"username": spec["username"], "password": spec["password"], "token": token.key, "role": spec["role"],
                 "email": user.email, "reply_to": _reply_to(game, user)}
                for spec, user, token in players
            ],
            "game": game.pk,
            # Play against the computer: aurelia's practice game (or /games/new/#practice).
            "practice_game": practice.pk,
            "practice_player": first_spec["username"],
        }
        if options["json"]:
            self.stdout.write(json.dumps(result))
        else:
            for player in result["players"]:
                self.stdout.write(
                    f"{player['username']} / {player['password']}  token {player['token']}  role {player['role']}"
                    + (f"  orders by email to {player['reply_to']}" if player["reply_to"] else "")
                )
            self.stdout.write(f"game {game.pk}: /games/{game.pk}/")
            self.stdout.write(f"play against the computer: /games/{practice.pk}/ (log in as {first.get_username()}), "
                              f"or start another at /games/new/#practice")


def _reply_to(game: Game, player) -> str | None:
    """The address that takes the player's orders by email for the open step that asks
    them (the Reply-To of their turn email), or None when nothing is asked of them now.
    Single-use, and dead once the step closes: each later turn email brings a new one."""
    seat = game.seats.filter(player=player).first()
    step = game.steps.filter(status="open").order_by("number").first()
    if seat is None or step is None or seat.role not in step.roles:
        return None
    return links.reply_address(seat=seat, step=step)
