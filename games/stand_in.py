"""Playing for a player who resigned: the service answers their seat's prompts, always legally, never boldly.

A resigned seat stays in the engine's game (the record contract knows no resignation), so
its prompts still come and the service answers them in the move path (games.services), as
ordinary record actions with source ``resigned``.  The answer is the quietest one the prompt
offers: its main action's first one-click answer, which the titles list quietest first
(Acquire: the first playable tile in board order, the first chain offered, keep all defunct
shares, buy nothing; never "declare the end", an extra action listed last), or the title's
marked default when it has one: the answer a timeout plays.  Should the
engine refuse that, the first of the title's own random legal answers of the same type is
played, drawn from a generator seeded by the game, so a replay gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from typing import Any

from django.db import connection

import engine.core as engine
from games.models import Game

STAND_IN = "stand_in"  # the kind of the note event logged before each answer given for a resigned player
RANDOM_TRIES = 50  # random answers tried, should every one-click answer be refused (none has been so far)
RESIGNED_SEATS_SQL = "SELECT seat FROM games_resignation WHERE game_id = %s ORDER BY version, id"


def resigned_seats(game: Game) -> list[int]:
    """The game's resigned seats in the order they resigned; no query for a game without any.

    Every move asks (the move path answers for them), so the statement is written out.
    """
    if not game.resigned_count:
        return []
    with connection.cursor() as cursor:
        cursor.execute(RESIGNED_SEATS_SQL, [game.pk])
        return [seat for (seat,) in cursor.fetchall()]


def stand_in_answer(state: Any, resigned: Collection[int]) -> engine.ForcedAnswer | None:
    """The answer the service gives now for a resigned seat the game waits on, or None if it waits on none."""
    prompt = next((prompt for prompt in engine.prompts(state) if prompt.seat in resigned), None)
    if prompt is None:
        return None
    action = next((candidate for candidate in _candidates(state, prompt) if _is_legal(state, prompt.seat, candidate)),
                  None)
    if action is None:
        return None
    name = state.players[prompt.seat]
    note = engine.Event(f"Played for {name}, who resigned.", kind=STAND_IN,
                        data={"seat": prompt.seat, "prompt": prompt.name})
    return engine.ForcedAnswer(prompt.seat, action, note)


def _candidates(state: Any, prompt: engine.Prompt) -> Iterator[dict[str, Any]]:
    """The title's marked default, the main action's one-click answers in order, then random answers of that action."""
    main = prompt.actions[0].type if prompt.actions else None
    marked = prompt.context.get("default")  # a title's own default answer, which a timeout plays too
    if isinstance(marked, dict) and prompt.accepts(str(marked.get("type"))):  # as a timeout reads it
        yield dict(marked)
    for quick in prompt.quick:
        if quick.action.get("type") == main:
            yield quick.action
    rng = random.Random(f"stand-in:{state.seed}:{state.actions_applied}")
    title = engine.title_of(state)
    for _ in range(RANDOM_TRIES):
        action = title.random_action(state, prompt.seat, rng)
        if main is None or action.get("type") == main:
            yield action


def _is_legal(state: Any, seat: int, action: dict[str, Any]) -> bool:
    try:
        engine.apply(state, seat, action)
    except engine.IllegalAction:
        return False
    return True
