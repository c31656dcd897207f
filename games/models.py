"""Games, seats, the append-only action log (the truth) and the snapshot cache."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from games.fields import IntegerTextField, JSONTextField


class GameStatus(models.TextChoices):
    OPEN = "open", "waiting for players"
    ACTIVE = "active", "in progress"
    FINISHED = "finished", "finished"
    IMPORTED = "imported", "imported (read-only review)"


class EndKind(models.TextChoices):
    """How a finished game ended: only games the engine or resignations ended count for ratings."""

    ENGINE = "engine", "played to the end"
    RESIGNATION = "resignation", "ended by resignations"
    # Set by the organizer's console (games.organizer_acts.adjudicate): a result entered by an organizer.
    ADJUDICATED = "adjudicated", "adjudicated by an organizer"
    # Not set by any path yet: an organizer ends a stalled game by adjudicating it.  Calling a game off with
    # no result would be one more act (its page, its mail, "no result" on the game page and in the league's
    # table); the ratings already leave such games out (RATED_END_KINDS).
    ABANDONED = "abandoned", "abandoned"


RATED_END_KINDS = frozenset({EndKind.ENGINE, EndKind.RESIGNATION})

# List options that, when not empty, let whoever created a game know what the rules keep hidden
# (Acquire's ``tile_bag`` fixes every hand): such a game plays as usual, but its result never
# counts for ratings.  (Stored options hold every default, so the empty list is the usual value.)
UNRATED_OPTIONS = ("tile_bag",)


def rated_games_filter() -> models.Q:
    """The games ``Game.rated`` is true of, as a query (the ratings rebuild reads them so)."""
    rated = models.Q(status=GameStatus.FINISHED, ended_by__in=RATED_END_KINDS)
    for name in UNRATED_OPTIONS:
        rated &= ~models.Q(options__has_key=name) | models.Q(**{f"options__{name}": []})
    return rated


def options_keep_unrated(options: dict[str, Any] | None) -> bool:
    """Whether a game set up with ``options`` is never rated (see ``UNRATED_OPTIONS``)."""
    return any((options or {}).get(name) for name in UNRATED_OPTIONS)


class SeatOrder(models.TextChoices):
    RANDOM = "random", "random"
    CHOSEN = "chosen", "as listed"


class ActionSource(models.TextChoices):
    WEB = "web", "web"
    EMAIL = "email", "e-mail"
    API = "api", "API"
    TIMEOUT = "timeout", "timeout"
    ORDER = "order", "standing order"
    ADMIN = "admin", "admin"
    IMPORT = "import", "import"
    # The prompt's only legal answer, given by the service for the player (engine.core.forced_answer).
    AUTO = "auto", "automatic (the only legal answer)"
    # The service's answer for a player who resigned (games.stand_in); they no longer play.
    RESIGNED = "resigned", "played for a resigned player"


class ActionKind(models.TextChoices):
    """What a log entry is: a record action, or the service's note that earlier ones were taken back."""

    MOVE = "move", "move"
    # payload {"type": "undo", "withdraws": [seq, ...]}: those moves no longer count (games.undo).
    UNDO = "undo", "undo"


