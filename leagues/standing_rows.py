"""The standings kept in the database: each finished league game's placings, and each member's line.

Both are caches of the games' results (the games' logs and resignations are the truth),
rewritten by ``leagues.standings.record_result`` inside the transaction that finished the game,
so a page reads a division's table in one query and never replays a game.  Loaded by
``leagues.models`` (Django finds an app's models there); so this module names the models it
points at as strings ("leagues.Division") and never imports ``leagues.models`` back.
"""

from __future__ import annotations

from fractions import Fraction

from django.db import models


class Zone(models.TextChoices):
    """Where a line stands for next season; the page says it in words as well as colour."""

    NONE = "", "stays"
    PROMOTION = "promotion", "promotion"
    RELEGATION = "relegation", "relegation"


class GamePlacing(models.Model):
    """A division member's place (ties share one) and score in a finished league game.

    ``score`` is None when a resignation ended the game before the engine's end.  Rows of a
    game are replaced, never added to, when its result is recorded again (idempotent).
    ``share`` is the member's part of the seat's points (1 but for a seat that changed hands,
    by the season's ``points_to``); ``seats_at_place`` how many seats shared the place (None in
    rows written before it was kept: their placings were the seats).
    """

    league_game = models.ForeignKey("leagues.LeagueGame", on_delete=models.CASCADE, related_name="placings")
    member = models.ForeignKey("leagues.DivisionMember", on_delete=models.CASCADE, related_name="placings")
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField(null=True, blank=True)
    resigned = models.BooleanField(default=False)
    share_numerator = models.PositiveIntegerField(default=1)
    share_denominator = models.PositiveIntegerField(default=1)
    seats_at_place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league_game", "member"], name="leagues_placing_once")]

    def __str__(self) -> str:
        return f"{self.member} placed {self.place} in {self.league_game}"

    @property
    def share(self) -> Fraction:
        return Fraction(self.share_numerator, self.share_denominator)


class Standing(models.Model):
    """A member's line of the division's table: ``row`` is the display order, ``position`` shared by ties.

    Points are kept exactly as a fraction (two tied for a place share it: 4.5, 19/3); the
    winner's-score share is kept for display only, the order being decided in Python.
    """

    division = models.ForeignKey("leagues.Division", on_delete=models.CASCADE, related_name="standings")
    member = models.OneToOneField("leagues.DivisionMember", on_delete=models.CASCADE, related_name="standing")
    row = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField()
    played = models.PositiveSmallIntegerField(default=0)
    points_numerator = models.PositiveIntegerField(default=0)
    points_denominator = models.PositiveIntegerField(default=1)
    wins = models.PositiveSmallIntegerField(default=0)
    seconds = models.PositiveSmallIntegerField(default=0)
    winner_share = models.DecimalField(max_digits=7, decimal_places=4, null=True, blank=True)
    head_to_head = models.PositiveSmallIntegerField(null=True, blank=True)
    zone = models.CharField(max_length=10, choices=Zone.choices, default=Zone.NONE, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["division", "row"]
        indexes = [models.Index(fields=["division", "row"], name="leagues_standing_table")]

    def __str__(self) -> str:
        return f"{self.member}: {self.position}. with {self.points}"

    @property
    def points(self) -> Fraction:
        return Fraction(self.points_numerator, self.points_denominator)


class StoredTable(models.Model):
    """A division's table as the season page shows it (HTML), with the key of the state it shows.

    Rendered when the table is rewritten (``leagues.table_html``), in the finishing game's
    transaction, so the season page joins stored HTML even right after a restart.  The key
    names everything the HTML shows (rows, members and their names, tie-breaks, the links): a
    view whose key differs renders that table again and stores it (the key holds a digest of
    the table templates, so a deploy that changes them needs no step).
    """

    division = models.OneToOneField("leagues.Division", on_delete=models.CASCADE, primary_key=True,
                                    related_name="stored_table")
    key = models.CharField(max_length=40)
    html = models.TextField()

    def __str__(self) -> str:
        return f"{self.division}'s table"
