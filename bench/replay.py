"""An undisturbed replay of a game's log, to compare with what the server stored.

The replay itself is ``games.selectors.game_replay`` (every resolved step resolved again
from ``Game.setup_state`` with its stored order sets and the same HMAC dice; each hash
must equal the step's stored ``state_after_hash`` and the last one the game's state). Also checks that each resolved
step was adjudicated exactly once (one ``step_resolved`` and one ``dice`` event) and
that the event log has no gap and no double.
"""

from __future__ import annotations


def check_game(game) -> list[str]:
    from games.models import Event, Step
    from games.selectors import game_replay

    problems: list[str] = []
    steps = list(game.steps.order_by("number"))
    for step in steps:
        resolved_events = Event.objects.filter(game=game, type="step_resolved", data__step=step.number).count()
        dice_events = Event.objects.filter(game=game, type="dice", step=step).count()
        if step.status != Step.Status.RESOLVED:
            if resolved_events:
                problems.append(f"game {game.pk} step {step.number}: open but has a step_resolved event")
            continue
        if resolved_events != 1 or dice_events != 1:
            problems.append(f"game {game.pk} step {step.number}: {resolved_events} step_resolved and "
                            f"{dice_events} dice events (want 1 and 1)")
    replay = game_replay(game=game)
    if replay["diverged_at"] is not None:
        problems.append(f"game {game.pk} step {replay['diverged_at']}: replay hash differs from the stored one")
        return problems
    if game.state is not None and not replay["matches_current"]:
        problems.append(f"game {game.pk}: replayed final state differs from the stored state")
    numbers = [s.number for s in steps]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"game {game.pk}: step numbers {numbers[:5]}... have a gap or a double")
    open_steps = [s.number for s in steps if s.status == Step.Status.OPEN]
    if len(open_steps) > 1:
        problems.append(f"game {game.pk}: {len(open_steps)} open steps")
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"game {game.pk}: event seq has a gap or a double")
    return problems
