"""The game page, its prompt forms, the move endpoint and the other pages, through the test client."""

from __future__ import annotations

import json
import re
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.core import mail
from django.utils import timezone

from games import services
from games.models import Action, Game, GameStatus
from tests.games.factories import SCRIPT, TILE_BAG, play, play_to_end, started_game
from tests.games.pages import post_prompt, post_quick, prompt_form

pytestmark = pytest.mark.django_db


def client_for(client, user):
    client.force_login(user)
    return client


def test_the_game_page_shows_board_chains_players_hand_prompt_and_log(client, game, players):
    play(game, SCRIPT[:3])
    response = client_for(client, players[1]).get(f"/games/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'aria-label="Acquire board"' in html and html.count('class="cell') == 108
    assert 'data-tile="2A" data-chain="tower"' in html
    assert 'id="chains"' in html and "Tower" in html and 'id="players"' in html
    assert 'id="hand"' in html and "founds a new chain" in html  # bob's 4A
    assert 'data-prompt="place_tile"' in html and 'name="expected_version" value="3"' in html
    assert "ann bought 2 Tower shares" in html


def test_a_player_plays_the_whole_script_through_the_page_forms(client, game, players):
    ann, bob, cy = (client_for(type(client)(), user) for user in players)
    assert post_prompt(ann, game.pk, "place_tile", {"f.tile": "2A"}).status_code == 302
    assert post_prompt(ann, game.pk, "found_chain", {"f.chain": "tower"}).status_code == 302
    assert post_prompt(ann, game.pk, "buy_shares", {"f.shares.tower": "2"}).status_code == 302
    assert post_quick(bob, game.pk, "Place 4A").status_code == 302
    assert post_quick(bob, game.pk, "Found Luxor").status_code == 302
    assert post_quick(bob, game.pk, "Buy 2 Tower").status_code == 302
    assert post_prompt(cy, game.pk, "place_tile", {"f.tile": "3A"}).status_code == 302
    assert post_prompt(cy, game.pk, "choose_survivor", {"f.chain": "luxor"}).status_code == 302
    assert post_prompt(ann, game.pk, "dispose_shares", {"f.sell": "1", "f.trade": "2"}).status_code == 302
    assert post_quick(bob, game.pk, "Keep all").status_code == 302
    assert post_quick(cy, game.pk, "Buy nothing").status_code == 302
    actions = list(Action.objects.filter(game=game).order_by("seq").values_list("seat", "payload"))
    assert actions == [(seat, action) for seat, action in SCRIPT]
    assert all(source == "web" for source in Action.objects.filter(game=game).values_list("source", flat=True))


def test_the_dispose_form_has_count_inputs_with_their_bounds(client, game, players):
    play(game, SCRIPT[:8])
    html = client_for(client, players[0]).get(f"/games/{game.pk}/").content.decode()
    form = prompt_form(html, "dispose_shares")
    sell, trade = form["inputs"]["f.sell"][0], form["inputs"]["f.trade"][0]
    assert (sell["type"], sell["min"], sell["max"]) == ("number", "0", "3")
    assert (trade["max"], trade["step"]) == ("2", "2")


def _refused_buy(client, game, player, fields: dict[str, str]) -> str:
    """Posts a share purchase at version 2 (Tower on the board) and returns the refusal page,
    having checked that it is a 400 and that the game did not move."""
    play(game, SCRIPT[:2])
    response = client_for(client, player).post(f"/games/{game.pk}/move/", {"type": "buy_shares", **fields})
    assert response.status_code == 400
    game.refresh_from_db()
    assert game.version == 2
    return response.content.decode()


def test_a_form_naming_a_chain_not_on_offer_is_refused_and_changes_nothing(client, game, players):
    """Only Tower is on the board: shares of Luxor posted by hand once bought nothing and ended the turn."""
    page = _refused_buy(client, game, players[0], {"expected_version": "2", "option": "0", "f.shares.luxor": "2"})
    assert "&#x27;luxor&#x27; cannot be chosen now" in page


def test_a_version_the_game_has_not_reached_is_refused_not_called_already_done(client, game, players):
    page = _refused_buy(client, game, players[0], {"expected_version": "99", "f.shares.tower": "1"})
    assert "made for version 99 of the game, which is only at version 2" in page and "Already done" not in page


def test_an_illegal_move_shows_the_engines_sentence_and_changes_nothing(client, game, players):
    page = _refused_buy(client, game, players[0], {"expected_version": "2", "f.shares.tower": "4"})
    assert "At most 3 shares may be bought in a turn, not 4" in page


def test_a_stale_form_says_already_done_and_shows_the_position(client, game, players):
    play(game, SCRIPT[:1])
    response = client_for(client, players[0]).post(
        f"/games/{game.pk}/move/", {"expected_version": 0, "type": "place_tile", "f.tile": "2A"}
    )
    html = response.content.decode()
    assert response.status_code == 409 and "Already done" in html and 'data-prompt="found_chain"' in html
    assert Action.objects.filter(game=game).count() == 1


def test_moving_out_of_turn_is_refused_with_who_is_waiting(client, game, players):
    response = client_for(client, players[1]).post(
        f"/games/{game.pk}/move/", {"expected_version": 0, "type": "place_tile", "f.tile": "4A"}
    )
    assert response.status_code == 400 and "waiting for ann" in response.content.decode()
    # The browser's address goes back to the game page, so a reload does not post the refused form again.
    assert f'history.replaceState(null, "", "/games/{game.pk}/")' in response.content.decode()
    assert "history.replaceState" not in client.get(f"/games/{game.pk}/").content.decode()


def test_an_outsider_cannot_move(client, game, dee):
    response = client_for(client, dee).post(
        f"/games/{game.pk}/move/", {"expected_version": 0, "type": "place_tile", "f.tile": "2A"}
    )
    assert response.status_code == 403 and "no seat" in response.content.decode()
    assert client.post(f"/games/{game.pk}/move/", {}).status_code == 403
    assert Action.objects.filter(game=game).count() == 0


def test_anonymous_visitors_cannot_move(client, game):
    response = client.post(f"/games/{game.pk}/move/", {"expected_version": 0, "quick": "0"})
    assert response.status_code == 403
    assert Action.objects.filter(game=game).count() == 0


def test_a_finished_game_refuses_moves(client, players):
    game = play_to_end(started_game(players, options={"tile_bag": TILE_BAG[:3]}, seed=4))
    response = client_for(client, players[0]).post(
        f"/games/{game.pk}/move/", {"expected_version": game.version, "type": "buy_shares"}
    )
    # Not "This game is not being played": the mail path's words for a finished game.
    assert response.status_code == 409 and "This game is finished; no more moves" in response.content.decode()
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final standings" in page and "download record" in page


def test_final_standings_write_scores_as_money_on_the_page_and_in_the_result_mail(client, players):
    """A walk's standings read '1 Dee 32,300' beside 'Dee $32,300' in the players' table (a score is final worth)."""
    from notifications.compose import standing_rows

    game = play_to_end(started_game(players, options={"tile_bag": TILE_BAG[:3]}, seed=4))
    html = client.get(f"/games/{game.pk}/").content.decode()
    standings = html.split("Final standings", 1)[1].split("</table>", 1)[0]
    assert re.search(r'<td class="num">\$[0-9]{1,3}(,[0-9]{3})*</td>', standings)
    assert standing_rows([{"place": 1, "name": "ann", "score": 32300}], "₽")[0]["score"] == "₽32,300"


def test_a_finished_acquire_game_says_why_it_ended_and_lists_the_hand_without_tile_effects(client, players):
    """A walk's finished game still read '2C grows Continental' under 'Your tiles'; why it ended was only in the log."""
    import engine.core as engine
    from games.queries import current_state

    game = play_to_end(started_game(players, options={"tile_bag": TILE_BAG[:3]}, seed=4))
    view = engine.view(current_state(game), 0)
    page = client_for(client, players[0]).get(f"/games/{game.pk}/").content.decode()
    assert f"The game is over: {view['end_reason']}." in page
    assert "Your tiles" not in page
    if view["hand"]:
        assert "Tiles left in your hand" in page and not any(tile["effect"] in page for tile in view["hand"])


@pytest.mark.parametrize(
    "data",
    [
        {"expected_version": "x"},
        {"expected_version": "0", "type": "nonsense"},
        {"expected_version": "0", "quick": "99"},
        {"expected_version": "0", "quick": "-1"},
        {"expected_version": "0", "quick": "abc"},
        {"expected_version": "0", "type": "place_tile"},
        {"expected_version": "0", "type": "place_tile", "f.tile": "99Z"},
        {"expected_version": "0", "type": "place_tile", "f.tile": "x" * 500},
    ],
)
def test_bad_form_posts_are_clear_refusals(client, game, players, data):
    response = client_for(client, players[0]).post(f"/games/{game.pk}/move/", data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert Action.objects.filter(game=game).count() == 0


def test_the_game_page_works_for_spectators(client, game):
    play(game, SCRIPT[:3])
    response = client.get(f"/games/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200 and 'id="prompt"' not in html and 'id="hand"' not in html
    assert "waiting for <strong>bob</strong>" in html


def test_a_signed_out_visitor_is_asked_to_sign_in_to_play_and_comes_back_to_the_game(client, game, players):
    """A turn mail's "choose on the site" link opened where the player is not signed in (another device)."""
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="sign-in-to-play"' in html and f'href="/accounts/signin/?next=/games/{game.pk}/"' in html
    assert "to see your tiles and make your move." in html  # Acquire's tiles are the seat's own
    seated = client_for(type(client)(), players[0]).get(f"/games/{game.pk}/").content.decode()
    assert 'id="sign-in-to-play"' not in seated and 'id="prompt"' in seated
    play_to_end(game)
    assert 'id="sign-in-to-play"' not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_board_outlines_the_tile_placed_this_turn_at_each_step(client, game):
    """Stepping through a walk's history, the log said 'placed 4F' and nothing on the board showed where."""
    play(game, SCRIPT)
    outlined = re.compile(r'data-tile="([0-9]+[A-I])"[^>]*><rect [^>]*stroke-width="4"/>')
    for step in (7, 8, 9):  # Cy's tile 3A, his choice of survivor, Ann's disposal: still Cy's turn
        html = client.get(f"/games/{game.pk}/history/?step={step}").content.decode()
        assert "Thick outline: 3A, placed this turn." in html and outlined.findall(html) == ["3A"]
    html = client.get(f"/games/{game.pk}/history/?step=11").content.decode()  # Cy's turn is over
    assert "Thick outline" not in html and 'stroke-width="4"' not in html


def test_history_steps_through_the_game(client, game):
    play(game, SCRIPT)
    html = client.get(f"/games/{game.pk}/history/").content.decode()
    assert f"After move {len(SCRIPT)} of {len(SCRIPT)}" in html
    html = client.get(f"/games/{game.pk}/history/?step=2").content.decode()
    assert "After move 2 of 11" in html and 'data-tile="2A" data-chain="tower"' in html
    assert 'href="?step=1"' in html and 'href="?step=3"' in html and 'href="?step=0"' in html
    assert "ann founded Tower" in html and "bob placed 4A" not in html
    html = client.get(f"/games/{game.pk}/history/?step=0").content.decode()
    assert 'data-tile="2A" data-chain=""' in html and 'data-tile="1A" data-chain=""' in html
    assert 'aria-label="Share prices"' in html and 'aria-label="Net worth"' in html


@pytest.mark.parametrize("step", ["-5", "999", "abc", "", "1e9"])
def test_history_clamps_odd_steps(client, game, step):
    play(game, SCRIPT[:2])
    assert client.get(f"/games/{game.pk}/history/", {"step": step}).status_code == 200


def test_history_of_an_open_game_is_not_found(client, players):
    game = services.create_game(players[0], "acquire", 3)
    assert client.get(f"/games/{game.pk}/history/").status_code == 404


def test_the_record_downloads_only_when_the_game_is_over(client, players, game):
    play(game, SCRIPT[:2])
    assert client.get(f"/games/{game.pk}/record.json").status_code == 403
    done = play_to_end(started_game(players[:2], options={"tile_bag": []}, seed=9))
    response = client.get(f"/games/{done.pk}/record.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json() == services.record_for(done)


def test_import_page_creates_a_read_only_game(client, game, players):
    play(game, SCRIPT)
    text = json.dumps(services.record_for(game))
    client_for(client, players[2])
    response = client.post("/games/import/", {"record": text})
    imported = Game.objects.get(status=GameStatus.IMPORTED)
    assert response.status_code == 302 and response["Location"] == f"/games/{imported.pk}/history/"
    # Named for whose game it was; the page's badge names the title, so the name does not repeat it.
    assert imported.name == "Imported game of " + ", ".join(json.loads(text)["players"])
    html = client.get(f"/games/{imported.pk}/").content.decode()
    assert 'id="prompt"' not in html and "imported" in html
    bad = client.post("/games/import/", {"record": '{"title": "chess"}'})
    assert bad.status_code == 400 and "could not be read" in bad.content.decode()


def test_import_accepts_an_uploaded_file(client, players):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from engine.core.record import random_record

    record = random_record("acquire", ["p", "q"], 3).to_json()
    record["actions"] = record["actions"][:10]
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode(), content_type="application/json")
    response = client_for(client, players[0]).post("/games/import/", {"record_file": upload})
    assert response.status_code == 302


def test_creating_a_game_through_the_form(client, players, dee, django_capture_on_commit_callbacks):
    client_for(client, players[0])
    assert "Acquire options" in client.get("/games/new/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/games/new/", {
            "title": "acquire", "name": "Friday game", "seat_count": "3", "invitations": "BOB@example.com",
            "seat_order_mode": "chosen", "time_limit": "custom", "custom_hours": "36",
            "opt_acquire_open_holdings": "", "advanced_options": '{"tile_bag": ["1A"]}',
        })
    game = Game.objects.get(name="Friday game")
    invitation = mail.outbox[-1]
    assert invitation.to == ["bob@example.com"] and "ann invites you to play Acquire" in invitation.subject
    assert f"{settings.SITE_URL}/games/{game.pk}/invitation/" in invitation.body  # the site's own address
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.options == {"open_holdings": False, "tile_bag": ["1A"]}
    assert game.move_time_limit == timedelta(hours=36) and game.seat_order_mode == "chosen"
    assert game.seats.get(index=1).invited_email == "bob@example.com"
    dee_client = client_for(type(client)(), dee)
    assert "take-seat" in dee_client.get(f"/games/{game.pk}/").content.decode()
    assert dee_client.post(f"/games/{game.pk}/join/").status_code == 302
    bob_client = client_for(type(client)(), players[1])
    assert bob_client.post(f"/games/{game.pk}/join/").status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"advanced_options": "[1]"}, "JSON object"),
        ({"advanced_options": '{"colour": 1}'}, "Options"),
        ({"time_limit": "custom"}, "custom limit"),
        ({"seat_count": "9"}, "valid choice"),
        ({"title": "chess"}, "valid choice"),
        ({"invitations": "a@x.org b@x.org c@x.org"}, "do not fit"),
    ],
)
def test_the_create_form_explains_mistakes(client, players, fields, words):
    client_for(client, players[0])
    data = {"title": "acquire", "seat_count": "3", "seat_order_mode": "random", "time_limit": "none", **fields}
    response = client.post("/games/new/", data)
    assert response.status_code == 400 and words in response.content.decode()
    assert not Game.objects.exists()


