"""The map layer proven on the two recorded games (issue 12, "Proving it on real games").

Every lay and bought token of both games must be legal by the board's checks at that point
(given the phase the game was in); at every ``run_routes`` the recorded routes must validate
and earn exactly the recorded revenue, and the optimiser must find a set worth at least as
much.  How often the optimiser beats the players is printed (run with ``-s`` to see it).
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.t1861.map_replay import MapReplay, RunCheck, check_run, replay_positions
from engine.t1861.walk_events import RoutesRun, TileLaid, TokenPlaced
from tests.engine.t1861.fixtures import GAMES, fixture_export


@cache
def _replayed(game: str) -> tuple[MapReplay, list[RunCheck], int, int]:
    """The whole game replayed: final replay, every run checked, lays and bought tokens seen."""
    runs: list[RunCheck] = []
    lays = tokens = 0
    replay = MapReplay()
    for replay, _, event in replay_positions(fixture_export(game).effective_actions()):
        lays += isinstance(event, TileLaid)
        tokens += isinstance(event, TokenPlaced) and event.kind == "bought"
        if isinstance(event, RoutesRun):
            runs.append(check_run(replay, event))
    return replay, runs, lays, tokens


@pytest.mark.parametrize(("game", "lays", "tokens"), [("167259", 139, 0), ("29683", 98, 6)])
def test_every_recorded_lay_and_token_is_legal_when_it_was_made(game: str, lays: int, tokens: int) -> None:
    replay, _, seen_lays, seen_tokens = _replayed(game)
    assert (seen_lays, seen_tokens) == (lays, tokens)
    refused = [f"action {r.at}: {r.message}" for r in replay.refusals]
    assert refused == [], "\n".join(refused)


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_run_validates_and_earns_the_recorded_revenue(game: str) -> None:
    _, runs, _, _ = _replayed(game)
    wrong = [
        f"action {run.event.at} ({run.event.company}): recorded {run.event.revenue}, counted {run.checked.revenue}"
        for run in runs
        if run.checked is None or run.checked.revenue != run.event.revenue
    ]
    assert len(runs) == {"167259": 85, "29683": 87}[game]
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_the_optimiser_earns_at_least_what_the_players_ran(game: str) -> None:
    _, runs, _, _ = _replayed(game)
    short = [
        f"action {r.event.at} ({r.event.company}): ran {r.event.revenue}, best {r.best.revenue}"
        for r in runs
        if r.best.revenue < r.event.revenue
    ]
    better = [r for r in runs if r.found_more]
    print(f"\n{game}: the optimiser beat the players at {len(better)} of {len(runs)} runs:")
    for run in better:
        print(f"  action {run.event.at} {run.event.company}: ran {run.event.revenue}, best {run.best.revenue}")
    assert short == [], "\n".join(short)
