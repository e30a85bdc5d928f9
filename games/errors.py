"""Domain errors raised by services. Each maps to an RFC 9457 problem document
(``games/api/problems.py``): ``code`` ends the problem ``type`` URI, ``status`` is the HTTP
status, ``title`` a short translated summary."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class GameError(Exception):
    code = "game-error"
    status = 400
    title = _("The request cannot be carried out.")

    def __init__(self, detail=None, *, errors: list[dict] | None = None, extra: dict | None = None):
        self.detail = detail if detail is not None else self.title
        self.errors = errors or []
        self.extra = extra or {}  # more members of the problem document (RFC 9457 extensions)
        super().__init__(str(self.detail))


class UnknownRuleset(GameError):
    code = "unknown-ruleset"
    status = 422
    title = _("Unknown ruleset.")


class InvalidSetup(GameError):
    code = "invalid-setup"
    status = 422
    title = _("The scenario or the options are not valid for this ruleset.")


class NotJoinable(GameError):
    code = "not-joinable"
    status = 409
    title = _("This game cannot be joined.")


class NotInvited(GameError):
    code = "not-invited"
    status = 403
    title = _("This game takes invited players only.")


class NotEligible(GameError):
    code = "not-eligible"
    status = 403
    title = _("You do not pass this game's entry gates.")


class NotCreator(GameError):
    code = "not-creator"
    status = 403
    title = _("Only the game's creator may do this.")


class NotRenamable(GameError):
    code = "not-renamable"
    status = 409
    title = _("A game's name can be changed only before it starts.")


class PressInvalid(GameError):
    code = "invalid-message"
    status = 422
    title = _("The message is not valid.")


class PressRefused(GameError):
    code = "press-refused"
    status = 409
    title = _("This message cannot be posted now.")


class NotWatchable(GameError):
    code = "not-watchable"
    status = 409
    title = _("This game cannot be followed.")


class NotSeated(GameError):
    code = "not-seated"
    status = 403
    title = _("You do not hold a seat in this game.")


class StepNotOpen(GameError):
    code = "step-not-open"
    status = 409
    title = _("This step is not open for orders.")

    @classmethod
    def for_game(cls, game, asked: int) -> "StepNotOpen":
        """The refusal of orders for step ``asked``, saying which step is open (the
        problem's ``open_steps`` member lists them; empty when none is)."""
        open_steps = sorted(game.steps.filter(status="open")
                            .values_list("number", flat=True)) if game.status == "active" else []
        if open_steps:
            shown = ", ".join(str(n) for n in open_steps)
            en, fr = f"Step {asked} is not open; the open step is {shown}.", f"L'étape {asked} n'est pas ouverte ; l'étape ouverte est la {shown}."
        else:
            en, fr = f"Step {asked} is not open, and no step is open now.", f"L'étape {asked} n'est pas ouverte, et aucune étape ne l'est."
        return cls(en, errors=[{"code": "step.not_open", "path": "/step", "message": {"en": en, "fr": fr}}],
                   extra={"open_steps": open_steps})


class NotPrompted(GameError):
    code = "not-prompted"
    status = 409
    title = _("Nothing is asked of your seat in this step.")


class OrdersInvalid(GameError):
    code = "invalid-orders"
    status = 422
    title = _("The order set is not valid.")


class TableInvalid(GameError):
    code = "invalid-table"
    status = 422
    title = _("The table cannot be used.")


class TableNotAllowed(GameError):
    code = "table-not-allowed"
    status = 403
    title = _("Only the game master may give this game tables of its own, while it is under way.")


class GameHalted(GameError):
    code = "game-halted"
    status = 409
    title = _("This game cannot go on with the installed version of its ruleset; the operators are told.")


class StepNotFound(GameError):
    code = "step-not-found"
    status = 404
    title = _("No such step.")


class VacationInvalid(GameError):
    code = "invalid-vacation"
    status = 422
    title = _("This vacation cannot be booked.")


class LinkInvalid(GameError):
    code = "invalid-link"
    status = 403
    title = _("This link is not valid.")