def test_too_many_invitations_for_a_two_player_game_count_one_free_seat(client, players):
    client_for(client, players[0])
    data = {"title": "acquire", "seat_count": "2", "seat_order_mode": "random", "time_limit": "none",
            "invitations": "a@x.org b@x.org"}
    assert "2 invitations do not fit in 1 free seat." in client.post("/games/new/", data).content.decode()


def test_joining_a_started_game_is_refused(client, game, dee):
    response = client_for(client, dee).post(f"/games/{game.pk}/join/")
    assert response.status_code == 400 and "already started" in response.content.decode()


def test_my_games_lists_waiting_running_and_finished(client, players, game):
    done = play_to_end(started_game(players, options={"tile_bag": []}, seed=21))
    html = client_for(client, players[0]).get("/games/").content.decode()
    waiting = html.split("<h2>Running</h2>")[0]
    assert f"/games/{game.pk}/" in waiting  # ann's move
    assert f"/games/{done.pk}/history/" in html
    html = client_for(type(client)(), players[1]).get("/games/").content.decode()
    running = html.split("<h2>Running</h2>")[1].split("<h2>Finished</h2>")[0]
    assert f"/games/{game.pk}/" in running and "waiting for ann" in running
    public = client.get(f"/players/{players[1].pk}/").content.decode()
    assert "bob's games" in public and players[1].email not in public


