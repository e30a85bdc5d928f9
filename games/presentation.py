"""How events and prompts read for people (the game page and the emails), in the
reader's language. Engine events that carry ``message: {en, fr}`` say it themselves."""

from __future__ import annotations


from django.utils import translation
from django.utils.translation import gettext as _

PLATFORM_EVENTS = {
    "game_created": lambda d: _("Game created. Dice commitment: %(c)s") % {"c": d.get("dice_commitment", "")},
    "seat_taken": lambda d: _("%(player)s takes the seat %(role)s.") % {"player": d.get("player"), "role": d.get("role")},
    "game_started": lambda d: _("The game starts (ruleset version %(v)s).") % {"v": d.get("ruleset_version")},
    "deadline_missed": lambda d: (
        _("%(role)s missed the deadline of step %(step)s: the computer player standing in played.") if d.get("computer")
        else _("%(role)s missed the deadline of step %(step)s: default orders were used.")
    ) % {"role": d.get("role"), "step": d.get("step")},
    "orders_used": lambda d: (
        _("Your default orders were used for step %(step)s.") if d.get("default")
        else _("The computer player's orders were used for step %(step)s (receipt %(receipt)s).") if d.get("computer")
        else _("Your orders for step %(step)s were used (receipt %(receipt)s).")
    )
    % {"step": d.get("step"), "receipt": str(d.get("receipt", ""))[:12]},
    "battle": lambda d: _(
        "Battle in %(zone)s: %(attacker)s attacks %(defender)s (strength %(ratio)s, column %(column)s); "
        "die %(roll)s, modified %(modified)s: %(winner)s wins."
    )
    % {
        "zone": d.get("zone"),
        "attacker": d.get("attacker"),
        "defender": d.get("defender"),
        "ratio": d.get("ratio"),
        "column": d.get("column"),
        "roll": d.get("roll"),
        "modified": d.get("modified"),
        "winner": d.get("winner") or _("nobody"),
    },
    "battle_end": lambda d: _("Battle in %(zone)s is over: %(winner)s wins.")
    % {"zone": d.get("zone"), "winner": d.get("winner") or _("nobody")},
    "smc_start": lambda d: _("%(side)s begins SMC %(serial)s (%(year)s).")
    % {"side": d.get("side"), "serial": d.get("serial"), "year": d.get("year")},
    "smc_end": lambda d: _("End of SMC %(serial)s of %(side)s.") % {"side": d.get("side"), "serial": d.get("serial")},
    "move": lambda d: _("%(side)s moves %(pieces)s: %(path)s.")
    % {
        "side": d.get("side"),
        "pieces": ", ".join([*(d.get("leaders") or []), *(d.get("units") or [])]),
        "path": " > ".join(d.get("path") or []),
    },
    "phase": lambda d: _("Year %(year)s, phase %(phase)s.") % {"year": d.get("year"), "phase": d.get("phase")},
    "vp": lambda d: _("%(side)s: %(points)+d victory points (%(reason)s), %(total)s in all.")
    % {"side": d.get("side"), "points": d.get("points") or 0, "reason": d.get("reason"), "total": d.get("total")},
    "stratagem_drawn": lambda d: _("%(side)s draws a stratagem (%(count)s in hand).")
    % {"side": d.get("side"), "count": d.get("hand_size")},
    "stratagem_drawn_private": lambda d: _("You draw the stratagem %(stratagem)s.") % {"stratagem": d.get("stratagem")},
    "initiative": lambda d: _("%(side)s has the initiative (die %(roll)s).") % {"side": d.get("side"), "roll": d.get("roll")},
    "step_resolved": lambda d: _("Step %(step)s resolved.") % {"step": d.get("step")},
    "ruleset_upgraded": lambda d: " ".join(
        [_("The game goes on with version %(to)s of its rules (it started with %(from)s).") % {"to": d.get("to"), "from": d.get("from")}]
        + [message_text(note) for note in d.get("notes") or []]
        + ([_("Orders voided, to be sent again: %(roles)s.") % {"roles": ", ".join(d["voided"])}] if d.get("voided") else [])
    ),
    "game_halted": lambda d: _("The game cannot go on: %(reason)s") % {"reason": message_text(d.get("reason") or {})},
    "game_resumed_after_halt": lambda d: _("The game goes on again (ruleset version %(v)s).") % {"v": d.get("version")},
    "game_finished": lambda d: _("The game is over. Winner: %(winner)s (%(level)s). Dice seed revealed: %(seed)s")
    % {
        "winner": (d.get("outcome") or {}).get("winner") or _("none"),
        "level": (d.get("outcome") or {}).get("level", ""),
        "seed": d.get("dice_seed", ""),
    },
}