class Game(models.Model):
    """One game of one title.  ``version`` is the number of entries in its log (undos included)."""

    title = models.CharField(max_length=32)
    name = models.CharField(max_length=100, blank=True)
    engine_version = models.CharField(max_length=32, blank=True)
    options = models.JSONField(default=dict, blank=True)
    seed = IntegerTextField(null=True, blank=True)  # any integer; new games draw 128 bits
    status = models.CharField(max_length=10, choices=GameStatus.choices, default=GameStatus.OPEN)
    seat_count = models.PositiveSmallIntegerField()
    seat_order_mode = models.CharField(max_length=10, choices=SeatOrder.choices, default=SeatOrder.RANDOM)
    # Stored now; enforced by the e-mail issue's deadline sweeper.
    move_time_limit = models.DurationField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="games_created"
    )
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # How the game ended (blank until it does); ``rated`` reads it.
    ended_by = models.CharField(max_length=12, choices=EndKind.choices, blank=True, default="", db_default="")
    version = models.PositiveIntegerField(default=0)
    # How many Resignation rows the game has: 0 spares every move and page the query for them,
    # and caches keyed by the version also key on it (a resignation need not move the version).
    resigned_count = models.PositiveSmallIntegerField(default=0)
    # An UndoRequest waits for answers at this version: lets a move skip looking for requests to lapse.
    undo_asked = models.BooleanField(default=False, db_default=False)
    # An organizer (or admin) stopped the game (games.organizer_acts): no moves, and no clocks run.
    paused = models.BooleanField(default=False, db_default=False)
    # How many OrganizerAct and SeatChange rows the game has (its history's notes): 0 spares every page the query.
    act_count = models.PositiveSmallIntegerField(default=0, db_default=0)

    class Meta:
        indexes = [models.Index(fields=["status", "-created"], name="games_game_status_created")]

    def __str__(self) -> str:
        return self.name or f"{self.title} #{self.pk}"

    @property
    def is_read_only(self) -> bool:
        return self.status in (GameStatus.FINISHED, GameStatus.IMPORTED)

    @property
    def adjudicated(self) -> bool:
        """Ended by an organizer's adjudication, not by play: its result is the entered places (games.standings)."""
        return self.ended_by == EndKind.ADJUDICATED

    @property
    def rated(self) -> bool:
        """A finished game whose result counts for ratings: not adjudicated, not abandoned, not set up
        with an option that reveals hidden information (ratings app)."""
        return (self.status == GameStatus.FINISHED and self.ended_by in RATED_END_KINDS
                and not options_keep_unrated(self.options))

    @property
    def has_started(self) -> bool:
        return self.status != GameStatus.OPEN

    @property
    def time_limit_label(self) -> str:
        """``48 hours`` (empty without a limit)."""
        if self.move_time_limit is None:
            return ""
        hours = self.move_time_limit.total_seconds() / 3600
        return f"{hours:g} hour{'' if hours == 1 else 's'}"


class Seat(models.Model):
    """A place at the table.  ``index`` is the 0-based play order once the game starts."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    invited_email = models.EmailField(blank=True)
    display_name = models.CharField(max_length=60, blank=True)
    joined = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="games_seat_unique_user"
            ),
        ]
        indexes = [models.Index(fields=["invited_email"], name="games_seat_invited_email")]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}: {self.label}"

    @property
    def is_open(self) -> bool:
        return self.user_id is None and not self.invited_email

    @property
    def is_taken(self) -> bool:
        return self.user_id is not None

    @property
    def label(self) -> str:
        """The seat as anyone may read it: an invited address is the host's to know, not the table's."""
        if self.display_name:
            return self.display_name
        if self.invited_email:
            return "kept for an invited player"
        return "open seat"


class AppendOnlyError(Exception):
    """The action log is never edited or trimmed; correct a game by appending."""


class ActionQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("Actions are append-only; they cannot be updated.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("Actions are append-only; they cannot be deleted.")


class Action(models.Model):
    """One log entry, in order.  Written only by games.services; never changed.

    Most entries are record actions (``kind`` move).  An undo entry (``kind`` undo) names in
    its payload the moves it takes back; the game is the log's moves minus those
    (``games.undo.effective_moves``), so taking a move back is appended, never deleted.
    ``events`` keeps the engine's events of this action (with their visibility), so
    pages can show a log without replaying the game.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    events = models.JSONField(default=list, blank=True)
    source = models.CharField(max_length=10, choices=ActionSource.choices)
    kind = models.CharField(max_length=8, choices=ActionKind.choices, default=ActionKind.MOVE,
                            db_default=ActionKind.MOVE)
    created = models.DateTimeField(auto_now_add=True)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    objects = ActionQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_action_unique_seq"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="games_action_seq_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} seat {self.seat}: {self.payload}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("Actions are append-only; they cannot be updated.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnlyError("Actions are append-only; they cannot be deleted.")


class Snapshot(models.Model):
    """The engine state after ``version`` actions: a cache of replaying the log.

    ``state`` is the engine's ``to_json`` output, kept as text (key order included).
    ``waiting_seats`` caches the seats the engine prompts now, so lists of games need
    no engine call.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="snapshot")
    version = models.PositiveIntegerField()
    state = JSONTextField()
    waiting_seats = models.JSONField(default=list, blank=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"snapshot of {self.game_id} at {self.version}"


class Resignation(models.Model):
    """A seat's player left the game after move ``version``: a fact of the table, not an engine action.

    Written once by games.resignation and never changed.  From then on the service answers
    that seat's prompts (games.stand_in) and the final standings rank it last (games.standings).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="resignations")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField()

    class Meta:
        ordering = ["game", "version", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="games_resignation_once")]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat} resigned after move {self.version}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("A resignation is never changed.")
        super().save(*args, **kwargs)


