"""games.services: creating, joining and starting games, and the one move path."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection

import engine.core as engine
from games import services
from games.errors import GameClosed, GameNotFound, IllegalMove, NotYourSeat, SetupError
from games.models import Action, Game, GameStatus, SeatOrder, Snapshot
from games.signals import game_started, move_applied
from tests.games.factories import SCRIPT, TILE_BAG, make_user, play, play_to_end, started_game

pytestmark = pytest.mark.django_db


def test_create_game_seats_creator_then_invitations_then_open_seats(players):
    ann = players[0]
    game = services.create_game(ann, "acquire", 4, invited_emails=["Bob@Example.com"],
                                move_time_limit=timedelta(hours=48))
    seats = list(game.seats.order_by("index"))
    assert [s.user for s in seats] == [ann, None, None, None]
    assert seats[1].invited_email == "bob@example.com"
    assert seats[2].is_open and seats[3].is_open
    assert game.status == GameStatus.OPEN and game.seed is None
    assert game.move_time_limit == timedelta(hours=48)
    assert game.options == {"tile_bag": [], "open_holdings": True}


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"title_id": "chess", "seat_count": 2}, "Unknown title"),
        ({"title_id": "acquire", "seat_count": 7}, "2 to 6 players"),
        ({"title_id": "acquire", "seat_count": 3, "options": {"colour": "red"}}, "Options"),
        ({"title_id": "acquire", "seat_count": 2, "invited_emails": ["a@x.org", "b@x.org"]}, "do not fit"),
        ({"title_id": "acquire", "seat_count": 3, "invited_emails": ["a@x.org", "A@x.org"]}, "only once"),
        ({"title_id": "acquire", "seat_count": 3, "invited_emails": ["not-an-address"]}, "not an e-mail"),
    ],
)
def test_create_game_refuses_bad_setups(players, kwargs, words):
    with pytest.raises(SetupError, match=words):
        services.create_game(players[0], **kwargs)
    assert not Game.objects.exists()


def test_taking_the_last_seat_starts_the_game_with_a_stored_seed(players):
    ann, bob, cy = players
    game = services.create_game(ann, "acquire", 3, invited_emails=[cy.email])
    services.take_seat(game.pk, bob)  # an open seat
    game.refresh_from_db()
    assert game.status == GameStatus.OPEN
    services.take_seat(game.pk, cy)  # cy's invitation
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.started is not None
    assert isinstance(game.seed, int)
    assert sorted(game.seats.values_list("index", flat=True)) == [0, 1, 2]
    assert {s.user for s in game.seats.all()} == {ann, bob, cy}
    snapshot = Snapshot.objects.get(game=game)
    assert snapshot.version == 0 and snapshot.waiting_seats
    state = engine.from_json(snapshot.state)
    assert state.players == list(game.seats.order_by("index").values_list("display_name", flat=True))


def test_an_invited_seat_is_kept_for_its_address(players, dee):
    ann, bob, _ = players
    game = services.create_game(ann, "acquire", 2, invited_emails=[bob.email])
    with pytest.raises(SetupError, match="no open seat"):
        services.take_seat(game.pk, dee)
    with pytest.raises(SetupError, match="already have a seat"):
        services.take_seat(game.pk, ann)
    services.take_seat(game.pk, bob)
    with pytest.raises(SetupError, match="already started"):
        services.take_seat(game.pk, dee)


def test_start_game_needs_every_seat(players):
    game = services.create_game(players[0], "acquire", 3)
    with pytest.raises(SetupError, match="Every seat"):
        services.start_game(game)


def test_game_started_is_sent_inside_the_start_transaction(players):
    seen = []

    def receiver(sender, game, state, prompts_after, **kwargs):
        seen.append((game.status, connection.in_atomic_block, [p.seat for p in prompts_after], state.players))

    game_started.connect(receiver)
    try:
        started_game(players)
    finally:
        game_started.disconnect(receiver)
    assert seen == [(GameStatus.ACTIVE, True, [0], ["ann", "bob", "cy"])]


def test_random_seat_order_is_a_permutation_of_the_players(players):
    ann, bob, cy = players
    game = services.create_game(ann, "acquire", 3, seat_order_mode=SeatOrder.RANDOM)
    services.take_seat(game.pk, bob)
    services.take_seat(game.pk, cy)
    seats = list(game.seats.order_by("index"))
    assert [s.index for s in seats] == [0, 1, 2]
    assert {s.user for s in seats} == {ann, bob, cy}


def test_a_move_appends_an_action_updates_the_snapshot_and_the_version(game, players):
    outcome = services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web", user=players[0])
    assert outcome.applied and outcome.version == 1 and outcome.status == "applied"
    game.refresh_from_db()
    assert game.version == 1
    action = Action.objects.get(game=game)
    assert (action.seq, action.seat, action.source, action.by_user) == (1, 0, "web", players[0])
    assert action.payload == {"type": "place_tile", "tile": "2A"}
    assert action.events and "2A" in action.events[0]["text"]
    snapshot = Snapshot.objects.get(game=game)
    assert snapshot.version == 1 and snapshot.state["board"]["2A"] is None
    assert snapshot.waiting_seats == [0]


def test_move_applied_is_sent_inside_the_move_transaction_with_everything(game):
    seen = {}

    def receiver(sender, **kwargs):
        seen.update(kwargs, atomic=connection.in_atomic_block)
        seen["action_saved"] = Action.objects.filter(pk=kwargs["action"].pk).exists()

    move_applied.connect(receiver)
    try:
        services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "email")
    finally:
        move_applied.disconnect(receiver)
    assert seen["atomic"] and seen["action_saved"]
    assert seen["game"].version == 1 and seen["action"].seq == 1 and seen["source"] == "email"
    assert [p.name for p in seen["prompts_before"]] == ["place_tile"]
    assert [p.name for p in seen["prompts_after"]] == ["found_chain"]
    assert seen["state"].actions_applied == 1
    assert "2A" in seen["events"][0].text


def test_a_receiver_failure_rolls_the_move_back(game):
    def receiver(sender, **kwargs):
        raise RuntimeError("outbox down")

    move_applied.connect(receiver)
    try:
        with pytest.raises(RuntimeError):
            services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web")
    finally:
        move_applied.disconnect(receiver)
    game.refresh_from_db()
    assert game.version == 0 and not Action.objects.filter(game=game).exists()


def test_a_stale_version_is_already_done_and_writes_nothing(game):
    services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web")
    outcome = services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web")
    assert not outcome.applied and outcome.status == "already_done"
    assert outcome.version == 1 and "Already done" in outcome.message
    assert Action.objects.filter(game=game).count() == 1


def test_an_illegal_move_carries_the_engines_sentence_and_writes_nothing(game):
    before = Snapshot.objects.get(game=game).state
    with pytest.raises(IllegalMove, match="does not hold 7F"):
        services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "7F"}, 0, "web")
    game.refresh_from_db()
    assert game.version == 0 and not Action.objects.filter(game=game).exists()
    assert Snapshot.objects.get(game=game).state == before


@pytest.mark.parametrize(
    "action",
    [
        None, [], "place_tile", {"tile": "2A"}, {"type": 5}, {"type": "place_tile", "tile": float("nan")},
        {"type": "place_tile", "tile": "2A\x00"}, {"type": "place_tile", "tile": "x" * 5000},
        {"type": "place_tile", "tile": 10**5000}, {"type": "buy_shares", "shares": {"tower": 10**40}},
        {"type": "buy_shares", "shares": [1, 2]}, {"type": "found_chain"},
    ],
)
def test_unreadable_moves_are_illegal_not_errors(game, action):
    with pytest.raises(IllegalMove):
        services.submit_move(game.pk, 0, action, 0, "api")
    assert not Action.objects.filter(game=game).exists()


def test_acting_for_another_seat_is_refused(game, players):
    with pytest.raises(NotYourSeat, match="your own seat"):
        services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web", user=players[1])
    with pytest.raises(NotYourSeat):
        services.submit_move(game.pk, 9, {"type": "place_tile", "tile": "2A"}, 0, "web")


def test_staff_may_act_for_a_seat_only_as_admin(game):
    admin = make_user("admin@example.com", "admin")
    admin.is_staff = True
    admin.save()
    with pytest.raises(NotYourSeat):
        services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web", user=admin)
    assert services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "admin", user=admin).applied


def test_the_other_seat_out_of_turn_gets_the_engines_sentence(game):
    with pytest.raises(IllegalMove, match="waiting for ann"):
        services.submit_move(game.pk, 1, {"type": "place_tile", "tile": "4A"}, 0, "web")


def test_bad_versions_sources_and_games_are_refused(game):
    move = {"type": "place_tile", "tile": "2A"}
    with pytest.raises(IllegalMove, match="version"):
        services.submit_move(game.pk, 0, move, "0", "web")
    with pytest.raises(IllegalMove, match="version"):
        services.submit_move(game.pk, 0, move, True, "web")
    with pytest.raises(services.GameServiceError, match="source"):
        services.submit_move(game.pk, 0, move, 0, "import")
    with pytest.raises(GameNotFound):
        services.submit_move(game.pk + 1000, 0, move, 0, "web")
    with pytest.raises(IllegalMove, match="made for version 5 of the game, which is only at version 0"):
        services.submit_move(game.pk, 0, move, 5, "web")
    assert services.submit_move(game.pk, 0, move, 0, "web").applied
    assert services.submit_move(game.pk, 0, move, 0, "web").status == "already_done"


def test_an_open_game_takes_no_moves(players):
    game = services.create_game(players[0], "acquire", 3)
    with pytest.raises(GameClosed, match="not started"):
        services.submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web")


def test_the_script_plays_a_founding_and_a_merger(game):
    play(game, SCRIPT)
    state = engine.from_json(Snapshot.objects.get(game=game).state)
    view = engine.view(state, None)
    assert view["chains"]["luxor"]["size"] == 5 and view["chains"]["tower"]["size"] == 0
    assert [p["shares"] for p in view["players"]] == [{"luxor": 1}, {"tower": 2, "luxor": 1}, {}]
    assert game.version == len(SCRIPT)


def test_a_finished_game_refuses_moves_and_records_its_end(players):
    game = started_game(players, options={"tile_bag": TILE_BAG[:3]}, seed=11)
    game = play_to_end(game)
    assert game.status == GameStatus.FINISHED and game.finished is not None
    assert Snapshot.objects.get(game=game).waiting_seats == []
    with pytest.raises(GameClosed, match="finished"):
        services.submit_move(game.pk, 0, {"type": "buy_shares", "shares": {}}, game.version, "web")


def test_a_missing_or_behind_snapshot_is_rebuilt_from_the_log(game):
    play(game, SCRIPT[:3])
    Snapshot.objects.filter(game=game).update(version=1, state={"broken": True})
    outcome = services.submit_move(game.pk, 1, SCRIPT[3][1], 3, "web")
    assert outcome.applied
    from django.core.management import call_command

    call_command("verify_replays")