def test_front_page_and_login_required_pages(client, game):
    assert client.get("/").status_code == 200
    for url in ("/games/", "/games/new/", "/games/import/", "/accounts/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/signin/")


def test_inbox_lists_mail_newest_first_with_clickable_links(client, settings):
    settings.EMAIL_BACKEND = "notifications.backends.InboxBackend"
    settings.TURNPOST_LOCAL_INBOX = True
    from django.core.mail import send_mail

    send_mail("first", "hello", None, ["a@example.com"])
    send_mail("second", "go to http://127.0.0.1:8000/games/1/", None, ["a@example.com"])
    html = client.get("/inbox/?to=a@example.com").content.decode()
    assert html.index("<h3>second</h3>") < html.index("<h3>first</h3>")
    assert '<a href="http://127.0.0.1:8000/games/1/"' in html
    settings.TURNPOST_LOCAL_INBOX = False  # a deployment: no inbox page, whatever the mail backend
    assert client.get("/inbox/").status_code == 404


def test_railroad_barons_pages_use_their_partial_and_history(client, players):
    from tests.games.factories import play_to_end

    game = started_game(players[:2], title="railroad-barons", options={}, seed=3)
    html = client_for(client, players[0]).get(f"/games/{game.pk}/").content.decode()
    assert 'id="holdings"' in html and "board-generic" not in html
    assert 'id="prompt"' in html or "Nothing to do now" in html
    game = play_to_end(game)
    history = client.get(f"/games/{game.pk}/history/?step=10").content.decode()
    assert "After move 10 of" in history and 'aria-label="Net worth"' in history
    record = client.get(f"/games/{game.pk}/record.json").json()
    imported = services.import_record(json.dumps(record), players[0])
    assert services.record_for(imported) == record


