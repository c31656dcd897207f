"""Organizer acts (games.organizer_acts) through their pages: who may, what each does, and its line in the history.

A site admin acts here; the league organizers' permission is tested in tests/leagues.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from accounts.models import ApiToken
from engine.core.record import replay
from games import services
from games.errors import GameClosed
from games.models import ActKind, Game, GameStatus, OrganizerAct
from games.replay import log_of, record_of
from games.seat_parts import seat_players
from notifications.compose import compose
from notifications.models import Deadline, MailKind, Outbox
from tests.games.factories import SCRIPT, play, started_game

pytestmark = pytest.mark.django_db

ACT_POSTS = {
    "pause": {},
    "resume": {},
    "extend": {"hours": "6"},
    "replace": {"seat": "1", "email": "dee@example.com"},
    "adjudicate": {"place_0": "2", "place_1": "1", "place_2": "3"},
}


def act(client, user, game: Game, kind: str, reason: str = "the organizer's reason", nonce: str = "n1", **fields):
    client.force_login(user)
    return client.post(f"/games/{game.pk}/act/{kind}/", {"reason": reason, "nonce": nonce, **fields})


def history_text(client, game: Game) -> str:
    return client.get(f"/games/{game.pk}/history/").content.decode()


@pytest.mark.parametrize("kind", sorted(ACT_POSTS))
def test_everyone_but_an_organizer_gets_403_on_the_page_and_the_post_and_nothing_happens(
        client, players, dee, game, kind):
    for user in (players[0], dee):  # a player of the game, and an outsider
        client.force_login(user)
        assert client.get(f"/games/{game.pk}/act/{kind}/").status_code == 403
        refused = client.post(f"/games/{game.pk}/act/{kind}/", {"reason": "why not", "nonce": "x",
                                                                  **ACT_POSTS[kind]})
        assert refused.status_code == 403
        assert "Only the organizers" in refused.content.decode()
    game.refresh_from_db()
    assert (game.paused, game.status, OrganizerAct.objects.count()) == (False, GameStatus.ACTIVE, 0)
    assert game.seats.get(index=1).user == players[1]


def test_an_act_without_a_reason_is_refused_in_words(client, site_admin, game):
    response = act(client, site_admin, game, "pause", reason="  ")
    assert response.status_code == 400
    assert "Say why" in response.content.decode()
    game.refresh_from_db()
    assert not game.paused


def test_a_paused_game_takes_no_moves_until_resumed_and_the_history_shows_both_acts(client, site_admin, players, game):
    play(game, SCRIPT[:2])
    assert act(client, site_admin, game, "pause", reason="ann is in hospital").status_code == 302
    game.refresh_from_db()
    assert game.paused
    seat, move = SCRIPT[2]
    with pytest.raises(GameClosed, match="paused"):
        services.submit_move(game.pk, seat, move, game.version, "web")
    client.force_login(players[0])
    page = client.post(f"/games/{game.pk}/move/", {"expected_version": game.version, "type": "buy_shares"})
    assert page.status_code == 409 and "paused" in page.content.decode()
    assert act(client, site_admin, game, "resume", reason="ann is back", nonce="n2").status_code == 302
    play(game, SCRIPT[2:3])
    text = history_text(client, game)
    assert "orla (organizer) paused the game after move 2. Reason: ann is in hospital" in text
    assert "orla (organizer) resumed the game after move 2. Reason: ann is back" in text


def test_the_same_form_sent_twice_acts_once(client, site_admin, timed_acquire):
    before = Deadline.objects.get(game=timed_acquire, resolved=False).due_at
    for _ in range(2):
        assert act(client, site_admin, timed_acquire, "extend", hours="5").status_code == 302
    assert OrganizerAct.objects.filter(game=timed_acquire).count() == 1
    assert Deadline.objects.get(game=timed_acquire, resolved=False).due_at == before + timedelta(hours=5)


def test_pausing_stops_the_clocks_and_resuming_starts_them_again_from_now(client, site_admin, timed_acquire):
    assert Deadline.objects.filter(game=timed_acquire, resolved=False).count() == 1
    act(client, site_admin, timed_acquire, "pause")
    assert not Deadline.objects.filter(game=timed_acquire, resolved=False).exists()
    act(client, site_admin, timed_acquire, "resume", nonce="n2")
    assert Deadline.objects.filter(game=timed_acquire, resolved=False).count() == 1


def test_extending_moves_the_current_deadline_and_says_so_in_the_history(client, site_admin, timed_acquire):
    before = Deadline.objects.get(game=timed_acquire, resolved=False).due_at
    act(client, site_admin, timed_acquire, "extend", reason="storm", hours="24")
    assert Deadline.objects.get(game=timed_acquire, resolved=False).due_at == before + timedelta(hours=24)
    assert "orla (organizer) extended the deadline by 24 hours before the first move. Reason: storm" in (
        history_text(client, timed_acquire))


def test_extending_a_game_without_a_time_limit_is_refused(client, site_admin, game):
    response = act(client, site_admin, game, "extend", hours="24")
    assert response.status_code == 400 and "no move time limit" in response.content.decode()


def test_a_replaced_seat_passes_to_the_new_player_from_the_next_move_and_keeps_who_played_what(
        client, site_admin, players, dee, game):
    ann, bob, _ = players
    play(game, SCRIPT[:3])  # ann's turn is over; bob is asked next
    response = act(client, site_admin, game, "replace", reason="bob left the league", seat="1", email="dee@example.com")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.seats.get(index=1).user == dee
    seat, move = SCRIPT[3]
    with pytest.raises(Exception, match="own seat"):
        services.submit_move(game.pk, seat, move, game.version, "web", user=bob)
    services.submit_move(game.pk, seat, move, game.version, "web", user=dee)
    game.refresh_from_db()
    assert seat_players(game, 1) == [(bob, 1, 3), (dee, 4, game.version)]
    assert seat_players(game, 0) == [(ann, 1, game.version)]
    assert "orla (organizer) replaced bob with dee after move 3. Reason: bob left the league" in (
        history_text(client, game))
    assert Outbox.objects.filter(game=game, recipient=dee, kind=MailKind.TURN).exists()


def test_an_adjudicated_game_ends_with_the_entered_places_everywhere_and_its_record_still_replays(
        client, site_admin, players, game):
    ann, _, cy = players
    play(game, SCRIPT[:4])
    response = act(client, site_admin, game, "adjudicate", reason="season over", place_0="2", place_1="1", place_2="2")
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.adjudicated) == (GameStatus.FINISHED, True)
    expected_names = [("bob", 1), ("ann", 2), ("cy", 2)]
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/")
    assert [(s["name"], s["place"]) for s in page.context["view"]["standings"]] == expected_names
    sentence = "The organizer adjudicated this game; bob wins."
    assert sentence in page.content.decode()
    history = history_text(client, game)
    assert sentence in history and "orla (organizer) adjudicated the game after move 4. Reason: season over" in history
    token = ApiToken.issue(ann, "test")[1]
    api = client.get(f"/api/games/{game.pk}", headers={"Authorization": f"Bearer {token}"}).json()
    assert [(s["name"], s["place"]) for s in api["view"]["standings"]] == expected_names
    mail = compose(Outbox.objects.get(game=game, kind=MailKind.RESULT, recipient=cy))
    assert sentence in mail.text
    with pytest.raises(GameClosed):
        services.submit_move(game.pk, *SCRIPT[4], game.version, "web")
    state = replay(record_of(game, log_of(game, upto=game.version)))  # the log is untouched: 4 moves
    assert len(log_of(game, upto=game.version)) == 4 and state is not None
    assert OrganizerAct.objects.get(game=game).kind == ActKind.ADJUDICATE


def test_an_adjudication_needs_a_place_for_every_seat(client, site_admin, game):
    response = act(client, site_admin, game, "adjudicate", place_0="1", place_1="2")
    assert response.status_code == 400 and "Seat 3&#x27;s place must be a whole number" in response.content.decode()
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


def test_an_organizer_act_cannot_be_edited(client, site_admin, game):
    act(client, site_admin, game, "pause")
    logged = OrganizerAct.objects.get(game=game)
    logged.reason = "something else"
    with pytest.raises(Exception, match="never changed"):
        logged.save()


def test_acts_on_a_finished_game_are_refused(client, site_admin, players):
    game = started_game(players[:2], options={})
    act(client, site_admin, game, "adjudicate", place_0="1", place_1="2")
    response = act(client, site_admin, game, "pause", nonce="n2")
    assert response.status_code == 400 and "not being played" in response.content.decode()


def test_a_paused_game_takes_no_move_back_either(client, site_admin, players, game):
    from games.undo_requests import take_back

    play(game, SCRIPT[:1])
    act(client, site_admin, game, "pause")
    game.refresh_from_db()
    with pytest.raises(GameClosed, match="paused"):
        take_back(game.pk, players[0], game.version, "web")
    assert game.actions.count() == 1


def test_the_new_player_is_asked_by_name_and_the_game_still_replays_to_its_snapshot(
        client, site_admin, players, dee, game):
    """A walk's successor read "bob, which tile do you place?" in his own mail, and verify_replays
    called the game corrupt: the snapshot kept the old name while a replay takes the seats'."""
    import engine.core as engine
    from games.management.commands.verify_replays import replay_problem
    from games.queries import current_state

    play(game, SCRIPT[:3])  # bob is asked next
    act(client, site_admin, game, "replace", reason="bob left the league", seat="1", email="dee@example.com")
    game.refresh_from_db()
    (prompt,) = engine.prompts(current_state(game))
    assert prompt.seat == 1 and prompt.question.startswith("dee") and "bob" not in prompt.question
    assert replay_problem(game) is None
    assert "bob" in history_text(client, game)  # the log keeps who played what
