"""When the game ends: the first 8-train or the broken bank (rules sections 8, 17, 23 G10).

Operating rounds are numbered as 18xx.games labels them: OR 4.2 is the second operating
round of turn 4 (a turn is a stock round and the set of operating rounds after it).

- **First 8-train** (the final phase): bought in the first OR of a set, that set is extended
  to three ORs and the game ends after its third; bought later in a set, the set finishes, a
  stock round is played, then a last set of three ORs, after which the game ends.
- **Bank broken**: the bank breaks during the first payment that would take its cash below
  ₽0 - ending exactly at ₽0 does not break it - and that payment is still made in full, so the
  bank's cash goes negative (G10).  The game then ends at the end of the current OR, or, if
  the bank broke in a stock or merger round, at the end of the next OR.
- The 8-train wins: bought before the bank's end point it replaces the bank's timing; once it
  has been bought, breaking the bank changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# Section 17/18 ("ORs per set 2 (final set 3)"); the data file says so only in a note on phase 8.
FINAL_SET_OPERATING_ROUNDS = 3


class EndReason(StrEnum):
    """Why the game ended, in 18xx.games' words (its ``game_end_reason``)."""

    FINAL_PHASE = "final_phase"
    BANK = "bank"
    MANUALLY_ENDED = "manually_ended"  # the players ended it by agreement (18xx.games' End Game)


@dataclass(frozen=True, order=True)
class RoundNumber:
    """An operating round: ``turn`` and its number within the turn's set (OR 4.2 = (4, 2))."""

    turn: int
    operating_round: int


@dataclass(frozen=True)
class GameEnd:
    """Why the game will end and the operating round after which it does."""

    reason: EndReason
    last_round: RoundNumber


def after_first_eight_train(bought_in: RoundNumber) -> GameEnd:
    """The end the first 8-train sets (17): this set's third OR, or the next set's third."""
    turn = bought_in.turn if bought_in.operating_round == 1 else bought_in.turn + 1
    return GameEnd(EndReason.FINAL_PHASE, RoundNumber(turn, FINAL_SET_OPERATING_ROUNDS))


def after_bank_break(next_round_to_finish: RoundNumber) -> GameEnd:
    """The end a broken bank sets: the OR in progress, or the next OR if it broke between ORs."""
    return GameEnd(EndReason.BANK, next_round_to_finish)


def operating_round_after(finished: RoundNumber, operating_rounds_in_set: int) -> RoundNumber:
    """The OR that follows ``finished`` (a merger or stock round may come in between)."""
    if finished.operating_round < operating_rounds_in_set:
        return RoundNumber(finished.turn, finished.operating_round + 1)
    return RoundNumber(finished.turn + 1, 1)


def combined(scheduled: GameEnd | None, trigger: GameEnd) -> GameEnd:
    """The end once ``trigger`` happens with ``scheduled`` already set: the 8-train's always wins."""
    if scheduled is None:
        return trigger
    if scheduled.reason is EndReason.FINAL_PHASE or trigger.reason is EndReason.BANK:
        return scheduled
    return trigger


def operating_rounds_in_set(turn: int, normal: int, scheduled: GameEnd | None) -> int:
    """How many ORs the set of ``turn`` has: the phase's number, or three in the final phase's last set."""
    if scheduled is not None and scheduled.reason is EndReason.FINAL_PHASE and scheduled.last_round.turn == turn:
        return FINAL_SET_OPERATING_ROUNDS
    return normal


def is_over(scheduled: GameEnd | None, finished: RoundNumber) -> bool:
    """Has the game ended now that operating round ``finished`` is over?"""
    return scheduled is not None and finished >= scheduled.last_round


def breaks_bank(bank_cash: int, payment: int) -> bool:
    """Does this payment break the bank (take it below ₽0; exactly ₽0 does not, G10)?"""
    return bank_cash >= 0 and bank_cash - payment < 0
