"""A finished game's result as the ratings read it, and each player's rating after each game they played."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class RatedResult(models.Model):
    """The places of one rated game and who played each seat: a cache of the game's final standings.

    ``seats`` is ``[{"seat": 0, "place": 1, "players": [[user_id, share], ...]}, ...]``; a seat
    played by a substitute lists each player with the share of the game they played.  Written
    when the ratings first read the game; a game that stops counting (adjudicated later) loses it.
    """

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True, related_name="rated_result")
    title = models.CharField(max_length=32)
    finished = models.DateTimeField()
    seats = models.JSONField()
    # The game's place in the title's order at the last rebuild (None until rated): a rebuild starts
    # at the first result whose place changed, from the ratings stored before it.
    position = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["title", "finished", "game"], name="ratings_result_title_order")]

    def __str__(self) -> str:
        return f"result of game {self.game_id}"


class RatingEntry(models.Model):
    """``user``'s rating in ``title`` after ``game``: ``position`` counts the title's rated games, in order.

    The rows of a title are what replaying every rated game in order gives (ratings.recompute).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_entries")
    title = models.CharField(max_length=32)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()
    games_played = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    finished = models.DateTimeField()

    class Meta:
        ordering = ["title", "user", "position"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="ratings_entry_once_per_game")]
        indexes = [
            models.Index(fields=["title", "user", "-position"], name="ratings_entry_history"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.title} after game {self.game_id}: {self.ordinal:.1f}"
