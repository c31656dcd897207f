"""1861 games from 18xx.games on the import page, and the seat links of a game moved here.

A finished game becomes a read-only game to review; a game still running there goes on here
from its position, its importer handed one link per seat.  The fixture (29683) is cut to
action 300 for a game under way; whole, it imports as the finished game it is; with one action
our rules refuse, it is refused in the words of the refusal.  1861 is registered but not
playable: no new game.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import engine.core as engine
from games import import_18xx, seat_claims, services
from games.models import Game, GameStatus, Snapshot
from notifications.models import MailKind, Outbox
from tests.engine.t1861.fixtures import FIXTURES

pytestmark = pytest.mark.django_db

LAST_ID = 300  # where 29683 stands after OR 3.1's first company, well within the rounds built


@cache
def whole_export() -> dict[str, Any]:
    return json.loads((FIXTURES / "29683.json").read_text(encoding="utf-8"))


def running_export() -> str:
    """29683 as 18xx.games would export it while under way, after action ``LAST_ID``."""
    export = {key: value for key, value in whole_export().items() if key not in ("result", "game_end_reason")}
    export["status"] = "active"
    export["actions"] = [action for action in export["actions"] if action["id"] <= LAST_ID]
    return json.dumps(export)


def finished_export() -> str:
    """The same cut, still saying the game ended there (so: a game to review)."""
    export = dict(whole_export())
    export["actions"] = [action for action in export["actions"] if action["id"] <= LAST_ID]
    return json.dumps(export)


def signed_in(client, user):
    client.force_login(user)
    return client


def test_a_running_game_goes_on_here_and_its_players_claim_their_seats(client, players, dee) -> None:
    ann, bob, cy = players
    response = signed_in(client, dee).post("/games/import/", {"record": running_export()})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/seats/"
    assert game.status == GameStatus.ACTIVE and game.title == "1861" and game.created_by == dee
    assert [(seat.display_name, seat.user) for seat in game.seats.order_by("index")] == [
        ("Player 1", None), ("Player 2", None), ("Player 3", None)]
    state = engine.from_json(Snapshot.objects.get(game=game).state)
    assert state.round == {"kind": "operating", "number": 3, "operating_round": 1}
    # Nothing recorded needed a consent, so from here on owners are asked as in a game begun here.
    assert game.options == {"column_market": False, "merger_consent": True, "sale_consent": True}

    links_page = client.get(f"/games/{game.pk}/seats/").content.decode()
    links = [seat_claims.claim_path(seat) for seat in game.seats.order_by("index")]
    assert all(link in links_page for link in links)

    offered = signed_in(type(client)(), ann).get(links[0])
    assert offered.status_code == 200 and "Player 1" in offered.content.decode()
    taken = signed_in(type(client)(), ann).post(links[0])
    assert taken.status_code == 302 and taken["Location"] == f"/games/{game.pk}/"
    assert game.seats.get(index=0).user == ann and game.seats.get(index=0).display_name == "Player 1"

    spent = signed_in(type(client)(), bob).post(links[0])
    assert spent.status_code == 400 and "taken" in spent.content.decode()
    second = signed_in(type(client)(), ann).post(links[1])
    assert second.status_code == 400 and "already have a seat" in second.content.decode()
    assert game.seats.get(index=1).user is None

    # Only the importer is shown the links that are left.
    assert signed_in(type(client)(), cy).get(f"/games/{game.pk}/seats/").status_code == 302
    assert links[0] not in signed_in(client, dee).get(f"/games/{game.pk}/seats/").content.decode()
    assert 'id="seat-links-note"' in client.get(f"/games/{game.pk}/").content.decode()

    # The game plays on from the position: the seat it waits for moves, as in any game.
    asked = engine.prompts(state)[0]
    assert asked.seat == 0
    # Its player reads that the game waits for them, under the seat's 18xx.games name; others read that name.
    assert "waiting for <strong>you (Player 1)</strong>" in signed_in(type(client)(), ann).get(
        f"/games/{game.pk}/").content.decode()
    assert "waiting for <strong>Player 1</strong>" in signed_in(type(client)(), cy).get(
        f"/games/{game.pk}/").content.decode()
    outcome = services.submit_move(game.pk, 0, dict(asked.quick[0].action), game.version, "web", ann)
    assert outcome.applied and Game.objects.get().version == game.version + 1
    page = signed_in(type(client)(), ann).get(f"/games/{game.pk}/")
    assert page.status_code == 200


def test_a_seat_link_opened_or_pressed_again_by_its_player_takes_them_to_their_seat(client, players, dee) -> None:
    """A walk's player opened their spent seat link again and read, on a 400 page, that the seat "is taken:
    this link seats nobody any more": it is theirs (an invitation says "You have taken this seat")."""
    ann, bob = players[:2]
    game = import_18xx.import_export(running_export(), dee)
    link = seat_claims.claim_path(game.seats.get(index=0))
    assert signed_in(client, ann).post(link).status_code == 302
    for again in (client.get(link), client.post(link)):  # the link opened again, a second press
        assert again.status_code == 302 and again["Location"] == f"/games/{game.pk}/", again.content.decode()
    assert "You play the seat of Player 1" in client.get(f"/games/{game.pk}/").content.decode()
    refused = signed_in(type(client)(), bob).get(link)  # anyone else: still refused, in words
    assert refused.status_code == 400 and "is taken" in refused.content.decode()


