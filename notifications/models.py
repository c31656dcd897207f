"""Notification records: the outbox (and audit of every mail), link uses, deadlines, orders and their runs, preferences.

Models import no services: they are written by ``outbox.py``, ``tasks.py``, ``deadlines.py``
and the views, and read by the account page.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class InboxMessage(models.Model):
    """A mail captured by the embedded run's InboxBackend, readable at /inbox/."""

    to = models.TextField()
    subject = models.TextField()
    body_text = models.TextField()
    body_html = models.TextField(blank=True)
    headers = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    @classmethod
    def store(cls, message) -> InboxMessage:
        """Keep an EmailMessage (or EmailMultiAlternatives) as the recipient would see it."""
        html = ""
        for content, mimetype in getattr(message, "alternatives", []) or []:
            if mimetype == "text/html":
                html = content
        return cls.objects.create(
            to=", ".join(message.to),
            subject=message.subject,
            body_text=message.body,
            body_html=html,
            headers={key: str(value) for key, value in (message.extra_headers or {}).items()},
        )


class Stream(models.TextChoices):
    """What a player can switch on or off, per game."""

    TURN = "turn", "turn prompts"
    REMINDER = "reminder", "reminders"
    RESULT = "result", "results"
    DIGEST = "digest", "daily digest"
    CHAT = "chat", "chat mentions"


class MailKind(models.TextChoices):
    STARTED = "started", "game started"
    TURN = "turn", "your turn"
    REMINDER = "reminder", "reminder"
    RESULT = "result", "result"
    DIGEST = "digest", "daily digest"
    TIMEOUT = "timeout", "timed out"
    PAUSED = "paused", "game paused"
    UNREACHABLE = "unreachable", "player unreachable"
    RESIGNED = "resigned", "player resigned"
    UNDO_ASK = "undo_ask", "asked to allow an undo"
    UNDO_RESULT = "undo_result", "undo request ended"
    # Mail to an address rather than to a player's seat (no recipient account; see Outbox.to_address).
    SIGNIN = "signin", "sign-in link"
    ADDRESS = "address", "address confirmation"
    INVITATION = "invitation", "invitation"
    # An @name in table talk; its row's ``version`` is the chat message's id (see Outbox), so each mention is mailed.
    MENTION = "mention", "chat mention"
    # A league's new season is open: mailed to last season's players with a signed sign-up link.
    # Its row has no game; ``version`` is the season's id (one such mail per player and season).
    SEASON_OPEN = "season_open", "league season open for sign-up"
    # Mail whose words come from the app that queued it (``Outbox.payload``): the row's ``version`` is that
    # app's id for it (the seat offer's, the organizer's message's), so each is mailed once per recipient.
    SEAT_OFFER = "seat_offer", "a league seat offered to a substitute"
    DIVISION_MSG = "division_msg", "an organizer's message to a division"
    # An organizer paused, resumed or extended a game, or handed a seat on; ``version`` is the act's id.
    ORGANIZER_ACT = "organizer", "an organizer's act on a game"


# The stream a kind of mail belongs to; kinds not listed are service notices that always go.
KIND_STREAM = {
    MailKind.STARTED: Stream.TURN,  # news of the game's play, like each turn: off with turn mails
    MailKind.TURN: Stream.TURN,
    MailKind.REMINDER: Stream.REMINDER,
    MailKind.RESULT: Stream.RESULT,
    MailKind.DIGEST: Stream.DIGEST,
    MailKind.RESIGNED: Stream.TURN,  # news of the game's play, like its start: off with turn mails
    MailKind.MENTION: Stream.CHAT,
}


class OutboxStatus(models.TextChoices):
    PENDING = "pending", "waiting to be sent"
    SENDING = "sending", "being sent"
    SENT = "sent", "sent"
    FAILED = "failed", "failed"
    SKIPPED = "skipped", "not sent"


