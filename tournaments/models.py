"""Tournaments, their entries, rounds, pairings (each linked one-to-one to a game), the
organiser's audit trail, and each player's Glicko-2 rating per ruleset.

The ``games`` app knows nothing of tournaments: a :class:`Pairing` points at its
``games.Game``, never the reverse."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

TIEBREAKS = ("sonneborn_berger", "head_to_head", "vp_difference", "wins")


def default_tiebreaks() -> list[str]:
    return ["sonneborn_berger", "head_to_head", "vp_difference"]


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Registration(models.TextChoices):
        OPEN = "open", _("Open")
        INVITATION = "invitation", _("By invitation")
        GATED = "gated", _("Gated by rating and reliability")

    class System(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin in pools")

    name = models.CharField(_("name"), max_length=200)
    ruleset = models.CharField(_("ruleset"), max_length=64)
    scenario = models.CharField(_("scenario"), max_length=64)
    options = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="tournaments_organised")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    registration = models.CharField(
        _("registration"), max_length=16, choices=Registration.choices, default=Registration.OPEN
    )
    # Entry gate (registration "gated"): a rating in this ruleset and a reliability.
    min_rating = models.FloatField(_("minimum rating"), null=True, blank=True)
    min_reliability = models.FloatField(_("minimum reliability"), null=True, blank=True)
    max_players = models.PositiveIntegerField(_("maximum players"), null=True, blank=True)
    system = models.CharField(_("pairing system"), max_length=16, choices=System.choices, default=System.SWISS)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=5)
    pool_size = models.PositiveSmallIntegerField(_("pool size"), default=8)
    rated = models.BooleanField(_("rated"), default=True)
    # The players at each table: the ruleset's playing roles for the tournament's options
    # (its roles less its referee roles, rules/base.py). Two: the classic pairings with
    # colours; three or more: tables (docs/tournaments.md, "Tables of three or more").
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=2)
    # Who sits in the referee roles (a game master) of every game: the organiser who
    # created the tournament unless another account is named. Null: no referee roles.
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("game master"),
    )
    # Points per place at a table of three or more (first place first); shared places
    # share the points of the places they span. Empty: table_size - place.
    place_points = models.JSONField(_("points per place"), default=list, blank=True)
    # The policy its games inherit: ``step_hours`` and ``deadline_policy`` (a
    # games.deadlines.DeadlinePolicy dict: deadlines, reminders, the missed-turn ladder,
    # vacations) are handed to games.services.game_create for every game it pairs.
    step_hours = models.PositiveIntegerField(_("hours per step"), default=72)
    deadline_policy = models.JSONField(_("deadline policy"), default=dict, blank=True)
    # Scoring: points per result, bonuses for SV 10.3 victory levels, points per VP of
    # difference (0: VP difference only breaks ties), points for a bye.
    win_points = models.DecimalField(_("points for a win"), max_digits=6, decimal_places=2, default=Decimal("2"))
    draw_points = models.DecimalField(_("points for a draw"), max_digits=6, decimal_places=2, default=Decimal("1"))
    loss_points = models.DecimalField(_("points for a loss"), max_digits=6, decimal_places=2, default=Decimal("0"))
    decisive_bonus = models.DecimalField(_("bonus for a decisive victory"), max_digits=6, decimal_places=2, default=Decimal("0.5"))
    definitive_bonus = models.DecimalField(_("bonus for a definitive victory"), max_digits=6, decimal_places=2, default=Decimal("1"))
    vp_difference_points = models.DecimalField(_("points per VP of difference"), max_digits=6, decimal_places=3, default=Decimal("0"))
    bye_points = models.DecimalField(_("points for a bye"), max_digits=6, decimal_places=2, default=Decimal("2"))
    tiebreaks = models.JSONField(_("tie-breaks"), default=default_tiebreaks)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name


class Invitation(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="invitation_unique_player")]


class Entry(models.Model):
    """A player's place in a tournament. A replacement takes over the entry (its results
    and its running games); the audit trail keeps who held it before."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # The rating when the player registered: the seed order.
    seed_rating = models.FloatField(default=1500.0)
    pool = models.PositiveSmallIntegerField(null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "-seed_rating", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="entry_unique_player")]

    def __str__(self) -> str:
        return f"{self.tournament_id}:{self.player_id}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")]


class Pairing(models.Model):
    """One board of a round: a table of players in a game (PRIMUS against SECONDUS, or
    three and more seats: ``seats``), or a bye (no game, no SECONDUS). ``result`` is the result that counts: the engine's outcome when the game
    ends, or the organiser's (a forfeit, an adjustment), which then stands."""

    class ResultSource(models.TextChoices):
        ENGINE = "engine", _("game")
        ORGANISER = "organiser", _("organiser")
        FORFEIT = "forfeit", _("forfeit")
        BYE = "bye", _("bye")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField()
    primus = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    secundus = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, null=True, blank=True, related_name="tournament_pairing"
    )
    # Every player of the game by seat, in the ruleset's role order: [[role, entry id], ...]
    # (``primus`` and ``secundus`` are the first two); empty for a bye.
    seats = models.JSONField(default=list, blank=True)
    # {"winner": role | None, "level": ..., "scores": {role: vp}} or null; at a table of
    # three or more also "places": {role: place} (1 first; a shared place repeats).
    result = models.JSONField(null=True, blank=True)
    result_source = models.CharField(max_length=16, choices=ResultSource.choices, blank=True)
    # The game's current VP by role (ruleset.view(state, None)["vp"]), kept up to date
    # when each step opens, so standings never load a game state.
    live_vp = models.JSONField(null=True, blank=True)
    rated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round__number", "board"]
        constraints = [models.UniqueConstraint(fields=["round", "board"], name="pairing_unique_board")]
        indexes = [models.Index(fields=["tournament", "round"], name="pairing_tournament_idx")]


class AuditEntry(models.Model):
    """The organiser console's trail: every override, who made it, why, and what changed."""

    class Action(models.TextChoices):
        ROUND_PAIRED = "round_paired", _("Round paired")
        PLAYER_REPLACED = "player_replaced", _("Player replaced")
        FORFEIT = "forfeit", _("Forfeit adjudicated")
        DEADLINE_EXTENDED = "deadline_extended", _("Deadline extended")
        RESULT_ADJUSTED = "result_adjusted", _("Result adjusted")
        RESULT_OVERRIDDEN = "result_overridden", _("Result set against the rules' level")
        PLAYER_WITHDRAWN = "player_withdrawn", _("Player withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=32, choices=Action.choices)
    pairing = models.ForeignKey(Pairing, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("the audit trail is append-only")
        super().save(*args, **kwargs)


class Rating(models.Model):
    """A player's Glicko-2 rating in one ruleset."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    ruleset = models.CharField(max_length=64)
    rating = models.FloatField(default=1500.0)
    rd = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    # When the last rated game was rated: the RD stored is the one after that game; each
    # whole rating period since without a game widens it (tournaments.glicko2.idle).
    last_rated_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["ruleset", "-rating"]
        constraints = [models.UniqueConstraint(fields=["player", "ruleset"], name="rating_unique_ruleset")]