PLATFORM_EVENTS.update({
    "seat_forfeited": lambda d: _("%(role)s forfeits (missed deadlines, step %(step)s).") % {"role": d.get("role"), "step": d.get("step")},
    "seat_civil_disorder": lambda d: _("%(role)s falls into civil disorder: default orders from now on (step %(step)s).")
    % {"role": d.get("role"), "step": d.get("step")},
    "seat_extended": lambda d: _("%(role)s gets an extension of the deadline (step %(step)s).") % {"role": d.get("role"), "step": d.get("step")},
    "seat_returned": lambda d: _("%(role)s is back (step %(step)s).") % {"role": d.get("role"), "step": d.get("step")},
    "seat_computer": lambda d: _("%(role)s missed %(misses)s deadlines in a row: a computer player stands in for them "
                                 "from step %(step)s, until they send orders again.")
    % {"role": d.get("role"), "step": d.get("step"), "misses": d.get("misses")},
    "seat_computer_taken": lambda d: _("A computer player (%(level)s) takes the seat %(role)s.")
    % {"role": d.get("role"), "level": _computer_level_name(d.get("level"))},
    "computer_orders": lambda d: _("The computer player sent its orders for step %(step)s (receipt %(receipt)s).")
    % {"step": d.get("step"), "receipt": str(d.get("receipt", ""))[:12]},
    "seat_handed_back": lambda d: _("%(role)s sent orders again: the computer player hands the seat back (step %(step)s).")
    % {"role": d.get("role"), "step": d.get("step")},
    "seat_left": lambda d: _("%(role)s leaves the game.") % {"role": d.get("role")},
    "seat_reassigned": lambda d: _("The seat %(role)s has a new player.") % {"role": d.get("role")},
    "deadline_extended": lambda d: _("The deadline of step %(step)s is extended.") % {"step": d.get("step")},
    "deadline_moved": lambda d: _("The deadline of step %(step)s has moved.") % {"step": d.get("step")},
    "step_forced": lambda d: _("Step %(step)s was closed by the organiser.") % {"step": d.get("step")},
    "pause_requested": lambda d: _("%(role)s asks for a pause.") % {"role": d.get("role")},
    "pause_withdrawn": lambda d: _("%(role)s withdraws the request for a pause.") % {"role": d.get("role")},
    "game_paused": lambda d: _("The game is paused."),
    "game_resumed": lambda d: _("The game resumes."),
    "game_halted": lambda d: _("The game cannot go on for now: %(reason)s") % {"reason": message_text(d.get("reason"))},
    "game_resumed_after_halt": lambda d: _("The game goes on (ruleset version %(v)s).") % {"v": d.get("version")},
    "ruleset_upgraded": lambda d: _("The rules are upgraded (version %(v)s).") % {"v": d.get("to") or d.get("version") or ""},
})


def _computer_level_name(level) -> str:
    from rules import computer

    found = computer.LEVELS.get(str(level or ""))
    return message_text(found.label.as_dict()) if found else str(level or "")


def _ruleset(slug: str):
    from rules.registry import UnknownRuleset, get_ruleset

    try:
        return get_ruleset(slug)
    except (UnknownRuleset, ImportError):
        return None


def ruleset_name(slug: str) -> str:
    """"Semper Victor" for ``semper-victor``, in the reader's language (the slug for an
    unknown ruleset)."""
    rs = _ruleset(slug)
    return message_text(rs.name.as_dict()) if rs is not None else str(slug)


