"""1861: what the RSR's turn costs (section 6): its start (the route probe), the ``rsr_routes``
prompt (the optimiser's best set) and the operator's ``run_routes`` (check, revenue, loans,
automatic buying), for an RSR holding 1 to 8 trains on the printed map's track.

Prints the fastest wall-clock time of each part over ``repeats`` runs.

Run from the repository root:  python benchmarks/t1861_rsr_turn.py [repeats]
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861 import company_turn, rsr_turn
from engine.t1861.asking import prompts
from engine.t1861.rules import perform
from engine.t1861.state import State
from tests.engine.t1861.games import play, stock_round_state

TRAINS = ("5-0", "5-1", "5-2", "5-3", "6-0", "6-1", "7-0", "7-1")


def _position(trains: int) -> State:
    """Phase 5, NW at the end of its turn; the RSR holding ``trains`` trains and no cash."""
    state = stock_round_state(3, phase="4", cash=1000)
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, copies[kind] if kind in "234" else count)
                                                  for kind, count in state.depot.sold))
    play(state, 0, "par", company="nw", price=100)
    play(state, 0, "place_token", hex="f18", city=0)
    for seat in (1, 2, 0):
        play(state, seat, "pass")
    state.phase = "5"
    state.majors["nw"]["trains"] = ["4-0"]
    state.rsr["trains"] = list(TRAINS[:trains])
    return state


def _best(seconds: list[float]) -> str:
    return f"{min(seconds) * 1000:.1f} ms"


def main(repeats: int) -> None:
    for count in (1, 2, 4, 8):
        begin, prompt_time, answer = [], [], []
        for _ in range(repeats):
            state = _position(count)
            company_turn.turn(state)["rsr_operated"] = False
            started = time.perf_counter()
            rsr_turn.begin(state)
            begin.append(time.perf_counter() - started)
            started = time.perf_counter()
            asked = prompts(state)[0]
            prompt_time.append(time.perf_counter() - started)
            started = time.perf_counter()
            perform(state, asked.seat, asked.quick[0].action)
            answer.append(time.perf_counter() - started)
        print(f"RSR with {count} train(s): start {_best(begin)}, rsr_routes prompt {_best(prompt_time)},"
              f" run_routes applied {_best(answer)} (fastest of {repeats})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
