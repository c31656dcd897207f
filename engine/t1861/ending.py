"""The end of the game in the state: what triggers it, when the rounds stop, the final board.

``game_end`` has the arithmetic (which OR is the last); this module keeps the scheduled end in
``state.game_end`` (``None`` until a trigger; then ``reason`` and ``last_round``, ``[turn,
operating round]``) and answers the rounds' questions about it:

- the first 8-train (17): ``company_turn.first_purchase_effects`` calls
  :func:`note_final_phase` once the phase is 8; bought in a set's first OR, that set has three
  ORs at once (``state.operating["rounds_in_set"]``);
- the broken bank (17, 23 G10): the bank's cash below ₽0 is the sign (payments go on, so it
  stays negative); ``flow`` and the OR's end call :func:`note_bank_break`, which ends the game
  with the OR in progress, or with the next OR when the bank broke in a stock or merger round;
- an agreement to end (18xx.games' End Game, which any player may press at any moment): a
  record carries it as ``end_game`` only with the option ``manual_end``, which ``import-18xx``
  sets for an export that holds one; :func:`end_by_agreement` finishes the game at once, and
  the result is each player's worth at that moment (17's final worth, as 18xx.games counts a
  game ended so);
- the OR's end (``operating_round``) asks :func:`is_over`, and :func:`finish` ends the game:
  each company's price moves one step left per loan it still owes and the loans go back to
  the supply, as 18xx.games does on its board (17), and the round becomes ``{"kind": "end"}``,
  which waits for nobody.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.t1861 import game_end
from engine.t1861.data import DATA
from engine.t1861.game_end import EndReason, GameEnd, RoundNumber
from engine.t1861.loans import loans_words
from engine.t1861.market import CompanyKind
from engine.t1861.market_events import at_game_end
from engine.t1861.prices import market_of, place
from engine.t1861.state import State

FINAL_PHASE = DATA.phases[-1].name  # "8": its first train's purchase sets the end (17)
FINISHED = "end"  # ``state.round["kind"]`` of a finished game
END_GAME = "end_game"  # the action of an agreed end
MANUAL_END_OPTION = "manual_end"  # the record may hold it (only an 18xx.games import sets it)
REASON_WORDS = {EndReason.FINAL_PHASE: "the final phase's last set of operating rounds is over",
                EndReason.BANK: "the bank broke", EndReason.MANUALLY_ENDED: "the players ended it by agreement"}


def scheduled(state: State) -> GameEnd | None:
    """The end the triggers so far set, or None."""
    if state.game_end is None:
        return None
    turn, operating_round = state.game_end["last_round"]
    return GameEnd(EndReason(state.game_end["reason"]), RoundNumber(turn, operating_round))


def is_finished(state: State) -> bool:
    return state.round["kind"] == FINISHED


def note_final_phase(state: State) -> list[Event]:
    """17: the first 8-train was bought in the OR now running; it sets the end (over the bank's)."""
    bought_in = RoundNumber(state.round["number"], state.round["operating_round"])
    end = _schedule(state, game_end.after_first_eight_train(bought_in))
    if state.operating is not None and end.last_round.turn == bought_in.turn:
        state.operating["rounds_in_set"] = game_end.FINAL_SET_OPERATING_ROUNDS  # this set is the last
    return [_announce(end)]


def note_bank_break(state: State) -> list[Event]:
    """G10: the bank is broken once its cash is below ₽0; the first time it is, set the end (17)."""
    if state.bank >= 0 or state.game_end is not None or is_finished(state):
        return []  # unbroken, or an end is set already (an 8-train's stays; a bank breaks once)
    return [_announce(_schedule(state, game_end.after_bank_break(_next_round_to_finish(state))))]


def rounds_in_new_set(state: State, normal: int) -> int:
    """The set about to start: the phase's number of ORs, or three when it is the last (17)."""
    return game_end.operating_rounds_in_set(state.round["number"], normal, scheduled(state))


def is_over(state: State) -> bool:
    """Does the game end with the OR now ending?"""
    finished = RoundNumber(state.round["number"], state.round["operating_round"])
    return game_end.is_over(scheduled(state), finished)


def end_by_agreement(state: State) -> list[Event]:
    """The players end the game now (the option ``manual_end``): scored as 17 scores the end."""
    number = state.round["number"]
    state.game_end = {"reason": EndReason.MANUALLY_ENDED.value,
                      "last_round": [number, state.round.get("operating_round", 0)]}
    return finish(state)


def finish(state: State) -> list[Event]:
    """17: the loans are paid off by moving each price left a step per loan; nobody acts again."""
    events = []
    for company, entry in [*state.minors.items(), *state.majors.items()]:
        if entry["status"] != "started" or not entry["loans"]:
            continue
        kind: CompanyKind = "minor" if company in state.minors else "major"
        row, column = entry["cell"]
        cell = market_of(state).cell(row, column)
        assert cell is not None
        place(state, entry, at_game_end(market_of(state), cell, kind, entry["loans"]))
        events.append(Event(f"{company.upper()} pays off {loans_words(entry['loans'])} by moving its price left to"
                            f" ₽{entry['price']:,}.", "loans_paid_off",
                            {"company": company, "loans": entry["loans"], "price": entry["price"]}))
        state.loans_in_supply += entry["loans"]
        entry["loans"] = 0
    assert state.game_end is not None
    state.game_end["over"] = True
    state.round = {"kind": FINISHED, "number": state.round["number"]}
    state.operating = None
    reason = EndReason(state.game_end["reason"])
    return [*events, Event(f"The game is over: {REASON_WORDS[reason]}.", "game_end",
                           {"reason": state.game_end["reason"]})]


def end_reason(state: State) -> str | None:
    """The contract's ``end_reason``: 18xx.games' word for why the game ended, once it has."""
    if not is_finished(state) or state.game_end is None:
        return None
    return str(state.game_end["reason"])


def _schedule(state: State, trigger: GameEnd) -> GameEnd:
    end = game_end.combined(scheduled(state), trigger)
    state.game_end = {"reason": end.reason.value, "last_round": [end.last_round.turn, end.last_round.operating_round]}
    return end


def _next_round_to_finish(state: State) -> RoundNumber:
    """The OR in progress, or the next OR after a stock round (its set's first) or a merger round."""
    number = state.round["number"]
    kind = state.round["kind"]
    if kind == "operating":
        return RoundNumber(number, state.round["operating_round"])
    if kind == "merger":
        finished = RoundNumber(number, state.round["after_operating_round"])
        assert state.operating is not None
        return game_end.operating_round_after(finished, state.operating["rounds_in_set"])
    return RoundNumber(number, 1)  # a stock round: its turn's first OR comes next


def _announce(end: GameEnd) -> Event:
    why = "the first 8-train" if end.reason is EndReason.FINAL_PHASE else "the broken bank"
    turn, operating_round = end.last_round.turn, end.last_round.operating_round
    return Event(f"Because of {why} the game ends after operating round {turn}.{operating_round}.", "game_end_set",
                 {"reason": end.reason.value, "last_round": [turn, operating_round]})
