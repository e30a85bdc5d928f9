"""Errors of the tournaments services. Each is a ``games.errors.GameError`` (so the API
answers with an RFC 9457 problem document) whose ``errors`` list carries a code, the path
of the offending field and the message in English and French."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.errors import GameError


class TournamentError(GameError):
    code = "tournament-error"
    status = 400
    title = _("The tournament request cannot be carried out.")

    def __init__(self, detail=None, *, path: str = "", code: str | None = None):
        detail = detail if detail is not None else self.title
        messages = {}
        for language in ("en", "fr"):
            with translation.override(language):
                messages[language] = str(detail)
        error_code = code or f"tournament.{self.code}"
        super().__init__(detail, errors=[{"code": error_code, "path": path, "message": messages}])


class NotOrganiser(TournamentError):
    code = "not-organiser"
    status = 403
    title = _("Only an organiser of this tournament may do this.")


class RegistrationClosed(TournamentError):
    code = "registration-closed"
    status = 409
    title = _("Registration for this tournament is closed.")


class NotEligible(TournamentError):
    code = "not-eligible"
    status = 403
    title = _("You do not meet this tournament's entry conditions.")


class AlreadyRegistered(TournamentError):
    code = "already-registered"
    status = 409
    title = _("This player is already registered.")


class PairingError(TournamentError):
    code = "pairing-error"
    status = 409
    title = _("The next round cannot be paired.")


class InvalidTournament(TournamentError):
    code = "invalid-tournament"
    status = 422
    title = _("The tournament settings are not valid.")


class InvalidOverride(TournamentError):
    code = "invalid-override"
    status = 422
    title = _("This override is not valid.")


class LevelMismatch(InvalidOverride):
    code = "level-mismatch"
    title = _("The victory level is not the one the rules give these scores.")


class LevelUnchecked(InvalidOverride):
    code = "level-unchecked"
    title = _("The rules set the victory level from both scores: give PRIMUS's and SECONDUS's VP, or record an override with a reason.")


class TableSizeUnseatable(InvalidTournament):
    code = "table-size"
    title = _("The ruleset cannot seat that many players at a table.")
