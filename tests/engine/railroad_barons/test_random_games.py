"""500 random full games with the invariants checked after every action (random play, replay, round trip).

The games are played and checked in groups of 100 seeds (``GROUP``), each kept on one xdist worker
(tests/xdist_groups.py), so ``bin/test``'s workers share them out instead of one worker playing all
500.  Every check holds for each group on its own: each group ends every way and exercises every
decision, which implies it for all the games together.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

import pytest

from engine.core import game
from engine.core.record import Record, record_from_json
from engine.railroad_barons.shares import percent_held
from engine.railroad_barons.state import FINISHED, State
from engine.testing.playout import play_random_game
from tests.engine.railroad_barons.support import (
    TITLE,
    check_invariants,
    check_json_round_trip,
    check_quick_answers,
)

GAMES = 500
THOROUGH_EVERY = 10  # every 10th game also applies every quick answer and round-trips every position
# Seeds per group: a multiple of THOROUGH_EVERY.  The rarest end, the empty pile (D-12), comes in about
# one game in 30, so a group of 50 can miss it (seeds 300-349 do); every group of 100 has each end.
GROUP = 100
SEED_GROUPS = [range(first, min(first + GROUP, GAMES)) for first in range(0, GAMES, GROUP)]


@dataclass
class Played:
    state: State
    record: Record
    features: Counter[str]


def options_for(seed: int) -> dict[str, bool]:
    return {"end_on_empty_pile": seed % 3 == 0, "printed_investor_values": seed % 4 == 1}


def features_of(record: Record) -> tuple[State, Counter[str]]:
    """Replay the record from its JSON, naming what each action did (for the coverage test)."""
    replayed = game.new_game(record.title, record.players, record.seed, record.options)
    seen: Counter[str] = Counter()
    for entry in record_from_json(json.loads(json.dumps(record.to_json()))).actions:
        seen[entry.action["type"]] += 1
        for event in game.apply_in_place(replayed, entry.seat, entry.action):
            seen[event.kind] += 1
            seen.update(detail_features(event.kind, event.data))
    assert isinstance(replayed, State)
    return replayed, seen


def detail_features(kind: str, data: dict) -> list[str]:
    found = []
    if kind == "sell":
        found += ["sell_40_swap"] if data["handed"] else []
        found += ["exchange_down"] if data["take"] else []
    if kind == "buy" and data["give"]:
        found.append("exchange_up")
    if kind == "buy_railroad":
        found += ["director_help"] if data["director_paid"] else []
        found += ["railroad_investors"] if data["investors"] else []
        found.append(f"side_{data['side']}")
    if kind == "choose_offer":
        found.append(f"took_{data['take']}")
    return found


def check_ties_keep_the_director(state: State, previous: dict[str, int | None]) -> None:
    """On equal holdings the director is whoever directed before (D-02); ``previous`` is updated."""
    for key, company in state.companies.items():
        percents = [percent_held(company, seat) for seat in range(len(state.players))]
        if company.started and previous.get(key) is not None and len(set(percents)) == 1:
            assert company.director == previous[key], f"{key}: a tie changed the director"
        previous[key] = company.director


def play_one(seed: int) -> Played:
    thorough = seed % THOROUGH_EVERY == 0
    directors: dict[str, int | None] = {}

    def check(state: State) -> None:
        check_invariants(state)
        check_ties_keep_the_director(state, directors)
        if state.phase != FINISHED:
            check_quick_answers(state, every=thorough)
        if thorough:
            check_json_round_trip(state)

    state, record = play_random_game(TITLE, 2, seed, check, options_for(seed))
    replayed, features = features_of(record)
    assert replayed == state, f"game {seed} replays differently"
    check_json_round_trip(state)
    assert isinstance(state, State)
    return Played(state, record, features)


def seed_group(seeds: range) -> object:
    """One fixture parameter: the group's seeds, its id ``seedsA-B`` (tests/xdist_groups.py keeps it on one worker)."""
    return pytest.param(seeds, id=f"seeds{seeds.start}-{seeds.stop - 1}")


@pytest.fixture(scope="module", params=[seed_group(seeds) for seeds in SEED_GROUPS])
def played(request: pytest.FixtureRequest) -> list[Played]:
    return [play_one(seed) for seed in request.param]


def test_every_random_game_ends_with_standings(played: list[Played]) -> None:
    for game_played in played:
        assert game_played.state.phase == FINISHED
        assert game_played.state.end_reason
        standings = game.result(game_played.state)
        assert standings is not None and len(standings) == 2


def test_random_games_reach_every_end(played: list[Played]) -> None:
    reasons = Counter(str(game_played.state.end_reason).split("(")[-1] for game_played in played)
    assert {"P-9.1).", "P-9.2).", "P-9.3).", "D-12)."} <= set(reasons), reasons


def test_random_games_exercise_every_decision(played: list[Played]) -> None:
    seen: Counter[str] = Counter()
    for game_played in played:
        seen.update(game_played.features)
    expected = {
        "offer_investor", "choose_offer", "took_card", "took_cash", "set_par", "use_priority",
        "keep_priority_investor", "sell", "exchange_down", "sell_40_swap", "buy", "start", "exchange_up",
        "director", "director_swap", "float", "pass", "done", "dividend", "price", "buy_railroad", "side_front",
        "side_back", "railroad_investors", "director_help", "obsolete", "offer_railroad", "railroad_sold",
        "accept_offer", "decline_offer", "scrap", "end_triggered", "end_scheduled",
    }
    assert expected <= set(seen), sorted(expected - set(seen))
