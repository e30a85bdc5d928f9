"""Signals ``games`` sends after a commit. ``notifications`` listens; ``games`` never
imports ``notifications`` (the arrows of docs/architecture: notifications -> games)."""

from django.dispatch import Signal

#: A step opened (kwargs: game_id, step_number). Sent on commit.
step_opened = Signal()
#: A game finished (kwargs: game_id). Sent on commit.
game_finished = Signal()
#: The minute sweep ran (no kwargs): listeners retry their own undelivered work.
sweep_ran = Signal()
#: A seat stored an order set (kwargs: game_id, step_number, role, receipt, source).
#: Sent by the worker after the submission's commit (games.tasks: after the adjudication
#: it completed, if any); the receipt is the canonical hash, never the orders.
orders_received = Signal()
#: A reminder is due (kwargs: game_id, step_number, role, hours). Sent once per
#: (step, offset), on commit.
reminder_due = Signal()
#: A rung of the missed-turn ladder was reached (kwargs: game_id, step_number, role,
#: rung in "extended", "defaulted", "civil_disorder", "forfeited"). Sent on commit;
#: every seat is told.
ladder_step = Signal()
#: A game was paused or resumed, or its open deadlines moved (kwargs: game_id, what in
#: "paused", "resumed", "deadline_moved" (a vacation), "deadline_extended" (an
#: organiser's or operator's extension), "upgraded", "halted"). Sent on commit.
game_changed = Signal()
#: A seat changed hands (kwargs: game_id, role): an organiser's replacement. Sent on
#: commit; the new player is told of the step already open.
seat_changed = Signal()

#: A message of table talk was posted (kwargs: game_id, message_id). Sent on commit;
#: notifications tells its readers (games.press.readers).
message_posted = Signal()
#: A substitute took over an offered seat (kwargs: game_id, role). Sent on commit: every
#: seat is told, and the new player gets the open step's turn email.
seat_taken_over = Signal()
