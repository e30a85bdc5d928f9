"""Signals the tournaments app sends after a commit."""

from django.dispatch import Signal

#: A round was paired and its games created (kwargs: tournament_id, round_number).
tournament_paired = Signal()
