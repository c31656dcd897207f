"""Table talk through the game page and the history page (the test client: no script, forms posted as sent)."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from games import chat, services
from games.models import ChatMessage, Game, GameStatus
from tests.games.factories import SCRIPT, play
from tests.games.pages import forms_of

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def chat_form(html: str) -> dict:
    return next(form for form in forms_of(html) if form["attrs"].get("id") == "chat-form")


def say(client: Client, game: Game, body: str):
    """Fill the game page's chat form and post it, as a browser without script would."""
    form = chat_form(client.get(f"/games/{game.pk}/").content.decode())
    return client.post(form["attrs"]["action"], {**form["hidden"], "body": body})


def test_a_player_posts_from_the_game_page_and_everyone_reads_it_escaped_with_its_line_breaks(game, players):
    play(game, SCRIPT[:2])
    response = say(signed_in(players[1]), game, "Nice founding.\n<script>alert(1)</script> @ann")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#chat"
    page = Client().get(f"/games/{game.pk}/").content.decode()  # a visitor, signed out
    assert "<script>alert(1)</script>" not in page
    assert 'Nice founding.\n&lt;script&gt;alert(1)&lt;/script&gt; <strong class="mention">@ann</strong>' in page
    assert "<strong>bob</strong> · after move 2" in page
    message = ChatMessage.objects.get(game=game)
    assert (message.seat, message.version, message.mentions, message.user) == (1, 2, [0], players[1])


def test_the_same_form_sent_twice_posts_once(game, players):
    bob = signed_in(players[1])
    form = chat_form(bob.get(f"/games/{game.pk}/").content.decode())
    sent = [bob.post(form["attrs"]["action"], {**form["hidden"], "body": "hello"}) for _ in range(2)]
    assert [response.status_code for response in sent] == [302, 302]
    assert ChatMessage.objects.filter(game=game).count() == 1
    assert say(bob, game, "hello").status_code == 302  # a fresh form is a new message, even with the same words
    assert ChatMessage.objects.filter(game=game).count() == 2


@pytest.mark.django_db(transaction=True)
def test_simultaneous_sends_of_one_form_post_once(players):
    from tests.games.factories import started_game

    game = started_game(players)
    nonce = chat.new_nonce()
    results: list[bool] = []

    def send() -> None:
        try:
            results.append(chat.post_message(game.pk, players[0], "gl hf", nonce)[1])
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    assert ChatMessage.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(("body", "words"), [
    ("", "Your message is empty"),
    ("  \n\n ", "Your message is empty"),
    ("x" * 1001, "Your message has 1,001 characters; a message may have at most 1,000."),
])
def test_an_empty_or_too_long_message_is_refused_and_kept_in_the_box(game, players, body, words):
    response = say(signed_in(players[0]), game, body)
    html = response.content.decode()
    assert response.status_code == 400 and words in html
    assert f'required aria-describedby="chat-help" autofocus>{body}</textarea>' in html
    assert not ChatMessage.objects.exists()


def test_a_form_without_its_nonce_is_refused_and_keeps_the_text(game, players):
    response = signed_in(players[0]).post(f"/games/{game.pk}/chat/", {"body": "gl hf"})
    assert response.status_code == 400 and "The form was incomplete" in response.content.decode()
    assert ">gl hf</textarea>" in response.content.decode() and not ChatMessage.objects.exists()


def test_a_thousand_characters_with_windows_line_breaks_fit(game, players):
    body = ("y" * 499 + "\r\n") * 2  # 1,002 as sent, 999 once stripped and the breaks are one character each
    assert say(signed_in(players[0]), game, body).status_code == 302
    assert ChatMessage.objects.get().body == "y" * 499 + "\n" + "y" * 499


def test_visitors_and_outsiders_read_but_are_told_why_they_cannot_post(game, players, dee):
    say(signed_in(players[0]), game, "gl hf")
    anonymous = Client().get(f"/games/{game.pk}/").content.decode()
    assert "gl hf" in anonymous and 'id="chat-form"' not in anonymous
    assert "Only the players of this game can post here; sign in if you are one of them." in anonymous
    outsider = signed_in(dee)
    assert "you can read along" in outsider.get(f"/games/{game.pk}/").content.decode()
    refused = outsider.post(f"/games/{game.pk}/chat/", {"body": "hi", "nonce": chat.new_nonce()})
    assert refused.status_code == 403 and "Only the players seated at this game" in refused.content.decode()
    assert Client().post(f"/games/{game.pk}/chat/", {"body": "hi", "nonce": chat.new_nonce()}).status_code == 403
    assert ChatMessage.objects.count() == 1


