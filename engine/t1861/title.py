"""The 1861 title: the engine.core Title protocol, delegating to the round modules.

The whole game: set-up (section 2), the private auction (9, G1), the stock round with its
minor auctions (10-11, R5-R6, G8), the operating rounds of minors, majors and the RSR (6,
7.4, 12, R1), the merger round (14), nationalisation (15) and the end of the game (17, G10).
Recorded 18xx.games games replay to their recorded result (``importer``), and random games
finish (``random_play``).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.events import Event
from engine.core.forced import ForcedAnswer, forced_note
from engine.core.options import validate_switches
from engine.core.order_facts import OrderFact
from engine.core.prompts import Prompt, Waiting
from engine.t1861 import (
    asking,
    bot,
    company_turn,
    conversion,
    kept_graph,
    merger,
    merger_round,
    operate_prompt,
    order_facts,
    private_auction,
    rules,
    stock_round,
    view,
)
from engine.t1861.data import DATA
from engine.t1861.ending import MANUAL_END_OPTION
from engine.t1861.state import TITLE_ID, State, copy_state, new_state, state_from_json, state_to_json
from engine.t1861.tokens import home_city_options

OPTION_DEFAULTS: dict[str, bool] = {
    **{option["id"]: option["default"] for option in DATA.raw["options"]},
    "merger_consent": True,  # Turnpost: owners of taken minors accept or decline (docs/titles/1861.md)
    "sale_consent": True,  # Turnpost: a train or private bought from another player needs their yes
    MANUAL_END_OPTION: False,  # the record may end the game by agreement (end_game; set by import-18xx)
    kept_graph.OPTION: False,  # lays judged as 18xx.games' kept track graph judges them (set by import-18xx)
}
PLAYERS = DATA.raw["game"]["players"]


class Title1861:
    """1861: The Railways of the Russian Empire, 2 to 6 players."""

    id = TITLE_ID
    name = "1861: The Railways of the Russian Empire"
    min_players = PLAYERS["min"]
    max_players = PLAYERS["max"]
    # A whole game plays to its end (random games finish: tests/engine/t1861/test_random_games.py),
    # and the site's pages take every decision of it (tests/games/test_t1861_forms.py).
    playable = True
    prompt_phrases = asking.PROMPT_PHRASES

    def validate_options(self, options: Any) -> dict[str, Any]:
        """The options over their defaults; ``manual_end`` and ``kept_track_graph`` are kept only
        when set, as only an imported record has them (every other game's options stay as they were)."""
        options = validate_switches(options, OPTION_DEFAULTS, "1861")
        for import_only in (MANUAL_END_OPTION, kept_graph.OPTION):
            if not options[import_only]:
                del options[import_only]
        return options

    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> State:
        state = new_state(players, seed, options)
        private_auction.begin(state)
        return state

    def opening_events(self, state: State) -> list[Event]:
        names = ", ".join(state.players)
        auction = state.auction or {}
        return [Event(f"1861 for {names}: ₽{state.cash[0]:,} each; the bank holds ₽{state.bank:,}.", "setup"),
                Event(f"{str(auction.get('company')).upper()} is for sale first, minimum ₽{auction.get('minimum'):,}.",
                      "private_up")]

    def waiting(self, state: State) -> list[Waiting]:
        return asking.waiting(state)

    def prompts(self, state: State) -> list[Prompt]:
        return asking.prompts(state)

    def forced_answer(self, state: State) -> ForcedAnswer | None:
        """A minor's merger-round turn with nothing but a pass (no connected minor to take, not in
        the convert range): 18xx.games asks it and records the pass, so the rules ask too, and
        the service answers it, as the README says of prompts without a choice.

        A company's track step with no tile it can lay and pay for: 18xx.games asks it and
        records the pass; a player asked it every OR by mail lost a day each time (a walk).

        The stock turn 18xx.games asks for a par nobody can make (R5): none affordable
        (167259 id 633), or no home city free (G8; 18xx.games offers the par all the same).
        Its one answer is ``pass``, which stays in the record as it does there.

        Everything else with one answer is done by the rules without a prompt, as 18xx.games
        does, so imported records need no invented actions: a player with no legal stock
        action is passed, a turn with nothing left after a sale ends (R5), and bidders who
        cannot raise leave an auction (G1, section 11).
        """
        everyone = asking.waiting(state)
        if not everyone:
            return None  # 17: the game is over
        asked = everyone[0]
        if asked.prompt == "merger_turn" and _merger_turn_only_passes(state):
            minor = merger_round.minor(state).upper()
            note = forced_note(f"{minor} can neither convert nor merge now, so {state.players[asked.seat]} passes"
                               " for it.", asked.seat, asked.prompt)
            return ForcedAnswer(asked.seat, {"type": "pass"}, note)
        if asked.prompt == "operate" and _track_step_only_passes(state):
            company = company_turn.turn(state)["company"]
            note = forced_note(f"{company.upper()} has no tile it can lay and pay for now, so"
                               f" {state.players[asked.seat]} passes its track step.", asked.seat, asked.prompt)
            return ForcedAnswer(asked.seat, {"type": "pass"}, note)
        if asked.prompt != "stock_turn" or not stock_round.only_pass(state, asked.seat):
            return None
        note = forced_note(f"{state.players[asked.seat]} {_no_par_reason(state, asked.seat)} and passes.",
                           asked.seat, asked.prompt)
        return ForcedAnswer(asked.seat, {"type": "pass"}, note)

    def apply_in_place(
        self, state: State, seat: int, action: dict[str, Any], asked: Waiting | None = None
    ) -> list[Event]:
        return rules.perform(state, seat, action, asked)

    def seal_events(self, players: list[str], options: dict[str, Any], events: list[Event]) -> list[Event]:
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def result(self, state: State) -> list[dict[str, Any]] | None:
        return view.standings(state)

    def summary(self, state: State) -> dict[str, Any]:
        return view.summary(state)

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, raw: dict[str, Any]) -> State:
        return state_from_json(raw)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def order_facts(self, state: State, events: list[Event]) -> list[OrderFact]:
        """What a move changed that standing orders assumed (optional protocol part, engine.core.order_facts)."""
        return order_facts.order_facts(state, events)

    def order_subjects(self, state: State, seat: int) -> list[tuple[str, str, tuple[str, ...]]]:
        return order_facts.order_subjects(state, seat)

    def random_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        return bot.random_action(state, seat, rng)


def _no_par_reason(state: State, seat: int) -> str:
    """Why the par 18xx.games offers ``seat`` cannot be made, for the forced pass's note."""
    if not home_city_options(state.board):
        return "finds no free home city for a major (rules 10.4)"
    return "can afford no par price"


TITLE = Title1861()


def _track_step_only_passes(state: State) -> bool:
    """12.3: the operating company is at its track step and has no tile it can lay and pay for."""
    turn = state.operating
    if turn is None or turn.get("step") != "track" or not turn.get("company"):
        return False
    return operate_prompt.nothing_to_lay(state, turn["company"])


def _merger_turn_only_passes(state: State) -> bool:
    """14.1-14.3: the minor whose turn it is has no merger begun, no minor to add and cannot convert."""
    minor = merger_round.minor(state)
    return (not state.round.get("merging") and not merger.addable(state, minor)
            and not conversion.can_convert_now(state, minor))
