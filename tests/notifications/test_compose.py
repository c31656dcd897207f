"""Mail contents: the position from the recipient's view, links per quick answer, never another seat's tiles."""

import re

import pytest
from django.core import mail

import engine.core as engine
from games import resignation
from games.models import Snapshot
from notifications.orders import place_order
from tests.notifications.helpers import (
    HANDS,
    TILE_BAG,
    html_of,
    move,
    move_links,
    outbox_to,
    path_of,
    start_game,
    without_urls,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_turn_mail_has_the_position_and_one_link_per_answer(game):
    message = outbox_to("ann@example.com")[-1]
    assert message.subject == "Acquire by ann · move 1: Which tile do you place?"
    assert message.to == ["ann@example.com"]
    links = move_links(message.body)
    assert list(links) == [
        "Place 2A — founds a new chain", "Place 12G — stands alone", "Place 1H — stands alone",
        "Place 3H — stands alone", "Place 5H — stands alone", "Place 7H — stands alone",
    ]
    assert "* Choose on the site (anything else):\n  http://127.0.0.1:8000/games/" in message.body
    assert " A  o  *  .  .  o  .  .  .  .  .  .  ." in message.body  # 1A, 5A unincorporated; ann holds 2A
    assert "ann (you): $6,000; shares: no shares; 6 tiles" in message.body
    assert "2A: founds a new chain" in message.body
    html = html_of(message)
    assert 'aria-label="Board, 12 columns by rows A to I"' in html
    assert '<td bgcolor="#fff3c4" style="background-color:#fff3c4;color:#1d2330' in html  # ann's tiles marked
    assert all(f'href="{url}"' in html for url in links.values())


def test_a_subject_names_the_title_only_where_the_games_name_does_not(players):
    start_game(players, name="Friday night")
    assert outbox_to("ann@example.com")[-1].subject == "Friday night · Acquire · move 1: Which tile do you place?"


def test_the_mail_tells_what_happened_since_your_last_move(game):
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})
    move(game.pk, 0, {"type": "buy_shares", "shares": {"tower": 2}})
    body = outbox_to("bob@example.com")[-1].body
    assert "Since your last move:" in body
    assert "ann" in body.split("Since your last move:")[1] and "Tower" in body


@pytest.mark.parametrize("open_holdings", [True, False])
def test_no_mail_shows_another_seats_tiles(players, open_holdings):
    game = start_game(players, options={"tile_bag": TILE_BAG, "open_holdings": open_holdings})
    script = [(0, {"type": "place_tile", "tile": "2A"}), (0, {"type": "found_chain", "chain": "tower"}),
              (0, {"type": "buy_shares", "shares": {"tower": 2}}), (1, {"type": "place_tile", "tile": "6A"}),
              (1, {"type": "found_chain", "chain": "luxor"}), (1, {"type": "buy_shares", "shares": {}})]
    for seat, action in script:
        before = len(mail.outbox)
        move(game.pk, seat, action)
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        for message in mail.outbox[before:]:
            reader = [p.email for p in players].index(message.to[0])
            text = without_urls(message.body + html_of(message))
            for other, hand in enumerate(state.hands):
                if other != reader:
                    assert not [tile for tile in hand if re.search(rf"\b{tile}\b", text)]
    cy_mail = outbox_to("cy@example.com")[-1].body
    assert any(tile in cy_mail for tile in HANDS[2])
    assert ("ann: $5,600" in cy_mail) is open_holdings
    assert ("cash and shares not shown" in cy_mail) is not open_holdings


def test_standing_orders_are_restated_with_a_cancel_link(game, client):
    place_order(game.pk, 0, "sell_all")
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    body = outbox_to("ann@example.com")[-1].body
    assert "Your standing orders in this game:\n* in mergers: sell all (cancel: http://" in body
    cancel = re.search(r"cancel: http://[^/]+(/mail/order/cancel/\S+/)\)", body)[1]
    assert b"Cancel it" in client.get(cancel).content
    assert b"is cancelled" in client.post(cancel).content
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})
    assert "standing orders" not in outbox_to("ann@example.com")[-1].body


def test_the_result_mail_links_the_whole_game_move_by_move_to_its_history_page(players, client):
    game = start_game(players[:2])
    mail.outbox.clear()
    resignation.resign(game.pk, players[1])
    message = outbox_to("ann@example.com")[-1]
    url = message.body.split("The whole game, move by move: ", 1)[1].split()[0]
    assert path_of(url) == f"/games/{game.pk}/history/"
    assert f'href="{url}" style="color:#1f5fbf">The whole game, move by move</a>' in html_of(message)
    client.force_login(players[0])
    assert "ann wins." in client.get(path_of(url)).content.decode()


@pytest.mark.parametrize(("question", "phrase"), [
    # A walk's subject read 'move 187: Picable Inc': the holding's "Inc." was taken for the sentence's end.
    ("Picable Inc. earned $93: how much per share does it pay?",
     "Picable Inc. earned $93: how much per share does it pay?"),
    ("McGreed Bros.' turn: buy, sell or scrap railroads, or end the turn.",
     "McGreed Bros.' turn: buy, sell or scrap railroads, or end the turn"),
    ("Player 2, for GRR, offers ₽400 for MKN's 7-train. Do you accept?",
     "Player 2, for GRR, offers ₽400 for MKN's 7-train"),
    ("Merger round 3.1: RO's turn (₽90). Convert, merge or pass?", "Merger round 3.1: RO's turn (₽90)"),
    ("Stock round 1: sell, buy, pass or end your turn.", "Stock round 1: sell, buy, pass or end your turn"),
])
def test_a_subjects_decision_is_the_questions_first_sentence_not_cut_at_an_abbreviation(question, phrase):
    from notifications.compose import decision_phrase

    assert decision_phrase(engine.Prompt(0, "asked", question, ()), "P1") == phrase


def test_the_acquire_result_mail_says_why_the_game_ended_and_lists_the_tiles_left_without_their_effects(players):
    """A walk's result mail said only that the game was over, and under 'Your tiles' read '2C: grows
    Continental' for tiles no one can play any more."""
    from games.queries import current_state
    from tests.games.factories import play_to_end

    game = play_to_end(start_game(players[:2]))
    view = engine.view(current_state(game), 0)
    result = next(message for message in outbox_to("ann@example.com") if message.subject.endswith("the game is over"))
    assert f"The game is over: {view['end_reason']}." in result.body
    assert f"<strong>The game is over: {view['end_reason']}.</strong>" in html_of(result)
    assert "Your tiles" not in result.body and "Your tiles" not in html_of(result)
    if view["hand"]:
        tiles = ", ".join(tile["tile"] for tile in view["hand"])
        assert f"Tiles left in your hand: {tiles}" in result.body and tiles in html_of(result)
        assert not any(tile["effect"] in result.body for tile in view["hand"])