def test_a_seat_link_asks_to_sign_in_first_and_seats_nobody_signed_out(client, players, dee) -> None:
    game = import_18xx.import_export(running_export(), dee)
    link = seat_claims.claim_path(game.seats.get(index=2))
    html = client.get(link).content.decode()
    assert 'id="claim-signin"' in html and "Player 3" in html
    assert client.post(link).status_code == 200 and game.seats.get(index=2).user is None
    forged = client.get(link[:-6] + "abcdef/")
    assert forged.status_code == 400 and "not valid" in forged.content.decode()


def test_a_finished_game_becomes_a_read_only_game_to_review(client, dee) -> None:
    response = signed_in(client, dee).post("/games/import/", {"record": finished_export()})
    game = Game.objects.get()
    assert game.status == GameStatus.IMPORTED and game.is_read_only
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/history/"
    assert game.options["merger_consent"] is False  # a record to review keeps the import's options


def test_the_whole_recorded_game_imports_as_a_finished_game_to_review(client, dee) -> None:
    """Section 17, 22: 29683 replays to its end here, so its import is a finished game."""
    response = signed_in(client, dee).post("/games/import/", {"record": json.dumps(whole_export())})
    game = Game.objects.get()
    assert response.status_code == 302 and game.status == GameStatus.IMPORTED and game.is_read_only


def test_an_export_our_rules_stop_in_is_refused_in_the_words_of_the_refusal(client, dee) -> None:
    export = json.loads(json.dumps(whole_export()))
    next(action for action in export["actions"] if action["id"] == 354)["hex"] = "Q3"  # a gray hex
    response = signed_in(client, dee).post("/games/import/", {"record": json.dumps(export)})
    html = response.content.decode()
    assert response.status_code == 400 and not Game.objects.exists()
    assert "18xx.games action 354 (lay_tile)" in html and "gray hex" in html
    other = signed_in(client, dee).post("/games/import/", {"record": json.dumps(
        {"title": "1830", "players": [{"id": 1}, {"id": 2}], "actions": []})})
    assert other.status_code == 400 and "only 1861 exports" in other.content.decode()


