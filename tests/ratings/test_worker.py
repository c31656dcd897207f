"""The ratings update runs as a Celery task on the real worker, queued when the game's end commits."""

from __future__ import annotations

from games import resignation
from ratings.models import RatingEntry
from ratings.skill import INITIAL
from tests.games.factories import started_game
from tests.notifications.realparts import wait_until


def test_a_game_that_ends_is_rated_by_the_worker(redis_worker, players):
    ann, bob, _ = players
    game = started_game([ann, bob], options={})
    resignation.resign(game.pk, bob)  # commits (no test transaction here); the task goes to Redis
    wait_until(lambda: RatingEntry.objects.filter(game=game).count() == 2)
    ratings = {entry.user_id: entry for entry in RatingEntry.objects.filter(game=game)}
    assert ratings[ann.pk].mu > INITIAL.mu > ratings[bob.pk].mu
    assert "Task ratings.tasks.update_ratings" in redis_worker.log_path.read_text()  # ran there, not here
