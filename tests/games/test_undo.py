"""Taking back one's own last move: the log keeps everything, the game and its record lose the move."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine.core as engine
from engine.core.record import parse_record, replay
from games import history, queries, services
from games.errors import NotYourSeat
from games.models import Action, ActionKind, ActionSource, GameStatus, Snapshot, UndoRequest, UndoRequestStatus
from games.replay import record_of
from games.undo import UndoRefused
from games.undo_requests import answer_request, take_back
from tests.games.factories import SCRIPT, play, play_to_end

pytestmark = pytest.mark.django_db

PLACE_2A = (0, {"type": "place_tile", "tile": "2A"})  # founds a chain: ann is asked which, still her turn
LONE_TILE = (0, {"type": "place_tile", "tile": "9I"})  # nothing to buy after it: answered for ann, then bob


def state_now(game):
    game.refresh_from_db()
    return engine.to_json(queries.current_state(game))


def log(game):
    return list(Action.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "kind", "payload"))


def test_taking_back_a_move_restores_the_position_before_it(game, players):
    before = state_now(game)
    play(game, [PLACE_2A])
    outcome = take_back(game.pk, players[0], 1, ActionSource.WEB)
    assert outcome.applied and outcome.message == "Move 1 was taken back."
    assert state_now(game) == before
    assert engine.prompt_for(queries.current_state(game), 0).name == "place_tile"


def test_the_undo_is_appended_and_the_version_moves_on(game, players):
    play(game, [PLACE_2A])
    take_back(game.pk, players[0], 1, ActionSource.WEB)
    game.refresh_from_db()
    assert game.version == 2 and Snapshot.objects.get(game=game).version == 2
    assert log(game) == [(1, 0, ActionKind.MOVE, PLACE_2A[1]),
                         (2, 0, ActionKind.UNDO, {"type": "undo", "withdraws": [1]})]
    undo = Action.objects.get(game=game, seq=2)
    assert undo.by_user == players[0] and undo.events[0]["text"] == "ann took back move 1."


def test_the_game_goes_on_after_an_undo_with_another_move(game, players):
    play(game, [PLACE_2A])
    take_back(game.pk, players[0], 1, ActionSource.WEB)
    play(game, [(0, {"type": "place_tile", "tile": "12A"})])  # alone: the empty purchase is answered for ann
    assert game.version == 4
    assert [entry["action"] for entry in services.record_for(game)["actions"]] == [
        {"type": "place_tile", "tile": "12A"}, {"type": "buy_shares", "shares": {}}]


def test_the_record_leaves_out_taken_back_moves_and_replays_to_the_game(game, players):
    play(game, SCRIPT[:2])
    take_back(game.pk, players[0], 2, ActionSource.WEB)  # the found_chain
    play(game, [(0, {"type": "found_chain", "chain": "luxor"})])
    record = services.record_for(game)
    assert [entry["action"] for entry in record["actions"]] == [SCRIPT[0][1], {"type": "found_chain",
                                                                              "chain": "luxor"}]
    replayed = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], input=json.dumps(record),
                              capture_output=True, text=True, check=True)
    out = json.loads(replayed.stdout)
    assert out["actions_applied"] == 2 and out["chains"]["luxor"]["size"] == 2
    assert engine.to_json(replay(parse_record(json.dumps(record)))) == state_now(game)


def test_an_old_mail_link_for_the_undone_position_is_stale(game, players):
    from notifications import clock, confirm, links

    play(game, [PLACE_2A])
    action = {"type": "found_chain", "chain": "tower"}
    token = links.move_token(game.pk, 0, players[0].pk, 1, action, "Found Tower", links.link_expiry(None, clock.now()))
    take_back(game.pk, players[0], 1, ActionSource.WEB)
    page = confirm.act(token)
    assert page.kind == "stale" and "moved on" in page.message
    assert Action.objects.filter(game=game).count() == 2


def test_a_double_click_takes_back_only_once(game, players):
    play(game, SCRIPT[:2])
    assert take_back(game.pk, players[0], 2, ActionSource.WEB).applied
    second = take_back(game.pk, players[0], 2, ActionSource.WEB)
    assert second.status == "already_done" and "moved on" in second.message
    game.refresh_from_db()
    assert game.version == 3 and len(record_of(game).actions) == 1


def test_undos_chain_back_move_by_move(game, players):
    before = state_now(game)
    play(game, SCRIPT[:2])
    take_back(game.pk, players[0], 2, ActionSource.WEB)
    take_back(game.pk, players[0], 3, ActionSource.WEB)
    assert state_now(game) == before and game.version == 4
    with pytest.raises(UndoRefused, match="nothing to take back"):
        take_back(game.pk, players[0], 4, ActionSource.WEB)


@pytest.mark.parametrize(("seat", "message"), [
    (1, "You have made no move that could be taken back."),
    (2, "You have made no move that could be taken back."),
])
def test_only_the_player_who_moved_last_can_take_it_back(game, players, seat, message):
    play(game, [PLACE_2A])
    with pytest.raises(UndoRefused, match=message):
        take_back(game.pk, players[seat], 1, ActionSource.WEB)


def test_a_move_is_not_taken_back_once_another_player_moved(game, players):
    play(game, SCRIPT[:4])  # ann's turn, then bob places a tile
    with pytest.raises(UndoRefused, match="Since your last move, bob has played move 4, so yours can no longer"):
        take_back(game.pk, players[0], 4, ActionSource.WEB)


def test_a_standing_orders_answer_since_counts_as_the_other_player_acting(game, players):
    play(game, SCRIPT[:3])
    play(game, [SCRIPT[3]], source=ActionSource.ORDER)  # bob's tile, played by his standing order
    with pytest.raises(UndoRefused, match="bob's standing order has answered since your last move"):
        take_back(game.pk, players[0], 4, ActionSource.WEB)


def test_nothing_to_take_back_before_the_first_move(game, players):
    with pytest.raises(UndoRefused, match="nothing to take back: no move has been made yet"):
        take_back(game.pk, players[0], 0, ActionSource.WEB)


def test_a_timeout_default_is_not_the_players_move(game, players):
    play(game, [PLACE_2A], source=ActionSource.TIMEOUT)
    with pytest.raises(UndoRefused, match="made by the clock"):
        take_back(game.pk, players[0], 1, ActionSource.WEB)


def test_a_finished_game_takes_nothing_back(game, players):
    play_to_end(game)
    assert game.status == GameStatus.FINISHED
    with pytest.raises(UndoRefused, match="finished"):
        take_back(game.pk, players[0], game.version, ActionSource.WEB)


def test_an_outsider_has_nothing_to_take_back(game, players, dee):
    play(game, [PLACE_2A])
    with pytest.raises(NotYourSeat):
        take_back(game.pk, dee, 1, ActionSource.WEB)
    assert Action.objects.filter(game=game).count() == 1


def test_an_imported_game_takes_nothing_back(game, players):
    play(game, SCRIPT[:2])
    imported = services.import_record(json.dumps(services.record_for(game)), players[0])
    imported.seats.filter(index=0).update(user=players[0])
    with pytest.raises(UndoRefused, match="imported"):
        take_back(imported.pk, players[0], imported.version, ActionSource.WEB)


# ---------------------------------------------------------------- consent of those who saw the position


def test_a_position_another_player_was_asked_on_needs_their_consent(game, players):
    play(game, [LONE_TILE])  # ann's move and the automatic purchase: bob is now asked for his tile
    outcome = take_back(game.pk, players[0], 2, ActionSource.WEB)
    assert outcome.status == "asked" and "The game has passed to bob since your move" in outcome.message
    request = UndoRequest.objects.get(game=game)
    assert (request.asked_seats, request.withdraws, request.status) == ([1], [1, 2], UndoRequestStatus.PENDING)
    game.refresh_from_db()
    assert game.version == 2  # nothing is taken back yet


def test_with_consent_the_move_and_its_automatic_answer_are_taken_back(game, players):
    before = state_now(game)
    play(game, [LONE_TILE])
    request = take_back(game.pk, players[0], 2, ActionSource.EMAIL).request
    outcome = answer_request(request.pk, players[1], True, ActionSource.EMAIL)
    assert outcome.applied and outcome.message == "Thank you: ann's move 1 was taken back."
    assert state_now(game) == before and game.version == 3
    undo = Action.objects.get(game=game, seq=3)
    assert (undo.kind, undo.seat, undo.by_user, undo.source) == (ActionKind.UNDO, 0, players[0], ActionSource.EMAIL)
    assert services.record_for(game)["actions"] == []
    request.refresh_from_db()
    assert request.status == UndoRequestStatus.APPLIED


def test_one_refusal_ends_the_request_and_the_move_stands(game, players):
    play(game, [LONE_TILE])
    request = take_back(game.pk, players[0], 2, ActionSource.WEB).request
    outcome = answer_request(request.pk, players[1], False, ActionSource.WEB)
    assert outcome.message == "You refused; ann's move stands. ann will be told."
    request.refresh_from_db()
    assert (request.status, request.refused_by) == (UndoRequestStatus.REFUSED, 1)
    late = answer_request(request.pk, players[1], True, ActionSource.WEB)
    assert late.status == "closed" and "refused" in late.message
    game.refresh_from_db()
    assert game.version == 2


def test_a_move_on_the_position_lapses_the_request(game, players):
    play(game, [LONE_TILE])
    request = take_back(game.pk, players[0], 2, ActionSource.WEB).request
    play(game, [(1, {"type": "place_tile", "tile": "4A"})])  # bob plays on instead of answering
    request.refresh_from_db()
    assert request.status == UndoRequestStatus.LAPSED
    late = answer_request(request.pk, players[1], True, ActionSource.WEB)
    assert late.status == "closed" and "Too late: the game has moved on" in late.message
    assert len(services.record_for(game)["actions"]) == 3


def test_only_the_players_asked_may_answer(game, players):
    play(game, [LONE_TILE])
    request = take_back(game.pk, players[0], 2, ActionSource.WEB).request
    for player in (players[0], players[2]):
        with pytest.raises(NotYourSeat, match="Only the players who were asked"):
            answer_request(request.pk, player, True, ActionSource.WEB)


def test_asking_twice_finds_the_first_request(game, players):
    play(game, [LONE_TILE])
    take_back(game.pk, players[0], 2, ActionSource.WEB)
    again = take_back(game.pk, players[0], 2, ActionSource.WEB)
    assert again.status == "asked" and again.message == "You have already asked; waiting for bob."
    assert UndoRequest.objects.count() == 1


# ---------------------------------------------------------------- history


def test_history_shows_the_taken_back_move_and_the_restored_position(game, players):
    play(game, [PLACE_2A])
    take_back(game.pk, players[0], 1, ActionSource.WEB)
    game.refresh_from_db()
    assert history.public_view_at(game, 2) == history.public_view_at(game, 0)
    assert history.public_view_at(game, 1) != history.public_view_at(game, 0)
    entries = {entry["seq"]: entry for entry in queries.recent_log(game, None)}
    assert entries[1]["taken_back_by"] == 2 and entries[2]["undo"]
    assert entries[2]["lines"] == ["ann took back move 1."]


def test_the_charts_follow_the_undo(game, players):
    play(game, SCRIPT[:2])  # ann founds Tower: its founder's share is worth something
    take_back(game.pk, players[0], 2, ActionSource.WEB)
    game.refresh_from_db()
    worth = history.chart_numbers(game)["worth"]
    assert len(worth) == game.version + 1 == 4
    assert worth[2] != worth[1] and worth[3] == worth[1]


def test_verify_replays_accepts_a_game_with_undos(game, players):
    from games.management.commands.verify_replays import replay_problem

    play(game, [LONE_TILE])
    request = take_back(game.pk, players[0], 2, ActionSource.WEB).request
    answer_request(request.pk, players[1], True, ActionSource.WEB)
    game.refresh_from_db()
    assert replay_problem(game) is None


# ---------------------------------------------------------------- random play with random undos


def _undo_last_player_move(game, players):
    """Take back the newest player move (asking and allowing as needed); its seq, or None if there is none."""
    from games.replay import log_of
    from games.undo import PLAYER_SOURCES, effective_moves

    mine = [entry for entry in effective_moves(log_of(game)) if entry.source != ActionSource.AUTO]
    if not mine or mine[-1].source not in PLAYER_SOURCES:
        return None
    outcome = take_back(game.pk, players[mine[-1].seat], game.version, ActionSource.WEB)
    if outcome.status == "asked":
        for seat in outcome.request.asked_seats:
            outcome = answer_request(outcome.request.pk, players[seat], True, ActionSource.EMAIL)
    assert outcome.applied, outcome.message
    return mine[-1].seq


@pytest.mark.parametrize(("title_id", "seats", "seed"), [("acquire", 3, 3), ("acquire", 3, 29),
                                                         ("railroad-barons", 2, 1)])
def test_random_play_with_random_undos_is_the_replay_of_its_record(players, title_id, seats, seed):
    import random

    from engine.core.rng import seeded_rng
    from tests.games.factories import started_game

    game = started_game(players[:seats], title=title_id, options={}, seed=seed)
    rng, title = random.Random(seed), engine.get_title(title_id)
    moves = seeded_rng(seed, "undo-playout")
    positions = {0: state_now(game)}  # the state at each version
    for _ in range(100):
        state = queries.current_state(game)
        waiting = engine.prompts(state)
        if not waiting:
            break
        if rng.random() < 0.3 and (undone := _undo_last_player_move(game, players)) is not None:
            assert state_now(game) == positions[undone - 1]  # the position before the withdrawn move
        else:
            seat = waiting[0].seat
            services.submit_move(game.pk, seat, title.random_action(state, seat, moves), game.version, "web")
        positions[game.version] = state_now(game)
        record = services.record_for(game)
        assert engine.to_json(replay(parse_record(json.dumps(record)))) == positions[game.version]
    assert UndoRequest.objects.filter(game=game, status=UndoRequestStatus.APPLIED).exists()
    assert Action.objects.filter(game=game, kind=ActionKind.UNDO).count() >= 8


def test_a_closed_holdings_game_words_the_undo_for_everyone(players):
    from tests.games.factories import TILE_BAG, started_game

    game = started_game(players, options={"tile_bag": TILE_BAG, "open_holdings": False})
    play(game, SCRIPT[:2])
    take_back(game.pk, players[0], 2, ActionSource.WEB)
    game.refresh_from_db()
    for seat in (None, 0, 1):
        newest = queries.recent_log(game, seat)[0]
        assert newest["undo"] and newest["lines"] == ["ann took back move 2."]


def test_a_player_who_resigned_takes_nothing_back(game, players):
    from games import resignation

    play(game, [PLACE_2A])
    resignation.resign(game.pk, players[0])  # three players: the game goes on, the service plays ann's seat
    game.refresh_from_db()
    with pytest.raises(UndoRefused, match="You resigned from this game"):
        take_back(game.pk, players[0], game.version, ActionSource.WEB)
    assert not Action.objects.filter(game=game, kind=ActionKind.UNDO).exists()
