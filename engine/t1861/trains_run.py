"""Trains that have run in this operating round: none runs twice in one OR, whoever holds it.

The reference is silent; 18xx.games marks every train a company holds when its dividend
step passes (the RSR's at its revenue, a company with no route too) and clears the marks
only when the next operating round starts.  A marked train cannot run again in that round
("Cannot run train that operated"): the RSR that nationalised a company which had already
run (13's unpaid interest comes after the run) may not run that company's trains again, nor
may anyone a train bought from a company that had already run.  A recorded game is what it
is, so Turnpost follows 18xx.games: the route prompts do not offer such a train, the
optimiser and the "a route exists" probe leave it out, and a run that names one is refused.

State: ``state.operating["trains_run"]``, the ids marked in this OR in the order marked.  A
new OR starts with a new ``operating`` and so with none; a snapshot from before the key
existed reads as none.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.t1861.state import State

KEY = "trains_run"


def mark(state: State, trains: Iterable[str]) -> None:
    """A company's dividend step has passed: every train it holds has run this OR."""
    assert state.operating is not None
    marked = state.operating.setdefault(KEY, [])
    marked.extend(train for train in trains if train not in marked)


def has_run(state: State, train: str) -> bool:
    return state.operating is not None and train in state.operating.get(KEY, ())


def runnable(state: State, trains: Iterable[str]) -> list[str]:
    """The trains among ``trains`` that may still run this OR."""
    return [train for train in trains if not has_run(state, train)]
