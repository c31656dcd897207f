"""Leagues, their seasons, sign-ups, divisions, and the games a season's draw schedules.

A **League** plays one title with its game options fixed for the league; its organizers
(any number of users) are the only ones who may change it.  A league runs **Seasons**, one
after the other (``number`` 1, 2, ...).  A season collects **SignUps** until its deadline,
then the draw splits the signed players into **Divisions** (``level`` 1 is the top tier;
several divisions may share a level, told apart by ``number``), with a **DivisionMember**
row per player (``seed`` 1 is the division's strongest by the draw).  The draw also plans
every game of the season as a **LeagueGame** (players in seat order) in numbered **Waves**:
a wave's games are created and started together, and the next wave starts when all games
of the previous one have finished, so nobody plays more than ``Season.games_at_once``
league games of a season at a time.

Points, standings and tie-breaks are computed from finished games with the season's
``points_per_place`` and ``tie_breaks`` (tied places share their points: the standings
module averages the tied places' points).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from notifications.models import TimeoutPolicy

DEFAULT_POINTS_PER_PLACE = [10, 6, 3, 1]


def default_points_per_place() -> list[int]:
    """Points for 1st, 2nd, 3rd, 4th place; a place beyond the list scores 0."""
    return list(DEFAULT_POINTS_PER_PLACE)


class TieBreak(models.TextChoices):
    """Keys of ``Season.tie_breaks``, compared in the season's order after the one before ties."""

    POINTS = "points", "points"
    WINS = "wins", "wins (first places)"
    SECONDS = "seconds", "second places"
    WINNER_SHARE = "winner_share", "share of the winner's score"
    HEAD_TO_HEAD = "head_to_head", "head-to-head"


def default_tie_breaks() -> list[str]:
    return [choice.value for choice in TieBreak]


class League(models.Model):
    """A league of one title (an ``engine.core`` title id) with options fixed for every game."""

    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True)
    title = models.CharField(max_length=32)
    # Already validated by the title (``title.validate_options``) when stored.
    options = models.JSONField(default=dict, blank=True)
    description = models.TextField(blank=True)
    # A public league's pages are open to anyone; a private one's to its organizers and players.
    public = models.BooleanField(default=True)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_leagues")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def is_organizer(self, user) -> bool:
        """Whether ``user`` may edit this league, open and draw its seasons."""
        return bool(user and user.is_authenticated and self.organizers.filter(pk=user.pk).exists())


class SeasonStatus(models.TextChoices):
    """A season goes forward only: sign-up, drawn (divisions and schedule known), running, finished."""

    SIGNUP = "signup", "open for sign-up"
    DRAWN = "drawn", "drawn"
    RUNNING = "running", "running"
    FINISHED = "finished", "finished"


class PointsTo(models.TextChoices):
    """Who gets a substituted seat's points (leagues.substitutes.points_shares)."""

    FINISHER = "finisher", "the player who finished the game"
    STARTER = "starter", "the player who started it"
    SPLIT = "split", "shared by the moves each played"


class Season(models.Model):
    """One season of a league, with the rules its draw, games and standings follow."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()  # 1 for the league's first season
    name = models.CharField(max_length=100, blank=True)
    signup_deadline = models.DateTimeField()
    status = models.CharField(max_length=8, choices=SeasonStatus.choices, default=SeasonStatus.SIGNUP)
    # The draw: players per division, players per game, how often every pair meets.
    division_size = models.PositiveSmallIntegerField(default=4)
    game_size = models.PositiveSmallIntegerField(default=4)
    meetings_per_pair = models.PositiveSmallIntegerField(default=1)
    # The most league games of this season a player is in at once (the wave size, in games per player).
    games_at_once = models.PositiveSmallIntegerField(default=1)
    # Copied into every game of the season (games.Game.move_time_limit, notifications GameMailSettings).
    move_time_limit = models.DurationField(null=True, blank=True)
    timeout_policy = models.CharField(
        max_length=8, choices=TimeoutPolicy.choices, default=TimeoutPolicy.DEFAULT_ANSWER
    )
    # Standings: points per place (index 0 = 1st) and the tie-break keys (TieBreak values) in order.
    points_per_place = models.JSONField(default=default_points_per_place)
    tie_breaks = models.JSONField(default=default_tie_breaks)
    # How many of each division go up a level, and down, into the next season's draw.
    promotion_count = models.PositiveSmallIntegerField(default=1)
    relegation_count = models.PositiveSmallIntegerField(default=1)
    # Substitutes (leagues.substitutes): who scores a seat that changed hands, and how many timeouts of
    # one player make the seat be offered to the league's pool by itself (0: only the organizer offers).
    points_to = models.CharField(max_length=8, choices=PointsTo.choices, default=PointsTo.FINISHER)
    timeouts_before_offer = models.PositiveSmallIntegerField(default=0)
    # What the draw could not do (pairs meeting fewer times than agreed), in words for the season page.
    schedule_note = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="leagues_season_unique_number"),
            models.CheckConstraint(condition=Q(game_size__gte=2), name="leagues_season_game_size_2_up"),
            models.CheckConstraint(condition=Q(games_at_once__gte=1), name="leagues_season_games_at_once_1_up"),
            models.CheckConstraint(condition=Q(meetings_per_pair__gte=1), name="leagues_season_meetings_1_up"),
        ]
        indexes = [
            models.Index(fields=["status", "signup_deadline"], name="leagues_season_due_draw"),
        ]

    def __str__(self) -> str:
        return f"{self.league.name}: {self.label}"

    @property
    def label(self) -> str:
        return self.name or f"Season {self.number}"

    @property
    def is_open_for_signup(self) -> bool:
        return self.status == SeasonStatus.SIGNUP

    @property
    def tie_break_labels(self) -> list[str]:
        """The tie-breaks in order, in words (``wins (first places)``), for the season page."""
        labels = dict(TieBreak.choices)
        return [str(labels.get(key, key)) for key in self.tie_breaks]

    @property
    def time_limit_label(self) -> str:
        """``48 hours`` (empty without a limit), as a game's page says it."""
        if self.move_time_limit is None:
            return ""
        hours = self.move_time_limit.total_seconds() / 3600
        return f"{hours:g} hour{'' if hours == 1 else 's'}"

    @property
    def meetings_label(self) -> str:
        """``once``, ``twice``, ``3 times``: a walk's season page read "every pair meets 1 time"."""
        return {1: "once", 2: "twice"}.get(self.meetings_per_pair, f"{self.meetings_per_pair} times")