def test_a_position_read_while_a_move_lands_is_the_version_the_request_saw(players, game):
    from games import queries

    play(game, SCRIPT[:2])
    context = queries.game_context(game.pk, players[0])  # the request reads the game at version 2 ...
    play(game, SCRIPT[2:3])  # ... a move lands before it reads the snapshot
    position = queries.position_for(context)
    assert position.version == 2 and position.prompt.name == "buy_shares"
    assert position.view["players"][0]["cash"] == 6000  # before the purchase


def test_the_time_limit_reads_in_hours(client, players):
    game = services.create_game(players[0], "acquire", 3, move_time_limit=timedelta(hours=48))
    assert "within 48 hours" in client.get(f"/games/{game.pk}/").content.decode()
    game.move_time_limit = timedelta(hours=1)
    assert game.time_limit_label == "1 hour"


def test_the_board_key_mentions_your_hand_only_where_a_hand_is_shown(client, game, players):
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert "Grey: placed, not in a chain." in history and "a tile in your hand" not in history
    mine = client_for(client, players[0]).get(f"/games/{game.pk}/").content.decode()
    assert "Dashed outline: a tile in your hand." in mine


def test_the_merger_notice_names_the_chains(client, game):
    play(game, SCRIPT[:8])  # cy merged Tower into Luxor; ann disposes of Tower next
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Merger at 3A</strong>: Luxor survives; resolving Tower." in html


