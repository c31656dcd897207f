"""Random full games: invariants after every action, replay, and coverage of every decision.

Hypothesis picks the seed, the player count and the options; the moves come from
``random_action``.  The light checks run on 1,000 games; the thorough ones (every
quick answer applied, JSON text round trip, every seat's view) on a smaller batch,
because they cost about ten times as much per action.
"""

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.acquire.board import tile_effect
from engine.acquire.state import AcquireState
from engine.acquire.tiles import ALL_TILES
from engine.core import game
from engine.core.record import Record, RecordedAction, random_players, record_from_json, replay
from engine.core.rng import seeded_rng
from engine.testing.offers import refused_offers
from engine.testing.playout import play_random_game

from .invariants import Invariants, check_json_round_trip

MAX_ACTIONS = 3000  # a random game takes about 200; more means it does not end

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.integers(2, 6),
        "open_holdings": st.booleans(),
        "tile_bag": st.lists(st.sampled_from(ALL_TILES), unique=True, max_size=12),
    }
)


def play_checked(spec: dict, thorough: bool, seen: Counter | None = None) -> None:
    """One random game, every invariant checked after setup and after every action, then replayed."""
    options = {"open_holdings": spec["open_holdings"], "tile_bag": spec["tile_bag"]}
    players, seed = random_players(spec["players"]), spec["seed"]
    state = game.new_game("acquire", players, seed, options)
    title = game.title_of(state)
    rng = seeded_rng(seed, "random-player")
    checker = Invariants(thorough)
    actions = []
    while (prompt := checker(state)) is not None:
        assert len(actions) < MAX_ACTIONS, "the game does not end"
        action = title.random_action(state, prompt.seat, rng)
        if seen is not None:
            count_decision(seen, state, action, prompt.accepts("declare_end"))
        game.apply_in_place(state, prompt.seat, action)
        actions.append(RecordedAction(prompt.seat, action))
    assert game.result(state)[0]["place"] == 1
    record = Record("acquire", players, seed, options, actions)
    replayed = replay(record_from_json(json.loads(json.dumps(record.to_json()))))
    assert game.to_json(replayed) == game.to_json(state)
    check_json_round_trip(state, through_text=True)
    if seen is not None:
        count_game(seen, state)


def count_decision(seen: Counter, state: AcquireState, action: dict, could_declare: bool) -> None:
    kind = action["type"]
    seen[kind] += 1
    seen["declare offered, not taken"] += could_declare and kind != "declare_end"
    if kind == "place_tile":
        effect = tile_effect(state, action["tile"])
        seen[f"{len(effect.chains)}-chain merger" if effect.kind == "merge" else effect.kind] += 1
    elif kind == "dispose_shares":
        held = state.shares[state.waiting_seat()][action["chain"]]
        seen["mixed disposal"] += bool(action["sell"] and action["trade"] and held > action["sell"] + action["trade"])
    elif kind == "buy_shares":
        seen["bought"] += bool(action["shares"])
    elif kind == "declare_end":
        seen["declared before placing" if state.phase == "place_tile" else "declared after placing"] += 1


def count_game(seen: Counter, state: AcquireState) -> None:
    seen[state.end_reason] += 1
    seen["dead tiles removed"] += len(state.removed)
    seen["games"] += 1


def test_a_thousand_random_games_keep_every_invariant_and_reach_every_decision():
    seen: Counter = Counter()

    @settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(games)
    def random_game(spec):
        play_checked(spec, thorough=False, seen=seen)

    random_game()
    assert seen["games"] >= 1000
    for decision in ("lone", "found", "grow", "found_chain", "choose_survivor", "choose_defunct", "2-chain merger",
                     "3-chain merger", "dispose_shares", "mixed disposal", "bought", "declared before placing",
                     "declared after placing", "declare offered, not taken", "dead tiles removed",
                     "the end was declared", "no tile is left in the bag or in any hand"):
        assert seen[decision] > 0, f"no random game reached: {decision}"


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(games)
def test_random_games_thoroughly_every_quick_answer_round_trip_and_view(spec):
    play_checked(spec, thorough=True)


def test_random_games_offer_only_what_the_engine_accepts():
    """Every button and form of every prompt on the way has a legal answer (the page shows them all)."""

    def offers_only_legal_answers(state) -> None:
        assert refused_offers(state) == []

    for seed in range(12):
        play_random_game("acquire", 2 + seed % 5, seed, check=offers_only_legal_answers)