class Outbox(models.Model):
    """One mail a state change causes; also the audit of that mail once sent.

    Written in the move's transaction (so a rolled-back move leaves none), claimed by
    ``send_outbox`` with a conditional update.  ``version`` is the game's state version,
    or the recipient's local date ordinal for a digest (which has no game), or the chat
    message's id for a mention (two mentions at one game version are two mails).

    Sign-in links, address confirmations and invitations go to an address that may have no
    account (yet): those rows have no ``recipient``; ``to_address`` is where they go, and
    ``payload`` holds what composing them needs (the page after signing in, the account
    whose address is being confirmed).  They are written in the transaction of the request
    that asks for them, so a mail server outage only delays them.
    """

    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="mails"
    )
    kind = models.CharField(max_length=12, choices=MailKind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=OutboxStatus.choices, default=OutboxStatus.PENDING)
    send_after = models.DateTimeField()
    created = models.DateTimeField()
    queued_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    claim_token = models.CharField(max_length=32, blank=True)  # whose claim it is: only that worker may finish
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    to_address = models.EmailField(blank=True)
    subject = models.TextField(blank=True)
    message_id = models.CharField(max_length=255, blank=True)
    note = models.TextField(blank=True)
    payload = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version", "recipient", "kind"], name="notifications_outbox_once"),
            # A digest has no game; NULLs are distinct in a unique index, so it gets its own (portable) one.
            models.UniqueConstraint(
                fields=["version", "recipient", "kind"],
                condition=Q(game__isnull=True),
                name="notifications_outbox_once_no_game",
            ),
        ]
        indexes = [
            # The sweeper's scan: only unfinished rows are indexed.
            models.Index(
                fields=["send_after"], condition=Q(status__in=["pending", "sending"]), name="notifications_outbox_open"
            ),
            models.Index(fields=["message_id"], name="notifications_outbox_msgid"),
            models.Index(fields=["recipient", "-created"], name="notifications_outbox_audit"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.recipient_id} for game {self.game_id}@{self.version}: {self.status}"

    @property
    def address(self) -> str:
        """Where the mail goes: the player's address as it is now, or the row's own for mail to an address."""
        return self.recipient.email if self.recipient_id is not None else self.to_address


class LinkOutcome(models.TextChoices):
    APPLIED = "applied", "move made"
    ALREADY = "already", "already resolved"
    REFUSED = "refused", "refused"
    PENDING = "pending", "in progress"
    DONE = "done", "done"


class LinkUse(models.Model):
    """The first use of a signed link; a second use shows this row's outcome instead of acting again."""

    token_hash = models.CharField(max_length=64, unique=True)
    purpose = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="link_uses")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    label = models.CharField(max_length=200, blank=True)
    outcome = models.CharField(max_length=8, choices=LinkOutcome.choices, default=LinkOutcome.PENDING)
    message = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "-created"], name="notifications_linkuse_audit")]


class TimeoutPolicy(models.TextChoices):
    DEFAULT_ANSWER = "default", "play the default answer"
    PAUSE = "pause", "pause the game and tell its creator"


class GameMailSettings(models.Model):
    """Per-game deadline rules; the time limit itself is ``Game.move_time_limit`` (the site's form)."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True, related_name="+")
    timeout_policy = models.CharField(max_length=8, choices=TimeoutPolicy.choices, default=TimeoutPolicy.DEFAULT_ANSWER)
    reminder_before = models.DurationField(null=True, blank=True)
    vacation_days = models.PositiveSmallIntegerField(default=0)
    paused = models.BooleanField(default=False)


class Deadline(models.Model):
    """When ``seat`` must have answered the prompt it got at ``version``; found by one indexed sweep."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    started = models.DateTimeField()  # kept so a new vacation day or quiet hours can move due_at
    due_at = models.DateTimeField()
    remind_at = models.DateTimeField(null=True, blank=True)
    reminded = models.BooleanField(default=False)
    resolved = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "version"], name="notifications_deadline_once"),
        ]
        indexes = [
            models.Index(fields=["due_at"], condition=Q(resolved=False), name="notifications_deadline_due"),
            models.Index(
                fields=["remind_at"], condition=Q(resolved=False, reminded=False), name="notifications_deadline_remind"
            ),
        ]


class VacationDay(models.Model):
    """A local date on which this player's clock in this game stops (within the game's allowance)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user", "day"], name="notifications_vacation_once")]


class MailProfile(models.Model):
    """A player's mail habits that are not per game: quiet hours (local time) and the digest hour."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+")
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    digest_hour = models.PositiveSmallIntegerField(default=8)


class Preference(models.Model):
    """A stream switched on or off for one game (``game`` null: the player's default for all games)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    stream = models.CharField(max_length=8, choices=Stream.choices)
    enabled = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "stream"], name="notifications_preference_once"),
            models.UniqueConstraint(
                fields=["user", "stream"], condition=Q(game__isnull=True), name="notifications_preference_default_once"
            ),
        ]


class StandingOrder(models.Model):
    """A player's instruction applied when a matching prompt reaches their seat (e.g. "sell all")."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20)
    # What the kind needs beyond its name (a bid limit, a dividend policy); ``subject`` is the
    # company an order is about ("" for none), so one kind may stand once per company.
    params = models.JSONField(default=dict, blank=True)
    subject = models.CharField(max_length=20, blank=True, default="")
    active = models.BooleanField(default=True)
    created = models.DateTimeField(auto_now_add=True)
    # Set when a move changed what the order assumed (notifications.disarm): the player is told
    # why in the mails and on the page until their next move after ``disarmed_version``.
    disarmed_because = models.CharField(max_length=200, blank=True)
    disarmed_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat", "kind", "subject"], condition=Q(active=True), name="notifications_order_once"
            ),
        ]


class OrderRun(models.Model):
    """A standing order to try on the prompt ``seat`` got at ``version``: the durable half of its task.

    Written in the move's transaction like an outbox row, so a move that commits always leaves
    it; the task tries the order and marks the run done, and the beat sweeper re-queues a run
    that no task finished (a publish the broker refused, a worker that died).  Trying twice is
    harmless: the move path's version check plays an order at most once.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    created = models.DateTimeField()
    queued_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=20, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "version"], name="notifications_orderrun_once"),
        ]
        indexes = [
            models.Index(fields=["queued_at"], condition=Q(done_at__isnull=True), name="notifications_orderrun_open"),
        ]


class Suppression(models.Model):
    """An address that bounced hard or complained: nothing more is sent to it."""

    address = models.EmailField(unique=True)
    reason = models.CharField(max_length=20)
    detail = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
