"""Signals ``games`` sends after a commit. ``notifications`` listens; ``games`` never
imports ``notifications`` (the arrows of docs/architecture: notifications -> games)."""

from django.dispatch import Signal

#: A step opened (kwargs: game_id, step_number). Sent on commit.
step_opened = Signal()
#: A game finished (kwargs: game_id). Sent on commit.
game_finished = Signal()
#: The minute sweep ran (no kwargs): listeners retry their own undelivered work.
sweep_ran = Signal()
