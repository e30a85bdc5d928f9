"""Games, seats, steps, sealed order sets and the append-only event log."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACTIVE = "active", _("Active")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    ruleset = models.CharField(_("ruleset"), max_length=64)
    # What every heading, email and list calls the game (games/naming.py): the name its
    # creator chose (``name_chosen``), else ``Semper Victor 305 · aurelia, marcus``, kept
    # up to date as seats are taken. Empty only for a game stored before names.
    name = models.CharField(_("name"), max_length=100, blank=True)
    name_chosen = models.BooleanField(default=False)
    # The ruleset version the game pinned when it started (rules.Ruleset.version).
    ruleset_version = models.CharField(_("ruleset version"), max_length=32, blank=True)
    scenario = models.CharField(_("scenario"), max_length=64)
    options = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN)
    state = models.JSONField(_("state"), null=True, blank=True)
    # The opening position returned by setup(): the start of every replay.
    setup_state = models.JSONField(null=True, blank=True, editable=False)
    # Incremented by every write of ``state``; clients use it to notice a change.
    state_version = models.PositiveIntegerField(default=0)
    # Deadline policy: each step stays open this many hours (the ``hours`` mode of
    # ``deadline_policy``, kept as a column for the API and old games).
    step_hours = models.PositiveIntegerField(_("hours per step"), default=72)
    # games.deadlines.DeadlinePolicy.as_dict(): deadlines, reminders, the missed-turn
    # ladder and vacations (docs/deadlines.md). Empty: every default.
    deadline_policy = models.JSONField(_("deadline policy"), default=dict, blank=True)
    # Set while the game is paused (every seat asked); deadlines stand still.
    paused_at = models.DateTimeField(null=True, blank=True)
    # Set when the game cannot go on (the installed ruleset cannot continue its version:
    # docs/operations.md); ``halted_reason`` says why ({"code", "en", "fr"}). Nothing is
    # adjudicated until an operator clears it (manage.py ruleset_versions --apply).
    halted_at = models.DateTimeField(_("halted"), null=True, blank=True)
    halted_reason = models.JSONField(_("why it halted"), default=dict, blank=True)
    # The secret dice seed (hex). Never shown before the game is finished.
    dice_seed = models.CharField(max_length=64, editable=False)
    # sha256(seed) in hex, public from creation (rules.dice.commitment).
    dice_commitment = models.CharField(max_length=64, editable=False)
    outcome = models.JSONField(null=True, blank=True)
    # Only invitees may take a seat (games.services.game_join, docs/security.md); an open
    # game (False) takes anybody.
    invite_only = models.BooleanField(_("by invitation only"), default=False)
    # Entry gates of an open game (games/gates.py, docs/together.md): who may take a seat
    # from the lobby. Null: no gate.
    min_rating = models.FloatField(_("minimum rating"), null=True, blank=True)
    min_reliability = models.FloatField(_("minimum reliability"), null=True, blank=True)
    # Table talk (games/press.py): private messages allowed (None: the default, on when the
    # ruleset allows secret diplomacy and the game has more than two seats), and locked by
    # an organiser (no message may be posted).
    # Spectators (games/spectators.py): a public game's page, map, log and replay are
    # anyone's to watch, as a non-player sees them; a private one only its seats'.
    public = models.BooleanField(_("public"), default=False)
    class StandIn(models.TextChoices):
        DEFAULT = "default", _("the default orders")
        COMPUTER = "computer", _("a computer player")

    # Who plays an abandoned seat until a substitute takes it over (games/substitutes.py):
    # the ruleset's default orders, or a computer player where one can sit (rules/computer).
    stand_in = models.CharField(_("stand-in"), max_length=16, choices=StandIn.choices, default=StandIn.DEFAULT)
    # A practice game against the computer (games/computers.py): marked on every page and
    # in the API, never rated nor counted in a player's reliability.
    practice = models.BooleanField(_("practice game"), default=False)
    # The roles that offered or accepted a draw (empty: no offer on the table).
    draw_offer = models.JSONField(default=list, blank=True)
    press_private = models.BooleanField(_("private messages"), null=True, blank=True)
    press_locked_at = models.DateTimeField(_("table talk locked"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status"], name="game_status_idx")]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return self.name or f"{self.ruleset} {self.scenario} #{self.pk}"

    def dice_key(self, seats=None) -> bytes:
        """The key every roll is derived from: the committed seed mixed with each seat's
        entropy in seat order (rules.dice.mix_entropy; docs/dice.md). ``seats``: the game's
        seats when the caller has them (no query)."""
        from rules.dice import mix_entropy

        if seats is None:
            entropies = list(self.seats.order_by("position").values_list("entropy", flat=True))
        else:
            entropies = [seat.entropy for seat in sorted(seats, key=lambda seat: seat.position)]
        return mix_entropy(bytes.fromhex(self.dice_seed), entropies)

    @property
    def seed_revealed(self) -> str | None:
        """The seed, only once the game is over (finished or aborted)."""
        if self.status in (self.Status.FINISHED, self.Status.ABORTED):
            return self.dice_seed
        return None


class Seat(models.Model):
    # No index of their own: seat_unique_role (game, role) serves the game's seats and
    # seat_player_idx (player, game) the player's (migration 0004).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    role = models.CharField(_("role"), max_length=32)
    # Order of the role in ruleset.roles(): the order entropies are mixed in.
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats", db_index=False)
    # The player's contribution to the dice key (rules.dice.mix_entropy).
    entropy = models.CharField(max_length=200)
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        CIVIL_DISORDER = "civil_disorder", _("civil disorder")
        FORFEITED = "forfeited", _("forfeited")

    missed_deadlines = models.PositiveIntegerField(default=0)
    # Deadlines missed since the seat last submitted (the ladder counts these).
    missed_in_a_row = models.PositiveIntegerField(default=0)
    # Excused extensions already granted to this seat in this game.
    excuses_used = models.PositiveIntegerField(default=0)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PLAYING)
    # When the seat asked for a pause (the game pauses when every playing seat asked).
    pause_requested_at = models.DateTimeField(null=True, blank=True)
    # Set while an abandoned seat (forfeited, resigned) is offered in the lobby to a
    # substitute (games/substitutes.py).
    offered_at = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # The computer rung of the missed-turn ladder (docs/deadlines.md): the level of the
    # computer player standing in for the seat's absent player ("" none), set after the
    # policy's ``computer_after`` misses in a row, cleared when the player sends orders.
    stand_in = models.CharField(_("computer stand-in"), max_length=16, blank=True, default="")
    # The level of the computer player that holds the seat for good (a practice game's
    # opponents, seats its creator filled: games/computers.py; "" a person). Its player is
    # a computer account (inactive, no address, a name no one can sign up with).
    computer = models.CharField(_("computer player"), max_length=16, blank=True, default="")
    # The newest event of the game the seat's player was shown on the game page ("since
    # your last visit", whichever browser or email link they came from); null: never.
    last_seen_seq = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "role"], name="seat_unique_role"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
        ]
        # "Games awaiting me" starts from the player's seats.
        indexes = [models.Index(fields=["player", "game"], name="seat_player_idx")]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.role}"


class Step(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveIntegerField()
    # [Prompt.as_dict(), ...] as returned by ruleset.prompts(state).
    prompts = models.JSONField(default=list)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(auto_now_add=True)
    deadline = models.DateTimeField()
    # When the last prompted seat submitted: the sweep re-enqueues a step complete for
    # too long (a lost message, a killed worker).
    completed_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    # The deadline the policy gave when the step opened; ``deadline`` moves with
    # extensions, vacations and pauses.
    base_deadline = models.DateTimeField(null=True, blank=True)
    # Excused extensions granted on this step.
    extensions = models.PositiveSmallIntegerField(default=0)
    # Reminder offsets (hours before the deadline) already announced, so each fires once.
    reminders_sent = models.JSONField(default=list, blank=True)
    state_after_hash = models.CharField(max_length=64, blank=True)
    # The state after resolution, for replay and rewind.
    state_after = models.JSONField(null=True, blank=True)
    # Adjudications of this step that failed (an engine error, a lost database): the
    # health check and the metrics report them; the sweep tries again.
    failures = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    last_error_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="step_unique_number")]
        indexes = [
            # The sweep: open steps by deadline and by completion.
            models.Index(fields=["status", "deadline"], name="step_status_deadline_idx"),
            models.Index(fields=["status", "completed_at"], name="step_status_completed_idx"),
            # The open steps of given games ("games awaiting me", the game page): only
            # open steps, so finished games' histories are never visited (0003).
            models.Index(fields=["game"], condition=models.Q(status="open"), name="step_open_game_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}/step {self.number}"

    @property
    def roles(self) -> list[str]:
        """Prompted roles, in prompt order, without repeats."""
        seen: list[str] = []
        for prompt in self.prompts:
            if prompt["role"] not in seen:
                seen.append(prompt["role"])
        return seen


class OrderSet(models.Model):
    """A sealed submission: only its own seat ever sees it."""

    class Source(models.TextChoices):
        API = "api", "API"
        WEB = "web", _("web")
        EMAIL = "email", _("email")
        COMPUTER = "computer", _("computer stand-in")

    step = models.ForeignKey(Step, on_delete=models.CASCADE, related_name="order_sets")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="order_sets")
    orders = models.JSONField()
    # rules.base.orders_hash(orders): the receipt returned to the submitter.
    canonical_hash = models.CharField(max_length=64)
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.API)
    submitted_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["step", "seat"], name="orderset_unique_seat")]


class OrderAttachment(models.Model):
    """A file a seat attached to its orders of a step (games/attachments.py): sealed like
    them. Its ``token`` names it in the order set and in its URL."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="attachments")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="attachments")
    # Who uploaded it (the seat may change hands): their data export lists it, and the
    # deletion of their account empties it (operations/privacy.py).
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="order_attachments")
    step_number = models.PositiveIntegerField()
    token = models.CharField(max_length=32, unique=True)
    name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=100)
    size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)
    data = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["game", "seat", "step_number"], name="attachment_seat_step_idx")]

    def as_order(self) -> dict:
        """How the order set names it."""
        return {"id": self.token, "name": self.name, "size": self.size, "content_type": self.content_type}