def test_a_game_the_broken_bank_ended_reads_as_over_on_its_history_page(client, dee) -> None:
    """Section 17: past the bank's break the bank pays on into debt, and the game ends; its last
    position says so in words, not the engine's round kind ("end") or a minus sign after ₽."""
    record = (FIXTURES / "bank_breaks_then_final_phase.json").read_text(encoding="utf-8")
    response = signed_in(client, dee).post("/games/import/", {"record": record}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200 and "Final standings" in html
    assert 'id="round-label">Game over<' in html
    assert "₽-" not in html
    assert "The bank has broken: it paid ₽6,230 beyond its cash." in html
    assert "next train from the bank" not in html  # a finished game sells no more trains


def test_the_import_page_says_where_a_record_comes_from_in_player_words(client, dee) -> None:
    """A player has never read the engine's "record contract": the page names the record they can
    get, the one a history page here offers to download."""
    html = signed_in(client, dee).get("/games/import/").content.decode()
    assert "record contract" not in html
    assert "downloaded from a game's history page here" in html


def test_a_game_its_players_ended_by_agreement_reads_as_over_with_that_reason(client, dee) -> None:
    """18xx.games' End Game (17's worth at that moment): 29683 ended by Player 2 after action 400."""
    export = json.loads(json.dumps(whole_export()))
    export["actions"] = [action for action in export["actions"] if action["id"] <= 400]
    export["actions"].append({"type": "end_game", "entity": 4138, "entity_type": "player", "id": 401})
    export.update(game_end_reason="manually_ended", result={})
    response = signed_in(client, dee).post("/games/import/", {"record": json.dumps(export)}, follow=True)
    html = response.content.decode()
    game = Game.objects.get()
    assert response.status_code == 200 and game.status == GameStatus.IMPORTED and game.is_read_only
    assert "Final standings" in html and 'id="round-label">Game over<' in html
    assert "The game is over: the players ended it by agreement." in html
    # The board says why beside "Game over", where the position is read, not only in the log.
    assert '<p id="end-reason">The game ended: the players ended it by agreement.</p>' in html


def test_a_file_neither_record_nor_export_says_what_each_would_need(client, dee) -> None:
    """An 18xx.games export whose players are missing reads as our record, so the words say what a
    record lacks and what an export needs; a record that reads but breaks a rule says only that."""
    broken = json.dumps({"title": "1861", "actions": [{"type": "nonsense"}], "players": []})
    html = signed_in(client, dee).post("/games/import/", {"record": broken}).content.decode()
    assert "The record could not be read" in html and "lacks the field(s): seed, options" in html
    assert "If it is an 18xx.games export instead, its players must be listed as objects with an id and a name" in html
    illegal = json.dumps({"title": "acquire", "players": ["ann", "bob", "cy"], "seed": 1, "options": {},
                          "actions": [{"seat": 2, "action": {"type": "place_tile", "tile": "1A"}}]})
    refused = signed_in(client, dee).post("/games/import/", {"record": illegal}).content.decode()
    assert "Action 0 (counting from 0) was refused: cy does not hold 1A." in refused
    assert "18xx.games export instead" not in refused and not Game.objects.exists()


@pytest.mark.parametrize(("text", "words"), [
    ("<html>not a game</html>", "The record could not be read: The record is not valid JSON"),
    ("[1, 2]", "The record could not be read: A game record must be a JSON object."),
])
def test_a_file_that_is_not_a_json_object_is_told_only_that(client, dee, text, words) -> None:
    """Neither a record nor an export: what an export's players would need does not apply."""
    html = signed_in(client, dee).post("/games/import/", {"record": text}).content.decode()
    assert words in html
    assert "18xx.games export instead" not in html and not Game.objects.exists()


def test_a_player_who_claims_the_seat_the_game_waits_on_is_mailed_the_move(client, players, dee) -> None:
    """A walk claimed the seat owing move 275 and heard nothing until another player moved: the claim
    now sends that seat's turn mail; a seat the game does not wait on gets none."""
    ann, bob, _ = players
    signed_in(client, dee).post("/games/import/", {"record": running_export()})
    game = Game.objects.get()
    waiting = engine.prompts(engine.from_json(Snapshot.objects.get(game=game).state))[0].seat
    idle = next(seat.index for seat in game.seats.all() if seat.index != waiting)
    seat_claims.claim(game.pk, seat_claims.claim_token(game.seats.get(index=idle)), bob)
    seat_claims.claim(game.pk, seat_claims.claim_token(game.seats.get(index=waiting)), ann)
    mailed = Outbox.objects.filter(game=game, kind=MailKind.TURN)
    assert [(row.recipient, row.seat, row.version) for row in mailed] == [(ann, waiting, game.version)]


def test_two_imports_of_one_game_are_named_apart(client, dee) -> None:
    """A walk imported 29683 cut at two actions; both were "1861 from 18xx.games game 29683", and the
    mails of the two could not be told apart by their subjects.  A game moved here is named by the
    action it goes on from; a finished game to review keeps the plain name."""
    running = import_18xx.import_export(running_export(), dee)
    reviewed = import_18xx.import_export(finished_export(), dee)
    assert running.name == f"1861 from 18xx.games game 29683 (from action {LAST_ID})"
    assert reviewed.name == "1861 from 18xx.games game 29683"
