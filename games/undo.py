"""Taking back one's own last move: which log entries are still in effect, and what an undo may take back.

The log is append-only, so an undo is one more entry (``ActionKind.UNDO``) naming the moves it
takes back; the game is the log's moves minus the withdrawn ones.  Because an undo only ever
withdraws the newest moves in effect, the position after any log prefix is the replay of that
prefix's effective moves: history steps and the exported record both come from here.

This module decides; ``games.services.take_back`` and ``games.undo_requests`` write.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games.errors import GameServiceError
from games.models import ActionKind, ActionSource, GameStatus

UNDO_TYPE = "undo"
# A player's own decision: only these may be taken back.  A timeout's default, an admin's
# correction, a standing order's answer and an import are not "my move".
PLAYER_SOURCES = frozenset({ActionSource.WEB, ActionSource.EMAIL, ActionSource.API})


class LogEntry(Protocol):
    seq: int
    seat: int
    payload: dict[str, Any]
    source: str
    kind: str


class UndoRefused(GameServiceError):
    """The move cannot be taken back (the sentence says why); nothing was written."""

    code = "undo_refused"
    http_status = 409


def is_undo(entry: LogEntry) -> bool:
    return entry.kind == ActionKind.UNDO


def withdrawn_by(entry: LogEntry) -> list[int]:
    """The seqs an undo entry takes back (none for a move)."""
    return [int(seq) for seq in entry.payload.get("withdraws", [])] if is_undo(entry) else []


def effective_moves(entries: Iterable[LogEntry]) -> list[Any]:
    """The moves still in effect among ``entries`` (a log, or a prefix of one, in seq order)."""
    entries = list(entries)
    withdrawn = {seq for entry in entries for seq in withdrawn_by(entry)}
    return [entry for entry in entries if not is_undo(entry) and entry.seq not in withdrawn]


def withdrawn_seqs(entries: Iterable[LogEntry]) -> dict[int, int]:
    """Each withdrawn move's seq -> the seq of the undo that took it back."""
    return {seq: entry.seq for entry in entries for seq in withdrawn_by(entry)}


def undo_payload(withdraws: Sequence[int]) -> dict[str, Any]:
    return {"type": UNDO_TYPE, "withdraws": list(withdraws)}


@dataclass(frozen=True)
class UndoPlan:
    """What taking back ``seat``'s last move would do.

    ``withdraws``: the player's move and the automatic answers after it (re-derived when
    the game goes on).  ``move``: the seq of the player's move, as the log numbers it.
    ``consent_from``: the other seats the game now waits on; they were prompted on the
    position (turn mail, the game page), so they saw it and must allow the undo.
    """

    seat: int
    move: int
    withdraws: tuple[int, ...]
    consent_from: tuple[int, ...]

    @property
    def free(self) -> bool:
        return not self.consent_from


def plan_undo(status: str, entries: Sequence[LogEntry], seat: int, waiting: Iterable[int],
              names: Sequence[str], resigned: Collection[int] = ()) -> UndoPlan:
    """What undoing ``seat``'s last move would take back and whom it must ask; UndoRefused says why not.

    ``entries`` is the whole log in seq order, ``waiting`` the seats the game waits on now,
    ``names`` the seats' display names, ``resigned`` the seats whose players resigned: they
    have left the table, so they take nothing back (the service plays their seats).
    """
    _check_open(status)
    if seat in resigned:
        raise UndoRefused("You resigned from this game, so you can no longer take a move back.")
    moves = effective_moves(entries)
    automatic = _trailing_automatic(moves)
    last = moves[-1 - len(automatic)] if len(moves) > len(automatic) else None
    if last is None:
        raise UndoRefused("There is nothing to take back: no move has been made yet.")
    if last.seat != seat:
        raise UndoRefused(_someone_else_moved(moves, seat, last, names))
    if last.source not in PLAYER_SOURCES:
        raise UndoRefused(_not_a_player_move(last.source))
    others = tuple(sorted(set(waiting) - {seat}))
    return UndoPlan(seat, last.seq, (last.seq, *(entry.seq for entry in automatic)), others)


def _check_open(status: str) -> None:
    if status == GameStatus.FINISHED:
        raise UndoRefused("This game is finished; its moves can no longer be taken back.")
    if status == GameStatus.IMPORTED:
        raise UndoRefused("This is an imported game for review; nothing in it can be taken back.")
    if status != GameStatus.ACTIVE:
        raise UndoRefused("This game has not started yet, so there is nothing to take back.")


def _trailing_automatic(moves: Sequence[LogEntry]) -> list[LogEntry]:
    """The automatic answers at the end of the log, oldest first: they go with the move before them."""
    tail = []
    for entry in reversed(moves):
        if entry.source != ActionSource.AUTO:
            break
        tail.append(entry)
    return tail[::-1]


def _someone_else_moved(moves: Sequence[LogEntry], seat: int, last: LogEntry, names: Sequence[str]) -> str:
    if not any(entry.seat == seat and entry.source in PLAYER_SOURCES for entry in moves):
        return "You have made no move that could be taken back."
    who = names[last.seat] if 0 <= last.seat < len(names) else "another player"
    if last.source == ActionSource.ORDER:
        return f"{who}'s standing order has answered since your last move, so it can no longer be taken back."
    # Not "bob has moved since your last move (move 4)": a walk read move 4 as the player's own.
    return f"Since your last move, {who} has played move {last.seq}, so yours can no longer be taken back."


def _not_a_player_move(source: str) -> str:
    made_by = {
        ActionSource.TIMEOUT: "the clock (your time ran out)",
        ActionSource.ORDER: "your standing order",
        ActionSource.ADMIN: "an organiser",
        ActionSource.IMPORT: "the imported record",
    }.get(source, "the game")
    return f"Your last move was made by {made_by}, not by you, so it cannot be taken back."