class GameTable(models.Model):
    """A dice table of the game's own, in the format of rules/tables (a game master's:
    ``Ruleset.table_authors``, games/game_tables.py): the YAML as uploaded and the mapping
    read from it. Every seat and watcher may read it; it comes into play with the author's
    next order set of a kind that takes tables (games/table_rows.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="own_tables")
    table_id = models.CharField(max_length=100)
    title = models.JSONField()
    kind = models.CharField(max_length=16)
    text = models.TextField()
    raw = models.JSONField()
    sha256 = models.CharField(max_length=64)
    # Who uploaded it (a game's data, not theirs: kept when their account goes).
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "table_id"], name="game_table_unique")]

    def as_entry(self) -> dict:
        """How an order set carries it (the ruleset's order schema, ``tables``)."""
        return {"id": self.table_id, "sha256": self.sha256, "table": self.raw}


class Event(models.Model):
    """The append-only log. ``visible_to`` is null for a public event, else the roles
    that may see it; ``audience`` mirrors it as ``*`` or ``,ROLE,ROLE,`` so the database
    can filter on any backend."""

    PUBLIC = "*"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    step = models.ForeignKey(Step, on_delete=models.CASCADE, null=True, blank=True, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=64)
    data = models.JSONField(default=dict)
    visible_to = models.JSONField(null=True, blank=True)
    audience = models.CharField(max_length=255, default=PUBLIC)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq")]

    @staticmethod
    def audience_for(visible_to) -> str:
        if visible_to is None:
            return Event.PUBLIC
        return "," + ",".join(sorted(visible_to)) + ","

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("events are append-only")
        self.audience = self.audience_for(self.visible_to)
        super().save(*args, **kwargs)


class IdempotencyKey(models.Model):
    """The stored response of a request sent with an ``Idempotency-Key`` header."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    # sha256 of method, path and canonical body: the same key with another body is refused.
    fingerprint = models.CharField(max_length=64)
    response_status = models.PositiveSmallIntegerField()
    response_body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_key")]


class Vacation(models.Model):
    """A player's vacation, booked ahead: it pushes the deadlines of all their games
    (within each game's policy)."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField(_("starts"))
    ends_at = models.DateTimeField(_("ends"))
    created_at = models.DateTimeField(auto_now_add=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["player", "starts_at"]
        indexes = [models.Index(fields=["player", "ends_at"], name="vacation_player_idx")]
        verbose_name = _("vacation")

    def __str__(self) -> str:
        return f"{self.player} {self.starts_at:%Y-%m-%d}..{self.ends_at:%Y-%m-%d}"

    @property
    def days(self) -> float:
        return (self.ends_at - self.starts_at).total_seconds() / 86400


class LinkUse(models.Model):
    """A signed link or reply token that acted (games/links.py): acting links are
    single-use, so a replayed one finds its row and is refused."""

    nonce = models.CharField(max_length=64, unique=True)
    purpose = models.CharField(max_length=32)
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    used_at = models.DateTimeField(auto_now_add=True)


class Invitation(models.Model):
    """An invitation to a game, sent to an email address (games.invitations.invitation_send).
    In a game by invitation only, the account with that address is the one that may take
    a seat with it; an address that declined is not invited again."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()  # lower-cased
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="invitations_accepted")
    accepted_at = models.DateTimeField(null=True, blank=True)
    declined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "email"], name="invitation_unique_email")]
        indexes = [
            models.Index(fields=["invited_by", "created_at"], name="invitation_sender_idx"),
            models.Index(fields=["email"], name="invitation_email_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.email}"


class MatchRequest(models.Model):
    """A player's "match me": any opponent for this ruleset and scenario, paired by
    rating (games.lobby.match_request). Matched, it names the game it made."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        MATCHED = "matched", _("matched")
        CANCELLED = "cancelled", _("cancelled")

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_requests")
    ruleset = models.CharField(_("ruleset"), max_length=64)
    scenario = models.CharField(_("scenario"), max_length=64)
    options = models.JSONField(_("options"), default=dict, blank=True)
    # The player's rating in the ruleset when asked (None: the reader knows none).
    rating = models.FloatField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    matched_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["ruleset", "scenario", "status"], name="match_waiting_idx")]
        constraints = [
            # One waiting request per player, ruleset and scenario.
            models.UniqueConstraint(fields=["player", "ruleset", "scenario"], condition=models.Q(status="waiting"),
                                    name="match_one_waiting"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.ruleset}/{self.scenario} ({self.status})"


class TableMessage(models.Model):
    """A message of table talk (games/press.py): from a seat to every seat (``recipients``
    null) or to some seats. ``audience`` is ``*`` or ``,ROLE,ROLE,`` (the recipients and
    the author) so the database filters who may read it. Kept at the step being played
    when it was sent (``step_number``): the replay shows it there."""

    EVERY_SEAT = "*"

    class Source(models.TextChoices):
        API = "api", "API"
        WEB = "web", _("web")
        EMAIL = "email", _("email")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    step_number = models.PositiveIntegerField(default=0)
    author = models.ForeignKey(Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    author_role = models.CharField(max_length=32)
    # Who held the seat when it was written (a seat may change hands later).
    author_player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                      related_name="+")
    recipients = models.JSONField(null=True, blank=True)
    audience = models.CharField(max_length=255, default=EVERY_SEAT)
    body = models.TextField()
    reply_to = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.API)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]
        indexes = [models.Index(fields=["game", "step_number"], name="tablemessage_game_step_idx")]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.author_role}:{self.pk}"

    @staticmethod
    def audience_for(recipients, author_role: str) -> str:
        if recipients is None:
            return TableMessage.EVERY_SEAT
        return "," + ",".join(sorted({author_role, *recipients})) + ","


class PressMute(models.Model):
    """A seat that no longer reads, nor is told of, another seat's messages."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="press_mutes")
    muted_role = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["seat", "muted_role"], name="pressmute_unique")]


class Follow(models.Model):
    """An account following a public game (games/spectators.py): a spectator's turn
    email, at most one a day (notifications.services.FOLLOW)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="follows")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="follow_unique")]