class SignUpStatus(models.TextChoices):
    SIGNED = "signed", "signed up"
    WITHDRAWN = "withdrawn", "withdrew"


class SignUp(models.Model):
    """A player's entry to a season; withdrawing before the draw keeps the row (status withdrawn).

    The draw takes the ``signed`` rows; ``created`` is the sign-up order (the draw's last
    resort for a first season without ratings).  Signing up again after withdrawing sets the
    row back to ``signed`` and keeps its place in that order.
    """

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="signups")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_signups")
    status = models.CharField(max_length=10, choices=SignUpStatus.choices, default=SignUpStatus.SIGNED)
    created = models.DateTimeField(auto_now_add=True)
    changed = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["season", "created", "id"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="leagues_signup_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}: {self.status}"


class Division(models.Model):
    """A group of a season's players who play each other; ``level`` 1 is the top tier."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField(default=1)  # among the divisions of one level
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["season", "level", "number"]
        constraints = [
            models.UniqueConstraint(fields=["season", "level", "number"], name="leagues_division_unique_place")
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.name}"


class DivisionMember(models.Model):
    """A player drawn into a division; ``seed`` 1 is the strongest by the draw's order."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships")
    seed = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["division", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["division", "user"], name="leagues_member_once"),
            models.UniqueConstraint(fields=["division", "seed"], name="leagues_member_unique_seed"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.division} (seed {self.seed})"


class WaveStatus(models.TextChoices):
    PLANNED = "planned", "planned"
    RUNNING = "running", "running"
    FINISHED = "finished", "finished"


class Wave(models.Model):
    """Games of a season started together (``index`` 1 first); the next starts when this one is over."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="waves")
    index = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=WaveStatus.choices, default=WaveStatus.PLANNED)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "index"]
        constraints = [models.UniqueConstraint(fields=["season", "index"], name="leagues_wave_unique_index")]

    def __str__(self) -> str:
        return f"{self.season}: wave {self.index} ({self.status})"


class LeagueGame(models.Model):
    """One scheduled game of a division: planned by the draw, a real game once its wave starts.

    ``seat_order`` is the list of user ids in the planned seat order (seat 0 first); the
    game is created with exactly that order (``SeatOrder.CHOSEN``).  ``game`` is empty until
    the wave starts.  Who actually sat where (a substitute, say) is the game's own Seats.
    ``round`` is the schedule's round within the division (games of one round share no player).
    """

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="league_games")
    wave = models.ForeignKey(Wave, on_delete=models.PROTECT, related_name="league_games")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()  # 1, 2, ... within the division, in schedule order
    seat_order = models.JSONField()
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="league_game"
    )

    class Meta:
        ordering = ["division", "number"]
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="leagues_game_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.division} game {self.number}"


class Substitute(models.Model):
    """A volunteer in a league's pool: offered the seats its games need filled (leagues.substitutes).

    A wish, not a fact of play: leaving the pool deletes the row.
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="substitutes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="substitute_pools")
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "joined", "id"]
        constraints = [models.UniqueConstraint(fields=["league", "user"], name="leagues_substitute_once")]

    def __str__(self) -> str:
        return f"{self.user} substitutes in {self.league}"


class SeatOffer(models.Model):
    """A league game's seat offered to the league's substitutes; the first claim takes it.

    ``offered_by`` is the organizer, or empty when the season's timeout rule offered it.  The
    claim is written under the game row's lock (leagues.substitutes.claim), so of two claims
    at once exactly one sets ``claimed_by``; the seat's change itself is games.SeatChange.
    """

    game = models.ForeignKey("games.Game", on_delete=models.PROTECT, related_name="seat_offers")
    seat = models.PositiveSmallIntegerField()
    reason = models.TextField()
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created = models.DateTimeField()
    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], condition=Q(claimed_by__isnull=True),
                                    name="leagues_seatoffer_one_open_per_seat"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.game_id} offered ({'taken' if self.claimed_by_id else 'open'})"

    @property
    def is_taken(self) -> bool:
        return self.claimed_by_id is not None


class DivisionMessage(models.Model):
    """An organizer's mail to every player of a division (leagues.console.message_division); kept as sent."""

    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="messages")
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    subject = models.CharField(max_length=150)
    body = models.TextField()
    nonce = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["division", "id"]
        constraints = [models.UniqueConstraint(fields=["division", "nonce"], name="leagues_divisionmessage_once")]

    def __str__(self) -> str:
        return f"{self.division}: {self.subject}"


# The standings' rows live in their own module (it names these models as strings, so it imports
# nothing from here); imported last so Django finds them and registers them after the rest, as before.
from leagues.standing_rows import GamePlacing, Standing, StoredTable, Zone  # noqa: E402, F401
