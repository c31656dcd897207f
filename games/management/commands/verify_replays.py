"""Replay every game from its action log and report games whose Snapshot differs (exit 1 if any)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

import engine.core as engine
from engine.core.record import ReplayError, replay
from games.models import Game, GameStatus
from games.replay import log_of, record_of


def normalised(data: Any) -> Any:
    """JSON as the database gives it back (tuples become lists, keys become strings)."""
    return json.loads(json.dumps(data))


def replay_problem(game: Game) -> str | None:
    """Why ``game``'s cache disagrees with its log, or None when they agree."""
    actions = log_of(game)  # moves and undos: the effective moves are replayed
    if [action.seq for action in actions] != list(range(1, len(actions) + 1)):
        return "the action sequence numbers have a gap"
    if len(actions) != game.version:
        return f"the game says version {game.version} but its log has {len(actions)} actions"
    snapshot = getattr(game, "snapshot", None)
    if snapshot is None:
        return "it has no snapshot"
    if snapshot.version != game.version:
        return f"the snapshot is at version {snapshot.version}, the game at {game.version}"
    try:
        state = replay(record_of(game, actions))
    except ReplayError as error:
        return f"its log no longer replays: {error}"
    if normalised(engine.to_json(state)) != normalised(snapshot.state):
        return "the snapshot differs from a replay of the log"
    return None


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", type=int, action="append", help="only these game ids")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.exclude(status=GameStatus.OPEN).select_related("snapshot").order_by("pk")
        if options["game"]:
            games = games.filter(pk__in=options["game"])
        checked, bad = 0, []
        for game in games.iterator(chunk_size=100):
            checked += 1
            problem = replay_problem(game)
            if problem:
                bad.append(game.pk)
                self.stdout.write(f"game {game.pk} ({game.title}): {problem}")
        if bad:
            raise CommandError(f"{len(bad)} of {checked} games differ from their logs: {', '.join(map(str, bad))}")
        self.stdout.write(f"All {checked} games replay to their snapshots.")