def test_players_of_a_finished_game_can_still_say_gg(game, players):
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    assert say(signed_in(players[2]), game, "gg").status_code == 302
    assert "gg" in Client().get(f"/games/{game.pk}/").content.decode()


def test_an_imported_game_has_a_read_only_chat(game, players):
    play(game, SCRIPT)
    imported = services.import_record(json.dumps(services.record_for(game)), players[0])
    page = signed_in(players[0]).get(f"/games/{imported.pk}/").content.decode()
    assert 'id="chat-form"' not in page and "imported from a record for review: its chat is read-only" in page
    refused = signed_in(players[0]).post(f"/games/{imported.pk}/chat/", {"body": "hi", "nonce": chat.new_nonce()})
    assert refused.status_code == 409 and not ChatMessage.objects.exists()


def test_an_open_game_takes_no_chat_yet(players):
    game = services.create_game(players[0], "acquire", 3)
    refused = signed_in(players[0]).post(f"/games/{game.pk}/chat/", {"body": "hi", "nonce": chat.new_nonce()})
    assert refused.status_code == 409 and "The chat opens when the game starts." in refused.content.decode()


def test_a_players_own_name_is_no_mention(game, players):
    say(signed_in(players[0]), game, "@ann talks to herself, @cy listens")
    assert ChatMessage.objects.get().mentions == [2]


def test_the_history_shows_what_was_said_after_each_move(game, players):
    ann, bob = signed_in(players[0]), signed_in(players[1])
    say(bob, game, "good luck")  # before move 1
    play(game, SCRIPT[:2])
    say(ann, game, "Tower is mine")  # after move 2
    play(game, SCRIPT[2:4])
    history = Client()
    at_one = history.get(f"/games/{game.pk}/history/?step=1").content.decode()
    assert "good luck" in at_one and "Tower is mine" not in at_one
    assert "Table talk up to move 1" in at_one and "before move 1" in at_one
    at_two = history.get(f"/games/{game.pk}/history/?step=2").content.decode()
    assert "After move 2 of 4" in at_two and "Tower is mine" in at_two
    assert '<a href="?step=2">after move 2</a>' in at_two
    assert at_two.count('class="current"') >= 2  # the log's move 2 and the line said after it
    at_start = history.get(f"/games/{game.pk}/history/?step=0").content.decode()
    assert "good luck" in at_start and "Tower is mine" not in at_start


def test_the_polled_version_names_the_newest_message(game, players):
    assert Client().get(f"/games/{game.pk}/version.json").json()["chat"] == 0
    say(signed_in(players[0]), game, "gl hf")
    newest = ChatMessage.objects.get(game=game).pk
    polled = Client().get(f"/games/{game.pk}/version.json").json()
    assert polled == {"version": 0, "status": "active", "resigned_count": 0, "chat": newest}


def test_control_characters_are_dropped_and_the_newest_message_comes_first(game, players):
    ann = signed_in(players[0])
    say(ann, game, "first")
    assert say(ann, game, "sec\x00ond\x07\tline").status_code == 302
    assert ChatMessage.objects.order_by("id").last().body == "second\tline"
    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert page.index('<p class="chat-body">second\tline</p>') < page.index('<p class="chat-body">first</p>')


def test_a_player_who_posts_too_fast_is_told_to_wait_and_may_post_again_a_minute_later(game, players):
    bob = signed_in(players[1])
    for number in range(chat.POSTS_PER_MINUTE):
        assert say(bob, game, f"line {number}").status_code == 302
    refused = say(bob, game, "one more")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert f"You have posted {chat.POSTS_PER_MINUTE} messages in the last minute" in page and "one more" in page
    assert ChatMessage.objects.filter(game=game).count() == chat.POSTS_PER_MINUTE
    assert say(signed_in(players[0]), game, "ann is not held back").status_code == 302  # the limit is per seat
    ChatMessage.objects.filter(game=game).update(created=timezone.now() - timedelta(seconds=61))
    assert say(bob, game, "one more").status_code == 302
