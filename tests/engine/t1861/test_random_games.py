"""200 random full games of 1861, the invariants checked after every action (issue 13).

Each game is what ``python -m engine random --title 1861`` plays for its seed (2-6 players,
the column market on odd seeds): the random player's legal answers and the optimiser's
routes.  After every action: money totals ₽15,000 (rules 22); every certificate and private
has exactly one owner; the tiles on the map plus the supply are the manifest; no company is
over its train limit once nobody is asked to discard (12.9); someone is asked until the game
ends, and the random player's answer is accepted.  Every game ends (``random_play.finished``:
until the game's end is wired, the first stock round once it is due); its record replays to
the identical state, and the JSON round trip changes nothing.  Every tenth game also checks
every prompt's offers (each quick answer and form has a legal answer) at every third action,
and the round trip at every action.

The games are played and checked in groups of 20 seeds (``GROUP``), each kept on one xdist
worker (tests/xdist_groups.py), so ``bin/test``'s workers share them out; every check holds
for each group on its own (the phase and action-kind coverage too, which implies it for all
the games together).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import game
from engine.core.record import random_record, replay
from engine.t1861 import company_turn, random_play
from engine.t1861.data import DATA
from engine.t1861.state import State, total_money
from engine.t1861.title import TITLE
from engine.testing.offers import refused_offers

GAMES = int(__import__("os").environ.get("T1861_GAMES", 200))
THOROUGH_EVERY = 10
OFFERS_EVERY = 3  # actions, in the thorough games: applying every offered answer is their slowest check
ROUND_TRIP_EVERY = 50  # actions, in the other games
GROUP = 20  # seeds per group: a multiple of THOROUGH_EVERY and of the 5 player counts, so groups are alike
SEED_GROUPS = [range(first, min(first + GROUP, GAMES)) for first in range(0, GAMES, GROUP)]
pytestmark = pytest.mark.slow


def options_for(seed: int) -> dict[str, bool]:
    return {"column_market": seed % 2 == 1}


def players_for(seed: int) -> int:
    return 2 + seed % 5


def check_money(state: State) -> None:
    assert total_money(state) == DATA.bank, "money is not conserved (rules 22)"


def check_certificates(state: State) -> None:
    """One owner each: majors' nine certificates, minors' 100% certificates, privates."""
    seats = set(state.seats)
    for major, entry in state.majors.items():
        assert len(entry["certificates"]) == 9, major
        assert all(owner in seats or owner in ("treasury", "pool") for owner in entry["certificates"]), major
        if entry["status"] == "unstarted":
            assert set(entry["certificates"]) == {"treasury"}, major
    for minor, entry in state.minors.items():
        assert (entry["owner"] in seats) == (entry["status"] == "started"), minor
    companies = {*state.minors, *state.majors, company_turn.RSR_ID}
    assert all(owner is None or owner in seats or owner in companies for owner in state.privates.values())


def check_tiles(state: State) -> None:
    on_map = Counter(tile.number for tile in state.board.laid.values())
    for number, tile in DATA.tiles.items():
        if tile.count is not None:
            assert state.board.supply.count(number) + on_map[number] == tile.count, f"tile {number}"


def check_train_limits(state: State) -> None:
    """12.9: once nobody is asked to discard (trainless majors' presidents answer first), no
    company holds more trains than its limit. A major a merger is forming (14.3) discards after
    its token reduction and share buying, so its limit holds once the merger is done."""
    if state.trainless_majors or any(asked.prompt == "discard_train" for asked in game.waiting(state)):
        return
    if state.round["kind"] == "merger" and state.round.get("major"):
        return
    assert company_turn.over_limit(state) is None, f"{company_turn.over_limit(state)} is over its train limit"


def check_asked(state: State) -> None:
    assert random_play.finished(state) or game.waiting(state), "nobody is asked, yet the game is not over"


def check_round_trip(state: State) -> None:
    raw = TITLE.to_json(state)
    assert TITLE.to_json(TITLE.from_json(raw)) == raw


def check_offers(state: State) -> None:
    """Every prompt offers an answer, and each offered quick answer and form is accepted."""
    if random_play.finished(state):
        return
    assert all(prompt.actions for prompt in game.prompts(state))
    assert refused_offers(state) == []


def play_one(seed: int) -> random_play.RandomGame:
    thorough = seed % THOROUGH_EVERY == 0
    checked = [0]

    def after_each(state: State) -> None:
        check_money(state)
        check_certificates(state)
        check_tiles(state)
        check_train_limits(state)
        check_asked(state)
        checked[0] += 1
        if thorough and checked[0] % OFFERS_EVERY == 1:
            check_offers(state)
        if thorough or checked[0] % ROUND_TRIP_EVERY == 0:
            check_round_trip(state)

    return random_play.play(seed, players_for(seed), options_for(seed), after_each)


def seed_group(seeds: range) -> object:
    """One fixture parameter: the group's seeds, its id ``seedsA-B`` (tests/xdist_groups.py keeps it on one worker)."""
    return pytest.param(seeds, id=f"seeds{seeds.start}-{seeds.stop - 1}")


@pytest.fixture(scope="module", params=[seed_group(seeds) for seeds in SEED_GROUPS])
def played(request: pytest.FixtureRequest) -> list[random_play.RandomGame]:
    return [play_one(seed) for seed in request.param]


def test_every_random_game_ends_without_a_refusal(played: list[random_play.RandomGame]) -> None:
    refused = {game_played.record.seed: game_played.refusal for game_played in played if game_played.refusal}
    assert refused == {}
    unfinished = [game_played.record.seed for game_played in played if not game_played.finished]
    assert unfinished == [], f"no end within {random_play.MAX_ACTIONS} actions"


def test_a_finished_game_has_standings_once_the_end_is_wired(played: list[random_play.RandomGame]) -> None:
    """Contract: a finished game asks nobody and has standings, one per player."""
    for game_played in played:
        assert game.waiting(game_played.state) == []
        standings = game.result(game_played.state)
        assert standings is not None and len(standings) == len(game_played.state.players)


def test_every_record_replays_to_the_identical_state_and_round_trips(played: list[random_play.RandomGame]) -> None:
    for game_played in played:
        assert TITLE.to_json(replay(game_played.record)) == TITLE.to_json(game_played.state), game_played.record.seed
        check_round_trip(game_played.state)


def test_random_games_reach_the_final_phase_and_play_every_round(played: list[random_play.RandomGame]) -> None:
    """The random player exercises the whole game: phase 8 (17), merger rounds (14), the RSR (6).

    Half of each group's games reach phase 8, and each group plays every common kind of action
    (a discard, rarer, has its own seed below: twenty games need not hold one)."""
    reached = Counter(phase for game_played in played for phase in game_played.phases)
    assert reached["8"] >= len(played) // 2, reached
    kinds = Counter(entry.action["type"] for game_played in played for entry in game_played.record.actions)
    assert {"bid", "par", "buy_shares", "sell_shares", "lay_tile", "place_token", "run_routes", "dividend",
            "buy_train", "convert", "merge", "choose_major"} <= set(kinds), kinds


def test_a_random_game_asks_a_company_over_its_train_limit_to_discard() -> None:
    """12.9's discard is played by the random player too (seed 6, a 3-player game; the first seed
    with one since sale offers changed the random games' course); the invariants above check
    that no company stays over its limit in every game."""
    played = random_play.play(6, players_for(6), options_for(6))
    assert "discard_train" in {entry.action["type"] for entry in played.record.actions}


def test_a_random_game_here_is_the_record_random_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m engine random`` (``random_record``) seats the same random player the same way,
    so once 1861 is playable its records are these games (the same actions, seed for seed)."""
    played = random_play.play(3, players_for(3), options_for(3), max_actions=150)
    monkeypatch.setattr(TITLE, "playable", True)
    written = random_record("1861", played.record.players, 3, options_for(3), max_actions=150)
    assert written.actions == played.record.actions
