"""Resigning (games.resignation): the game ends with one player left, else the service plays the seat to the end."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine.core as engine
from engine.core.rng import seeded_rng
from games import resignation, services
from games.errors import GameClosed, NotYourSeat
from games.models import Action, ActionSource, Game, GameStatus, Resignation, Snapshot
from games.queries import current_state
from games.replay import record_of, replayed_state, states_along
from notifications.compose import compose
from notifications.models import MailKind, Outbox
from tests.engine.acquire.invariants import Invariants
from tests.games.factories import SCRIPT, play, started_game

pytestmark = pytest.mark.django_db

RANDOM_BAG: dict = {}  # no fixed tile bag: the seed shuffles a whole one, so a game can be played out


@pytest.fixture
def four(players, dee):
    return [*players, dee]


def resign(game: Game, player) -> resignation.ResignOutcome:
    outcome = resignation.resign(game.pk, player)
    game.refresh_from_db()
    return outcome


def mails(game: Game, kind: str) -> list[str]:
    rows = Outbox.objects.filter(game=game, kind=kind).select_related("recipient").order_by("recipient__email")
    return [row.recipient.display_name for row in rows]


def standings_on_page(client, game: Game, player) -> str:
    client.force_login(player)
    return client.get(f"/games/{game.pk}/").content.decode()


def play_others_to_end(game: Game, max_actions: int = 5000) -> int:
    """Random legal moves for whoever the game waits on, through the one move path; the number of moves made."""
    rng = seeded_rng(game.seed or 0, "resignation-tests")
    title = engine.get_title(game.title)
    for made in range(max_actions):
        game.refresh_from_db()
        state = current_state(game)
        waiting = engine.prompts(state)
        if not waiting:
            return made
        seat = waiting[0].seat
        services.submit_move(game.pk, seat, title.random_action(state, seat, rng), game.version, "web")
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- two players: the game ends at once


@pytest.mark.parametrize("title", ["acquire", "railroad-barons"])
def test_in_a_two_player_game_resigning_ends_it_and_the_other_player_wins(client, players, title):
    ann, bob = players[:2]
    game = started_game([ann, bob], title=title, options=RANDOM_BAG)
    version = game.version
    outcome = resign(game, ann)
    assert outcome.game_over and outcome.message == "You resigned; the game is over."
    assert game.status == GameStatus.FINISHED and game.finished is not None
    assert game.version == version  # no engine action: the log is untouched
    assert Action.objects.filter(game=game).count() == version
    page = standings_on_page(client, game, bob)
    assert "ann resigned; bob wins." in page
    assert 'id="prompt"' not in page and "waiting for" not in page
    assert mails(game, MailKind.RESULT) == ["ann", "bob"]


def test_the_result_of_a_resigned_two_player_game_is_the_same_on_every_page_in_the_api_and_in_the_mail(
        client, players):
    ann, bob = players[:2]
    game = started_game([ann, bob], options=RANDOM_BAG)
    resign(game, bob)
    expected = [{"seat": 0, "name": "ann", "score": None, "place": 1, "resigned": False},
                {"seat": 1, "name": "bob", "score": None, "place": 2, "resigned": True, "resigned_after": 0}]
    client.force_login(ann)
    assert client.get(f"/games/{game.pk}/").context["view"]["standings"] == expected
    history = client.get(f"/games/{game.pk}/history/")
    assert history.context["view"]["standings"] == expected
    assert "bob resigned; ann wins." in history.content.decode()
    assert "bob resigned before the first move." in history.content.decode()
    token = _token(ann)
    api = client.get(f"/api/games/{game.pk}", headers={"Authorization": f"Bearer {token}"}).json()
    assert api["view"]["standings"] == expected and api["view"]["result_text"] == "bob resigned; ann wins."
    assert [player["resigned"] for player in api["players"]] == [False, True]
    mail = compose(Outbox.objects.get(game=game, kind=MailKind.RESULT, recipient=ann))
    assert "is over. bob resigned; ann wins. Final standings:\n1. ann: \N{EN DASH}\n2. bob (resigned):" in mail.text


def _token(user) -> str:
    from accounts.models import ApiToken

    return ApiToken.issue(user, "test")[1]


# ---------------------------------------------------------------- three or more: the service plays the seat


def test_with_three_players_the_game_goes_on_and_the_service_plays_the_resigned_seat_to_the_end(players):
    cy = players[2]
    game = started_game(players, options=RANDOM_BAG, seed=11)
    outcome = resign(game, cy)
    assert not outcome.game_over and game.status == GameStatus.ACTIVE
    assert Resignation.objects.get(game=game).version == 0
    play_others_to_end(game)  # ann and bob move at random; cy's seat is the service's
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    state = current_state(game)
    assert engine.is_finished(state)
    cy_moves = Action.objects.filter(game=game, seat=2)
    assert cy_moves.exists()
    assert set(cy_moves.values_list("source", flat=True)) <= {ActionSource.RESIGNED, ActionSource.AUTO}
    assert not any(payload["type"] == "declare_end" for payload in cy_moves.values_list("payload", flat=True))
    assert all(event["kind"] == "stand_in" for action in cy_moves.filter(source=ActionSource.RESIGNED)
               for event in action.events[:1])
    # The record is the engine's: every state along it keeps the rules' invariants, and it replays.
    check = Invariants()
    for _, step_state, _ in states_along(record_of(game)):
        check(step_state)
    record = services.record_for(game)
    replayed = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], input=json.dumps(record),
                              capture_output=True, text=True, check=True)
    assert json.loads(replayed.stdout) == engine.summary(state)
    assert engine.to_json(replayed_state(game)) == Snapshot.objects.get(game=game).state
    # cy is last whatever the cash; ann and bob keep the engine's order.
    ranked = _table_standings(game)
    engine_order = [entry["seat"] for entry in engine.result(state) if entry["seat"] != 2]
    assert [entry["seat"] for entry in ranked] == [*engine_order, 2]
    assert ranked[-1] == {**next(e for e in engine.result(state) if e["seat"] == 2), "place": 3, "resigned": True,
                          "resigned_after": 0}


def _table_standings(game: Game) -> list[dict]:
    from games.standings import game_standings

    return game_standings(game, current_state(game))[0]


def test_the_resigned_seat_gets_no_turn_mail_and_is_never_waited_on(players):
    cy = players[2]
    game = play(started_game(players), SCRIPT[:3])  # ann's turn is over: bob to move, then cy
    resign(game, cy)
    before = set(Outbox.objects.filter(game=game, recipient=cy).values_list("pk", flat=True))
    for _ in range(12):  # four rounds: cy's seat is asked each round, and answered by the service
        game.refresh_from_db()
        assert 2 not in Snapshot.objects.get(game=game).waiting_seats
        if not play_one_random_move(game):
            break
    new = Outbox.objects.filter(game=game, recipient=cy).exclude(pk__in=before)
    assert not new.filter(kind=MailKind.TURN).exists()
    assert Action.objects.filter(game=game, seat=2, source=ActionSource.RESIGNED).count() >= 2
    assert mails(game, MailKind.RESIGNED) == ["ann", "bob"]


def play_one_random_move(game: Game) -> bool:
    state = current_state(game)
    waiting = engine.prompts(state)
    if not waiting:
        return False
    seat = waiting[0].seat
    rng = seeded_rng(game.version, "one-move")
    services.submit_move(game.pk, seat, engine.get_title(game.title).random_action(state, seat, rng),
                         game.version, "web")
    return True


def test_resigning_while_asked_hands_the_prompt_to_the_service_at_once(players):
    ann = players[0]
    game = started_game(players)  # ann is asked to place a tile
    resign(game, ann)
    logged = list(Action.objects.filter(game=game).order_by("seq").values_list("seat", "source", "payload"))
    assert logged[0] == (0, ActionSource.RESIGNED, {"type": "place_tile", "tile": "2A"})  # the first playable tile
    assert logged[1] == (0, ActionSource.RESIGNED, {"type": "found_chain", "chain": "tower"})  # the first chain
    assert logged[2][:2] == (0, ActionSource.RESIGNED) and logged[2][2] == {"type": "buy_shares", "shares": {}}
    assert Snapshot.objects.get(game=game).waiting_seats == [1]
    assert mails(game, MailKind.TURN) == ["ann", "bob"]  # ann's first turn mail, then bob's
    assert Action.objects.get(game=game, seq=1).events[0]["text"] == "Played for ann, who resigned."


def test_several_resigners_rank_last_in_reverse_order_and_the_last_player_left_wins(four, client):
    ann, bob, cy, dee = four
    game = started_game(four, options=RANDOM_BAG)
    resign(game, cy)
    resign(game, dee)
    assert game.status == GameStatus.ACTIVE
    outcome = resign(game, ann)
    assert outcome.game_over and game.status == GameStatus.FINISHED
    ranked = _table_standings(game)
    assert [(entry["name"], entry["place"], entry["resigned"]) for entry in ranked] == [
        ("bob", 1, False), ("ann", 2, True), ("dee", 3, True), ("cy", 4, True)]
    page = standings_on_page(client, game, bob)
    assert "cy, dee and ann resigned; bob wins." in page
    assert mails(game, MailKind.RESULT) == ["ann", "bob", "cy", "dee"]


# ---------------------------------------------------------------- refusals change nothing


def assert_refused(game: Game, player, error: type, message: str) -> None:
    before = (Resignation.objects.count(), Action.objects.count(), Outbox.objects.count())
    with pytest.raises(error) as refused:
        resignation.resign(game.pk, player)
    assert refused.value.message == message
    assert (Resignation.objects.count(), Action.objects.count(), Outbox.objects.count()) == before


def test_resigning_twice_is_refused_and_changes_nothing(players):
    game = started_game(players)
    resign(game, players[1])
    assert_refused(game, players[1], resignation.AlreadyResigned, "You have already resigned from this game.")


def test_resigning_from_a_game_without_a_seat_in_it_is_refused(players, dee):
    game = started_game(players)
    assert_refused(game, dee, NotYourSeat, "You have no seat in this game, so you cannot resign from it.")
    assert_refused(game, None, NotYourSeat, "You have no seat in this game, so you cannot resign from it.")


def test_resigning_from_a_finished_or_imported_game_is_refused(players):
    ann, bob = players[:2]
    game = started_game([ann, bob], options=RANDOM_BAG)
    resign(game, ann)
    assert_refused(game, bob, GameClosed, "This game is over, so there is nothing to resign from.")
    imported = services.import_record(json.dumps(services.record_for(game)), bob)
    assert_refused(imported, bob, GameClosed,
                   "This is an imported game for review; nobody plays in it, so nobody can resign.")


def test_a_resigned_player_can_no_longer_move(players):
    game = started_game(players)
    resign(game, players[1])
    game.refresh_from_db()
    with pytest.raises(GameClosed, match="You have resigned from this game; Turnpost plays your seat now"):
        services.submit_move(game.pk, 1, {"type": "place_tile", "tile": "4A"}, game.version, "web", players[1])


# ---------------------------------------------------------------- the pages


def test_the_confirm_page_asks_and_changes_nothing_and_its_post_resigns(client, players):
    game = started_game(players)
    client.force_login(players[2])
    page = client.get(f"/games/{game.pk}/")
    assert f'href="/games/{game.pk}/resign/"' in page.content.decode() and "Leave the game" in page.content.decode()
    confirm = client.get(f"/games/{game.pk}/resign/")
    text = confirm.content.decode()
    assert confirm.status_code == 200 and "Resign from this game? This cannot be undone." in text
    assert "The game goes on without you" in text
    assert not Resignation.objects.exists()
    response = client.post(f"/games/{game.pk}/resign/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    after = client.get(f"/games/{game.pk}/").content.decode()
    assert "You resigned. The game goes on without you: Turnpost plays your seat&#x27;s moves." in after
    assert 'id="resigned-note"' in after and 'id="resign-link"' not in after
    assert '<span class="pill">resigned</span>' in after  # cy's row on the board
    again = client.post(f"/games/{game.pk}/resign/")  # a second press: harmless, and it says so
    assert again.status_code == 409 and "You have already resigned from this game." in again.content.decode()
    assert Resignation.objects.count() == 1
    mine = client.get("/games/").content.decode()
    assert '<span class="pill">resigned</span>' in mine


def test_the_confirm_page_of_a_two_player_game_says_it_ends_it(client, players):
    game = started_game(players[:2], options=RANDOM_BAG)
    client.force_login(players[0])
    text = client.get(f"/games/{game.pk}/resign/").content.decode()
    assert "The game ends now: bob wins." in text


def test_someone_without_a_seat_is_told_and_nothing_changes(client, players, dee):
    game = started_game(players)
    client.force_login(dee)
    confirm = client.get(f"/games/{game.pk}/resign/")
    assert confirm.status_code == 403 and "You have no seat in this game" in confirm.content.decode()
    assert 'id="resign-button"' not in confirm.content.decode()
    response = client.post(f"/games/{game.pk}/resign/")
    assert response.status_code == 403 and "You have no seat in this game" in response.content.decode()
    assert not Resignation.objects.exists()


def test_the_history_shows_the_resignation_at_the_move_it_came_after(client, players):
    game = play(started_game(players), SCRIPT[:3])
    resign(game, players[2])
    log = client.get(f"/games/{game.pk}/history/?step=3").content.decode()
    assert "cy resigned after move 3." in log
    earlier = client.get(f"/games/{game.pk}/history/?step=2").content.decode()
    assert "cy resigned" not in earlier


def test_the_resigned_notice_mail_names_the_player_and_the_move(players):
    game = play(started_game(players), SCRIPT[:3])
    resign(game, players[2])
    row = Outbox.objects.get(game=game, kind=MailKind.RESIGNED, recipient=players[0])
    assert row.seat == 2
    mail = compose(row)
    assert mail.subject.endswith(": cy resigned")
    assert "cy resigned from" in mail.text and "after move 3." in mail.text


def test_two_resignations_after_the_same_move_are_two_notices_each_naming_its_player(four):
    game = started_game(four, options=RANDOM_BAG)
    waiting = Snapshot.objects.get(game=game).waiting_seats
    reader, *others = [seat for seat in range(4) if seat not in waiting]  # two resign while another is to move
    first, second = others[:2]
    resign(game, four[first])
    resign(game, four[second])
    assert game.version == 0
    rows = Outbox.objects.filter(game=game, kind=MailKind.RESIGNED, recipient=four[reader]).order_by("id")
    assert [row.seat for row in rows] == [first, second]
    texts = [compose(row).text for row in rows]
    assert f"{four[first].display_name} resigned from" in texts[0]
    assert f"{four[second].display_name} resigned from" in texts[1]
    assert all("before the first move." in text for text in texts)


def test_another_player_is_not_taken_for_the_resigned_one(players):
    """The service answers only for resigned seats: bob, still playing, is left his prompt."""
    game = play(started_game(players), SCRIPT[:3])
    resign(game, players[0])
    assert Snapshot.objects.get(game=game).waiting_seats == [1]
    assert not Action.objects.filter(game=game, source=ActionSource.RESIGNED).exists()


# ---------------------------------------------------------------- clocks


def test_a_resigned_seats_clock_stops_and_a_game_that_ends_leaves_no_clock_running(players):
    from datetime import timedelta

    from notifications.models import Deadline
    from tests.notifications.helpers import start_game

    ann, cy = players[0], players[2]
    game = start_game(players, move_time_limit=timedelta(hours=24))  # ann is asked, her clock runs
    assert list(Deadline.objects.filter(resolved=False).values_list("seat", flat=True)) == [0]
    resign(game, ann)  # the service plays ann's turn: her clock stops, bob's starts
    assert list(Deadline.objects.filter(resolved=False).values_list("seat", flat=True)) == [1]
    resign(game, cy)  # bob is the last player left: the game is over, and nobody's clock runs
    assert game.status == GameStatus.FINISHED
    assert not Deadline.objects.filter(resolved=False).exists()
