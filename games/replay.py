"""Rebuilding engine states from a game's action log (the truth) through engine.core only."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

import engine.core as engine
from engine.core.record import Record, RecordedAction, replay
from engine.core.record import start as start_record
from games.models import Action, Game, Seat
from games.titles import ui_for
from games.undo import effective_moves, is_undo

StoredEvents = list[dict[str, Any]]  # one Action's ``events``, as stored


# What replaying (and planning an undo) reads.  The game id too: without it every entry fetched
# it again when touched, one query per move (seconds on a long game's first history view).
LOG_FIELDS = ("game", "seq", "seat", "payload", "source", "kind")


def log_of(game: Game, upto: int | None = None) -> list[Action]:
    """The game's log entries in order (moves and undos), the first ``upto`` of them if given."""
    entries = game.actions.order_by("seq").only(*LOG_FIELDS)
    return list(entries if upto is None else entries.filter(seq__lte=upto))


def record_of(game: Game, actions: Iterable[Action] | None = None) -> Record:
    """The game as an engine Record: the moves of ``actions`` (default: the whole log) still in effect.

    Players are the seat display names in play order.  Taken-back moves and the undo entries
    are left out (games.undo), so the record replays to the game's position.
    """
    if actions is None:
        actions = log_of(game)
    actions = effective_moves(actions)
    players = list(game.seats.order_by("index").values_list("display_name", flat=True))
    return Record(
        title=game.title,
        players=players,
        seed=int(game.seed or 0),
        options=dict(game.options or {}),
        actions=[RecordedAction(action.seat, action.payload) for action in actions],
    )


def opening_lines(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """The setup's log lines (the deal, who starts) that ``seat`` may read: the log before action 1.

    Rebuilt from the game's players, seed and options, as the first Snapshot was.
    """
    return engine.visible_events(engine.opening_events(start_record(record_of(game, actions=[]))), seat)


def states_along(record: Record) -> Iterator[tuple[int, Any, list[engine.Event]]]:
    """(step, state, events of that step) from step 0 (no events) to the last action.

    The same state object is advanced in place; copy it if you keep it.
    """
    state = start_record(record)
    yield 0, state, []
    for step, entry in enumerate(record.actions, start=1):
        events = engine.apply_in_place(state, entry.seat, entry.action)
        yield step, state, events


def log_states(game: Game) -> Iterator[tuple[int, Any]]:
    """(step, state) after each log entry, from step 0: the position each history step shows.

    Moves advance one state in place (copy it to keep it); an undo entry replays the moves
    still in effect after it, which puts back the position from before the withdrawn move.
    """
    entries = log_of(game)
    state = start_record(record_of(game, []))
    yield 0, state
    for index, entry in enumerate(entries):
        if is_undo(entry):
            state = replay(record_of(game, entries[: index + 1]))
        else:
            engine.apply_in_place(state, entry.seat, entry.payload)
        yield entry.seq, state


def state_at(record: Record, step: int) -> Any:
    """The state after the first ``step`` actions; ReplayError names a refused one."""
    return replay(replace(record, actions=record.actions[: max(0, step)]))


def replayed_state(game: Game) -> Any:
    """The state after every logged action of ``game``."""
    return replay(record_of(game))


def waiting_of(prompts: list[engine.Prompt]) -> list[int]:
    """The seats the prompts wait on, in seat order."""
    return sorted({prompt.seat for prompt in prompts})


def log_reader(game: Game, seat: int | None) -> Callable[[StoredEvents], list[dict[str, Any]]]:
    """A function from one action's stored events to the lines ``seat`` (None: a spectator) may read.

    The game page, the history page and the mails read a game's log through this, so each
    line reaches only those the engine lets read it.  Closed holdings word their public lines
    with the players' names, so only such a game costs a query for them (an open game's
    lines are sealed by nobody and need no names).
    """
    players: list[str] = []
    if not ui_for(game.title).holdings_open(game.options or {}):
        players = list(Seat.objects.filter(game=game).order_by("index").values_list("display_name", flat=True))

    def read(stored: StoredEvents) -> list[dict[str, Any]]:
        events = [engine.Event.from_json(raw) for raw in stored]
        return engine.readable_events(game.title, players, dict(game.options or {}), events, seat)

    return read
