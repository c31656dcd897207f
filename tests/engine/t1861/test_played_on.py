"""A game moved here from 18xx.games to be played on asks for consents from then on where its
recorded part allows it (``engine.t1861.played_on``)."""

from __future__ import annotations

import engine.core as engine
from engine.core.rng import seeded_rng
from engine.t1861.importer import replay_export
from engine.t1861.played_on import with_consents_where_unchanged
from tests.engine.t1861.fixtures import fixture_export

PLAYERS = ["ann", "bob", "cy"]


def test_a_recorded_part_that_no_consent_changes_plays_on_with_both_consents() -> None:
    record = replay_export(fixture_export("29683"), until=400).record
    assert (record["options"]["merger_consent"], record["options"]["sale_consent"]) == (False, False)
    options = with_consents_where_unchanged(record)["options"]
    assert (options["merger_consent"], options["sale_consent"]) == (True, True)
    assert options["column_market"] is False and record["options"]["sale_consent"] is False  # a copy


def test_a_recorded_part_no_lay_of_which_needs_the_kept_graph_plays_on_without_it() -> None:
    """A game played on here judges each lay on the board as it is (``kept_graph``)."""
    record = replay_export(fixture_export("29683"), until=400).record
    assert record["options"]["kept_track_graph"] is True
    assert "kept_track_graph" not in with_consents_where_unchanged(record)["options"]  # off, as in a game begun here


def test_a_recorded_lay_that_needed_the_kept_graph_keeps_it_on() -> None:
    """3028's KK lay beyond Kharkov right after KR's home token filled it (test_oracle_games)."""
    record = replay_export(fixture_export("oracle_3028_lay_beyond_a_new_home_token"), until=170).record
    assert with_consents_where_unchanged(record)["options"]["kept_track_graph"] is True


def test_a_recorded_sale_between_two_players_keeps_sale_consent_off() -> None:
    """Seed 7's bot game (its generator keyed ``offer-search``): after 109 moves ann's M-K buys
    cy's RO's 2-train for ₽1. Recorded without consent, that record's last position is the sale
    made; with consent on it would wait for cy, so the option stays off."""
    record = _bot_record_to_first_sale(seed=7)
    options = with_consents_where_unchanged(record)["options"]
    assert options["sale_consent"] is False and options["merger_consent"] is True


def _bot_record_to_first_sale(seed: int) -> dict:
    """The bot's game with ``sale_consent`` on, recorded through the first offer made to
    another player, as a record with the option off (as an import writes it)."""
    title, rng = engine.get_title("1861"), seeded_rng(seed, "offer-search")
    state, actions = engine.new_game("1861", PLAYERS, seed, {}), []
    while not any(entry.prompt == "sale_offer" for entry in engine.waiting(state)):
        seat = engine.waiting(state)[0].seat
        action = title.random_action(state, seat, rng)
        actions.append({"seat": seat, "action": action})
        state = engine.apply(state, seat, action)[0]
    assert actions[-1]["action"]["type"] == "buy_train" and len(actions) == 109
    options = {"column_market": False, "merger_consent": False, "sale_consent": False}
    return {"title": "1861", "players": PLAYERS, "seed": seed, "options": options, "actions": actions}
