"""A new 1861 game, started on the site, played by the engine's bot up to a merger_consent prompt.

Imported 18xx.games games play with consent off, so the owner's yes or no only arises in a game
begun here.  With seed :data:`SEED` and the bot's generator keyed ``consent-search``, bob (seat 1)
merges KK and MB into GRR in a merger round after 466 moves; MB is cy's, so cy (seat 2) is asked
and bob waits.  The moves are decided on the engine alone (fast) and then submitted through the
one move path with the mail signal off, so the game's log is a site game's but no mail is queued
for the 466 moves on the way.
"""

from __future__ import annotations

from typing import Any

import engine.core as engine
from engine.core.rng import seeded_rng
from games import services
from games.models import Game
from games.signals import move_applied
from notifications import announcements
from tests.games.factories import started_game

SEED = 1
BOT_KEY = "consent-search"
MAX_MOVES = 1000  # the prompt arrives after 466; this bounds a bot or engine change gone wrong
PRESIDENT, OWNER = 1, 2  # bob merges; cy owns MB
MAJOR, MINOR, PARTNER = "grr", "mb", "kk"


def moves_to_consent(players: list[str]) -> list[tuple[int, dict[str, Any]]]:
    """The bot's moves from the new game's start until someone is asked for merger consent."""
    return bot_moves_to(players, SEED, BOT_KEY, "merger_consent", MAX_MOVES)


def bot_moves_to(players: list[str], seed: int, bot_key: str, prompt: str,
                 max_moves: int) -> list[tuple[int, dict[str, Any]]]:
    """The bot's moves (its generator keyed ``bot_key``) in a new game of ``seed`` until someone
    is asked ``prompt``."""
    title = engine.get_title("1861")
    state, rng, moves = engine.new_game("1861", players, seed, {}), seeded_rng(seed, bot_key), []
    for _ in range(max_moves):
        waiting = engine.waiting(state)
        if any(entry.prompt == prompt for entry in waiting):
            return moves
        seat = waiting[0].seat
        action = title.random_action(state, seat, rng)
        moves.append((seat, action))
        state = engine.apply(state, seat, action)[0]
    raise AssertionError(f"no {prompt} within {max_moves} bot moves")


def consent_game(players: list) -> Game:
    """ann, bob and cy's new game (seed 1) played to cy's merger_consent prompt, no mail sent on the way."""
    return site_game_after(players, SEED, moves_to_consent)


def site_game_after(players: list, seed: int, moves_for: Any) -> Game:
    """A new site game of ``seed`` with the moves ``moves_for(names)`` made through the one move
    path, the mail signal off (no mail is queued for the moves on the way).  A move the service
made itself, a prompt's only answer, is not submitted again."""
    game = started_game(players, title="1861", options={}, seed=seed)
    names = [seat.display_name for seat in game.seats.order_by("index")]
    move_applied.disconnect(dispatch_uid="notifications.outbox.move_applied")
    try:
        for index, (seat, action) in enumerate(moves_for(names)):
            game.refresh_from_db()
            if game.version > index:  # a prompt with one answer: the service gave it (forced_answer)
                continue
            outcome = services.submit_move(game.pk, seat, action, game.version, "web")
            assert outcome.applied, outcome.message
    finally:
        move_applied.connect(announcements.on_move_applied, dispatch_uid="notifications.outbox.move_applied")
    game.refresh_from_db()
    return game