def test_a_tied_merger_says_who_chooses_the_survivor_while_they_choose(client, game):
    """A walk's page said only 'Merger at 3A.' while the mergemaker chose between tied chains."""
    play(game, SCRIPT[:7])  # cy's 3A joins Tower and Luxor, two tiles each
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Merger at 3A</strong>: Tower and Luxor are tied for largest; cy chooses which survives." in html


def test_a_merger_of_three_says_who_chooses_which_defunct_chain_goes_first():
    from games.titles.acquire import acquire_merger_words

    view = {"chains": {"american": {"name": "American"}, "festival": {"name": "Festival"}},
            "players": [{"seat": 0, "name": "Dee"}],
            "merger": {"tile": "8D", "mergemaker": 0, "survivor_name": "Worldwide", "defunct_name": None,
                       "still_to_resolve": ["american", "festival"]}}
    words = "Worldwide survives; Dee chooses which of American and Festival is resolved next."
    assert acquire_merger_words(view) == words


def test_the_log_opens_with_the_deal_instead_of_no_moves_yet(client, game, players):
    from notifications.gameplay import events_since_last_move

    deal = "ann drew 1A, bob drew 5A and cy drew 6E: ann starts, with the tile closest to 1A (R8)."
    client.force_login(players[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    on_page = deal.replace("(R8)", '(<a href="/games/rules/acquire/#R8" class="rule-ref">R8</a>)')  # linked to its rule
    assert "No moves yet" not in html and on_page in html
    hand = "ann drew 2A, 12A, 3C, 1E, 5G and 9I."
    assert hand in html and "bob drew 6 tiles." in html
    assert [line["text"] for line in events_since_last_move(game, 0)][:2] == [deal, hand]
    play(game, SCRIPT[:1])
    history = type(client)().get(f"/games/{game.pk}/history/?step=1").content.decode()
    assert "ann placed 2A, which founds a new chain." in history and on_page in history
    assert "ann drew 6 tiles." in history and "ann drew 2A" not in history
    assert history.index("ann placed 2A") < history.index(on_page)  # newest first: the deal is the oldest entry


def test_a_refused_move_keeps_what_the_player_typed(client, game, players):
    play(game, SCRIPT[:2])
    response = client_for(client, players[0]).post(
        f"/games/{game.pk}/move/", {"expected_version": 2, "type": "buy_shares", "f.shares.tower": "4"}
    )
    html = response.content.decode()
    assert response.status_code == 400 and "At most 3 shares may be bought in a turn, not 4" in html
    tower = prompt_form(html, "buy_shares")["inputs"]["f.shares.tower"][0]
    assert tower["value"] == "4"


def test_a_refused_dispose_keeps_both_counts(client, game, players):
    play(game, SCRIPT[:8])
    response = client_for(client, players[0]).post(
        f"/games/{game.pk}/move/", {"expected_version": 8, "type": "dispose_shares", "f.sell": "1", "f.trade": "1"}
    )
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    form = prompt_form(response.content.decode(), "dispose_shares")
    assert (form["inputs"]["f.sell"][0]["value"], form["inputs"]["f.trade"][0]["value"]) == ("1", "1")
    fresh = prompt_form(client.get(f"/games/{game.pk}/").content.decode(), "dispose_shares")
    assert fresh["inputs"]["f.trade"][0]["value"] == "0"


def test_the_game_page_shows_the_deadline_in_the_viewers_time_zone_as_the_mail_does(client, players):
    game = started_game(players)
    Game.objects.filter(pk=game.pk).update(move_time_limit=timedelta(hours=24))
    play(game, SCRIPT[:3])  # bob's prompt opens with its deadline
    from notifications.compose import local_time
    from notifications.models import Deadline

    due = Deadline.objects.get(game=game, seat=1, version=3).due_at
    players[1].time_zone = "America/New_York"
    players[1].save()
    html = client_for(client, players[1]).get(f"/games/{game.pk}/").content.decode()
    local = due.astimezone(ZoneInfo("America/New_York"))
    words = f"{local:%a} {local.day} {local:%b}, {local:%H:%M} {local.tzname()}"
    assert f'your move is due\n    <time datetime="{local.isoformat()}">{words}</time>' in html
    assert local_time(due, players[1], timezone.now()) == words  # the turn mail's "Please answer by"
    spectator = type(client)().get(f"/games/{game.pk}/").content.decode()
    utc = due.astimezone(UTC)
    utc_words = f"{utc:%a} {utc.day} {utc:%b}, {utc:%H:%M} UTC"  # signed out: UTC, named
    assert f'bob\'s move is due\n    <time datetime="{utc.isoformat()}">{utc_words}</time>' in spectator


def test_a_game_without_a_time_limit_shows_no_deadline(client, game, players):
    html = client_for(client, players[0]).get(f"/games/{game.pk}/").content.decode()
    assert 'id="deadline"' not in html


def test_the_version_endpoint_says_where_the_game_is(client, game):
    expected = {"version": 0, "status": "active", "resigned_count": 0, "chat": 0}
    assert client.get(f"/games/{game.pk}/version.json").json() == expected
    play(game, SCRIPT[:1])
    response = client.get(f"/games/{game.pk}/version.json")
    assert response.json()["version"] == 1 and response["Cache-Control"] == "no-store"
    assert client.get("/games/99999/version.json").status_code == 404
    assert client.post(f"/games/{game.pk}/version.json").status_code == 405


def test_history_charts_title_their_axes_and_name_each_value(client, game):
    play(game, SCRIPT)
    html = client.get(f"/games/{game.pk}/history/?step=4").content.decode()
    prices = html.split('aria-label="Share prices"')[1].split("</svg>")[0]
    assert ">Move</text>" in prices and ">Share price</text>" in prices
    assert '<rect x="' in prices and "<title>After move 3: Tower $" in prices
    worth = html.split('aria-label="Net worth"')[1].split("</svg>")[0]
    assert ">Net worth</text>" in worth and "<title>Start: ann $6,000, bob $6,000, cy $6,000</title>" in worth
    assert '<p class="help" id="worth-now">After move 4: ann $' in html  # the marked step in words, for everyone


def test_player_colours_are_none_of_the_chain_or_holding_colours():
    from games.charts import PLAYER_COLOURS
    from games.titles.acquire import ACQUIRE_COLOURS
    from games.titles.railroad_barons import HOLDING_COLOURS

    chains = {fill for fill, _ in [*ACQUIRE_COLOURS.values(), *HOLDING_COLOURS.values()]}
    assert len(set(PLAYER_COLOURS)) == len(PLAYER_COLOURS) >= 6 and not chains & set(PLAYER_COLOURS)


def test_history_buttons_are_disabled_at_either_end(client, game):
    play(game, SCRIPT[:2])
    start = client.get(f"/games/{game.pk}/history/?step=0").content.decode()
    assert '<span class="button secondary disabled" aria-disabled="true" id="step-prev">' in start
    assert 'id="step-first"' in start and 'href="?step=0" id="step-first"' not in start
    assert 'href="?step=1" id="step-next"' in start
    end = client.get(f"/games/{game.pk}/history/?step=2").content.decode()
    assert '<span class="button secondary disabled" aria-disabled="true" id="step-last">' in end
    assert 'href="?step=1" id="step-prev"' in end and 'id="step-next" rel' not in end


def test_the_board_has_a_text_equivalent(client, game, players):
    play(game, SCRIPT[:3])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'aria-describedby="board-words"' in html
    words = html.split('id="board-words"')[1].split("</details>")[0]
    assert "<strong>Tower</strong>, 2 tiles: 1A, 2A." in words


def test_the_game_pages_title_bar_is_plain_text_and_its_notes_are_in_the_page(client, game, players):
    """The browser's title bar shows <title> as text: markup there is shown literally (and its script never runs)."""
    import re

    html = client_for(client, players[0]).get(f"/games/{game.pk}/").content.decode()
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    assert title == f"{game} · Turnpost"
    assert html.count('id="moved-on"') == 1  # the page's one poll, in the body where its script runs


def test_a_game_dealt_in_a_fixed_tile_order_says_so_to_every_reader(client, players):
    fixed = started_game(players)  # the factory's games deal a fixed tile order
    drawn = started_game(players, options={"tile_bag": []})
    warning = "so whoever created it may know every player&#x27;s tiles"
    for path in (f"/games/{fixed.pk}/", f"/games/{fixed.pk}/history/"):
        assert warning in client.get(path).content.decode(), path
    assert warning in client_for(client, players[2]).get(f"/games/{fixed.pk}/").content.decode()
    assert warning not in client.get(f"/games/{drawn.pk}/").content.decode()
    waiting = services.create_game(players[0], "acquire", 3, options={"tile_bag": TILE_BAG})
    assert warning in client.get(f"/games/{waiting.pk}/").content.decode()  # before anyone takes a seat


def test_a_finished_game_no_longer_shows_its_time_per_move(client, players):
    """A walk's finished game still said "24 hours per move" in its header."""
    game = started_game(players)
    Game.objects.filter(pk=game.pk).update(move_time_limit=timedelta(hours=24))
    assert "24 hours per move" in client.get(f"/games/{game.pk}/").content.decode()
    play_to_end(game)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert "per move" not in client.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize(("hours", "message"), [
    ("0", "A custom time limit is at least 1 hour."),
    ("721", "A custom time limit is at most 720 hours (30 days)."),
    ("1.5", "Give the custom limit in whole hours."),
    ("", "Give the custom limit in hours."),
])
def test_a_custom_time_limit_out_of_range_gets_one_message_in_the_sites_words(client, players, hours, message):
    """A walk's 0 hours showed Django's "Ensure this value is greater than or equal to 1." beside the
    form's own "Give the custom limit in hours."."""
    client_for(client, players[0])
    data = {"title": "acquire", "seat_count": "3", "seat_order_mode": "random", "time_limit": "custom",
            "custom_hours": hours}
    page = client.post("/games/new/", data)
    assert page.context["form"].errors["custom_hours"] == [message]
    assert "Ensure this value" not in page.content.decode() and not Game.objects.exists()


def test_a_mistyped_invitation_is_named_with_the_forms_other_mistakes(client, players):
    """A walk fixed the form's other errors first and only then learned that an address was wrong."""
    client_for(client, players[0])
    data = {"title": "acquire", "seat_count": "3", "seat_order_mode": "random", "time_limit": "custom",
            "invitations": "bob@example.com bob-at-home"}
    html = client.post("/games/new/", data).content.decode()
    assert "Not an e-mail address: bob-at-home." in html and "Give the custom limit in hours." in html
    assert not Game.objects.exists()