def scenario_title(slug: str, scenario) -> str:
    """The scenario's title with its number, ``Campaign 305-363 (305)``; the id alone for
    an unknown one."""
    rs = _ruleset(slug)
    for entry in rs.scenarios() if rs is not None else []:
        if str(entry.get("id")) == str(scenario):
            title = message_text(entry.get("title"))
            return f"{title} ({scenario})" if title and str(scenario) not in title else (title or str(scenario))
    return str(scenario)


def ruleset_name_in(slug: str, language: str) -> str:
    """The ruleset's name in ``language`` (the slug for an unknown ruleset)."""
    rs = _ruleset(slug)
    return message_text(rs.name.as_dict(), language) if rs is not None else str(slug)


def game_title(game) -> str:
    """A game by its name (``Game.name``, games/naming.py: ``Semper Victor 305 ·
    aurelia, marcus`` or the name its creator chose); a game stored without one:
    ``Semper Victor, game 12``."""
    name = getattr(game, "name", "") or ""
    if name:
        return name
    return _("%(ruleset)s, game %(id)s") % {"ruleset": ruleset_name(game.ruleset), "id": game.pk}


def seat_name(slug: str, role, options: dict | None = None) -> str:
    """A seat by its name in the reader's language (``Ruleset.role_name``): ``PRIMUS``,
    Tetrarchia's ``Player 2``; with the game's ``options``, named with what it commands
    (``Ruleset.role_title``: ``Player 2 (Constantius, Maximian)``); the role itself for
    an unknown ruleset."""
    rs = _ruleset(slug)
    if rs is None or not role:
        return str(role or "")
    if options is not None:
        try:
            return message_text(rs.role_title(str(role), dict(options))) or str(role)
        except (ValueError, KeyError, TypeError):
            pass
    return message_text(rs.role_name(str(role))) or str(role)


def seat_names(slug: str, scenario, options: dict | None = None) -> list[str]:
    """The seats of a game of this ruleset and scenario, in order (``PRIMUS``, ``SECONDUS``)."""
    rs = _ruleset(slug)
    try:
        return [seat_name(slug, role) for role in rs.roles(str(scenario), options or {})] if rs is not None else []
    except (ValueError, KeyError):
        return []


def both_languages(make) -> dict:
    """``{"en", "fr"}``: what ``make()`` says (with gettext) in each language."""
    out = {}
    for language in ("en", "fr"):
        with translation.override(language):
            out[language] = str(make())
    return out


def outcome_lines(ruleset, outcome: dict | None) -> list[dict]:
    """How the game ended, as ``{"en","fr"}`` sentences, the first saying who won and why:
    the ruleset's words (``Ruleset.outcome_text``), or the platform's for an end it
    decided itself (every other seat forfeited)."""
    if not outcome:
        return []
    detail = outcome.get("detail") or {}
    if outcome.get("level") == "forfeit" and "forfeited" in detail:
        roles = ", ".join(detail["forfeited"])
        if outcome.get("winner"):
            return [both_languages(lambda: _("%(winner)s wins: every other seat forfeited (%(roles)s).")
                                   % {"winner": outcome["winner"], "roles": roles})]
        return [both_languages(lambda: _("Nobody wins: every seat forfeited (%(roles)s).") % {"roles": roles})]
    # The ends the players decide themselves (games/substitutes.py, docs/together.md).
    if outcome.get("level") == "resignation":
        roles = ", ".join(detail.get("resigned") or [])
        return [both_languages(lambda: _("%(winner)s wins: the other seats resigned (%(roles)s).")
                               % {"winner": outcome.get("winner"), "roles": roles})]
    if outcome.get("level") == "draw":
        return [both_languages(lambda: _("A draw, agreed by every seat still in the game."))]
    if outcome.get("level") == "abandoned":
        roles = ", ".join(detail.get("abandoned") or [])
        return [both_languages(lambda: _("Nobody wins: every seat left the game (%(roles)s); it is abandoned.")
                               % {"roles": roles})]
    return ruleset.outcome_text(outcome)


