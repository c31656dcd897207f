"""Queue a title's ratings update once the transaction that finished one of its games commits."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games.models import Game

logger = logging.getLogger(__name__)


def on_game_changed(sender: Any, game: Game, **kwargs: Any) -> None:
    """A games signal's receiver: after a move or a resignation that finished ``game``."""
    if game.rated:
        queue_update(game.title)


def queue_update(title: str) -> None:
    """Rebuild ``title``'s ratings after commit (for apps that change a game's end: adjudication, abandoning)."""
    transaction.on_commit(lambda: _publish(title))


def _publish(title: str) -> None:
    """Queue the update; a broker that refuses breaks no page (the beat's catch-up rebuilds the title later)."""
    from ratings.tasks import update_ratings

    try:
        update_ratings.delay(title)
    except Exception:
        logger.exception("The ratings update of %s could not be queued; the catch-up will run it", title)