class ChatMessage(models.Model):
    """A line of table talk, public like the history; written only by ``games.chat.post_message``.

    ``version`` is the game's version when it was posted (the history shows it "after move
    N"); ``mentions`` the seats it names with ``@name`` (``games.mentions``).  ``nonce`` comes
    from the form it was sent with: a second send of the same form (a double click) finds
    this row instead of adding another.  ``hidden`` is the admin's moderation: a hidden
    message stays here but no page, digest or unsent mention mail shows it.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    body = models.TextField()
    version = models.PositiveIntegerField()
    mentions = models.JSONField(default=list, blank=True)
    nonce = models.CharField(max_length=64)
    created = models.DateTimeField()
    hidden = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "seat", "nonce"], name="games_chat_once_per_form")]
        indexes = [models.Index(fields=["game", "version"], name="games_chat_game_version")]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat} after move {self.version}: {self.body[:40]}"


class UndoRequestStatus(models.TextChoices):
    PENDING = "pending", "waiting for answers"
    APPLIED = "applied", "taken back"
    REFUSED = "refused", "refused"
    LAPSED = "lapsed", "lapsed (the game moved on)"


class UndoRequest(models.Model):
    """A player's request to take back their last move, asked of the players who saw the position after it.

    Not part of the game's truth (the undo log entry is): it records who asked, whom, who
    allowed, and how it ended.  Valid only while the game is at ``version``; written under
    the game row's lock by games.undo_requests.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="undo_requests")
    version = models.PositiveIntegerField()  # the game's version when asked; the request lapses when it moves on
    seat = models.PositiveSmallIntegerField()  # the asking seat
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    source = models.CharField(max_length=10, choices=ActionSource.choices)  # how it was asked; the undo entry's
    withdraws = models.JSONField()  # the log seqs the undo would take back
    asked_seats = models.JSONField()  # the seats whose consent is needed
    allowed_seats = models.JSONField(default=list, blank=True)
    refused_by = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=UndoRequestStatus.choices, default=UndoRequestStatus.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    resolved = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # One request per position: asking twice (a double click) finds the first.
            models.UniqueConstraint(fields=["game", "version"], name="games_undorequest_once_per_version"),
        ]
        indexes = [
            models.Index(fields=["game"], condition=models.Q(status="pending"), name="games_undorequest_pending"),
        ]

    def __str__(self) -> str:
        return f"undo request {self.pk} in {self.game_id} at {self.version}: {self.status}"

    @property
    def waiting_seats(self) -> list[int]:
        """The asked seats that have not answered yet."""
        return [seat for seat in self.asked_seats if seat not in self.allowed_seats]


class ActKind(models.TextChoices):
    PAUSE = "pause", "paused the game"
    RESUME = "resume", "resumed the game"
    EXTEND = "extend", "extended the deadline"
    REPLACE = "replace", "replaced a player"
    ADJUDICATE = "adjudicate", "adjudicated the game"


class OrganizerAct(models.Model):
    """An organizer's (or admin's) act on a game, with who did it and why: the table's fact, never an engine action.

    Written once by games.organizer_acts under the game row's lock and never changed.
    ``version`` is the game's version when it happened, so the history shows it after that
    move.  ``details`` holds what the act needs to be read again: the hours added, the seat
    and its old and new player, the places entered.  ``nonce`` comes from the confirm form: a
    second submit of the same form finds this row instead of acting twice.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="organizer_acts")
    kind = models.CharField(max_length=12, choices=ActKind.choices)
    version = models.PositiveIntegerField()
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField()
    details = models.JSONField(default=dict, blank=True)
    nonce = models.CharField(max_length=64)
    created = models.DateTimeField()

    class Meta:
        ordering = ["game", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "nonce"], name="games_organizeract_once_per_form")]

    def __str__(self) -> str:
        return f"{self.game_id} after move {self.version}: {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("An organizer's act is never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnlyError("An organizer's act is never deleted.")


class SeatChange(models.Model):
    """A seat passed from one player to another after move ``after_version`` (a replacement or a substitute's claim).

    The seat's parts follow from these rows (games.seat_parts): the first player played moves
    1..after_version of the first change, and so on.  Append-only.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="seat_changes")
    seat = models.PositiveSmallIntegerField()
    after_version = models.PositiveIntegerField()
    from_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    to_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # The organizer's replacement that made it; none for a substitute's own claim.
    act = models.OneToOneField(OrganizerAct, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField()

    class Meta:
        ordering = ["game", "seat", "id"]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat} changed hands after move {self.after_version}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("A seat change is never changed.")
        super().save(*args, **kwargs)