def finished_message(ruleset, outcome: dict, dice_seed: str, *, reason: str = "") -> dict:
    """The log line of the end (the ``game_finished`` event's ``message``): who won and
    why, in the game's terms, and the revealed seed."""
    lines = outcome_lines(ruleset, outcome)

    def make():
        head = message_text(lines[0]) if lines else ""
        decided = (_("The organisers decided the end: %(reason)s") % {"reason": reason}) if reason else ""
        seed = _("Dice seed revealed: %(seed)s") % {"seed": dice_seed}
        return " ".join(part for part in (_("The game is over."), head, decided, seed) if part)

    return both_languages(make)


def _language() -> str:
    return (translation.get_language() or "en")[:2]


def message_text(message, language: str | None = None) -> str:
    """A ``{en, fr}`` message in the reader's language (English as fallback)."""
    language = language or _language()
    if isinstance(message, dict):
        return str(message.get(language) or message.get("en") or "")
    return str(message or "")


def roll_text(roll: dict) -> str:
    """``d6=4 (battle in Thracia 1)``: the die, its value and what it was rolled for, in
    the ruleset's words when the roll carries them (``why``), else its raw purpose."""
    value = "?" if roll.get("value") is None else roll["value"]
    sides = roll.get("sides")
    purpose = roll.get("purpose") or ""
    why = message_text(roll.get("why")) if isinstance(roll.get("why"), dict) else ""
    if purpose.startswith("pick:"):
        return _("draw %(value)s of %(sides)s (%(purpose)s)") % {"value": value, "sides": sides, "purpose": why or purpose[5:]}
    return f"d{sides}={value}" + (f" ({why or purpose})" if (why or purpose) else "")


def _rolls_text(rolls: list) -> list[str]:
    """Each roll's text, a run of sealed draws for one purpose told once ("47 draws kept
    secret until the seed is revealed (the cup, turn 1)") rather than 47 question marks."""
    out, run = [], []

    def flush():
        if len(run) > 1:
            roll = run[0]
            why = message_text(roll.get("why")) if isinstance(roll.get("why"), dict) else ""
            out.append(_("%(count)s draws kept secret until the seed is revealed (%(purpose)s)")
                       % {"count": len(run), "purpose": why or roll["purpose"][5:]})
        else:
            out.extend(roll_text(r) for r in run)
        run.clear()

    for roll in rolls:
        sealed = roll.get("value") is None and str(roll.get("purpose") or "").startswith("pick:")
        if sealed and run and (roll.get("purpose"), roll.get("why")) == (run[0].get("purpose"), run[0].get("why")):
            run.append(roll)
            continue
        flush()
        if sealed:
            run.append(roll)
        else:
            out.append(roll_text(roll))
    flush()
    return out


def event_text(event: dict) -> str:
    """One line for an event as returned by ``selectors.event_as_dict``."""
    data = event.get("data") or {}
    kind = event.get("type", "")
    if isinstance(data.get("message"), dict):
        return message_text(data["message"])
    if kind == "dice":
        rolls = data.get("rolls") or []
        if not rolls:
            return _("No dice rolled.")
        return _("Dice: %(rolls)s") % {"rolls": ", ".join(_rolls_text(rolls))}
    if kind in PLATFORM_EVENTS:
        if event.get("ruleset") and isinstance(data.get("role"), str):  # the seat by its name
            data = {**data, "role": seat_name(event["ruleset"], data["role"], event.get("options"))}
        return PLATFORM_EVENTS[kind](data)
    # an event nobody wrote words for: its name in words and its role, never raw data
    who = data.get("role") or data.get("side")
    words = kind.replace("_", " ").capitalize()
    return f"{words} ({who})." if who else f"{words}."


def summary_value(value) -> str:
    """A summary value for people: ``{"PRIMUS": 3, "SECONDUS": 1}`` reads ``PRIMUS 3, SECONDUS 1``."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {value[key]}" for key in sorted(value))
    return str(value)


def worth_telling(event: dict) -> bool:
    """Events a person reads (the API keeps every one): not an empty dice roll."""
    return not (event.get("type") == "dice" and not (event.get("data") or {}).get("rolls"))


def prompt_title(prompt: dict) -> str:
    return message_text(prompt.get("title")) or str(prompt.get("kind", ""))
