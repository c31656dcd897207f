"""New 1861 games from the new-game page: offered with its player counts and its one option.

1861 is started like any title (invitations, open seats, the seat order); the column market
(rules 7.2) is the one checkbox.  The switch that holds a title back still works for a title
whose pages are not ready, and names the reason in words.
"""

from __future__ import annotations

import html
import json
import re

import pytest

from games import services
from games.errors import SetupError
from games.forms import NewGameForm
from games.models import Game, GameStatus
from games.titles import TITLE_UI, ui_for

pytestmark = pytest.mark.django_db


def client_for(client, user):
    client.force_login(user)
    return client


def test_the_new_game_page_offers_1861_with_its_player_counts_and_the_column_market(client, players) -> None:
    html = client_for(client, players[0]).get("/games/new/").content.decode()
    assert '<option value="1861">1861: The Railways of the Russian Empire</option>' in html
    ranges = json.loads(re.search(r'id="player-ranges" type="application/json">([^<]*)<', html).group(1))
    assert ranges["1861"] == [2, 6]
    group = html[html.index('data-title="1861"'):]
    group = group[:group.index("</fieldset>")]
    assert "1861: The Railways of the Russian Empire options" in group
    assert 'name="opt_1861_column_market"' in group and "Column market" in group and "checked" not in group
    assert client.get("/games/rules/1861/").status_code == 200  # the fieldset's "how to play" link


def test_a_new_1861_game_starts_from_the_form_with_invitations_and_open_seats(client, players, dee) -> None:
    client_for(client, players[0])
    response = client.post("/games/new/", {
        "title": "1861", "name": "Russian railways", "seat_count": "3", "invitations": "bob@example.com",
        "seat_order_mode": "chosen", "time_limit": "none", "opt_1861_column_market": "on"})
    game = Game.objects.get(name="Russian railways")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.title == "1861"
    assert game.options == {"column_market": True, "merger_consent": True, "sale_consent": True}
    assert game.seats.get(index=1).invited_email == "bob@example.com"
    assert client_for(type(client)(), dee).post(f"/games/{game.pk}/join/").status_code == 302
    assert client_for(type(client)(), players[1]).post(f"/games/{game.pk}/join/").status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    page = client_for(type(client)(), players[0]).get(f"/games/{game.pk}/").content.decode()
    assert "is for sale" in page and 'data-zoom="map"' in page  # the private auction, on the map page


@pytest.mark.parametrize("count", ["1", "7"])
def test_a_player_count_1861_does_not_take_is_refused_in_words(client, players, count) -> None:
    response = client_for(client, players[0]).post("/games/new/", {
        "title": "1861", "seat_count": count, "seat_order_mode": "random", "time_limit": "none"})
    assert response.status_code == 400 and not Game.objects.exists()
    assert "valid choice" in response.content.decode() or "players" in response.content.decode()


def test_a_title_held_back_is_neither_offered_nor_started(monkeypatch, players) -> None:
    from dataclasses import replace

    monkeypatch.setitem(TITLE_UI, "1861", replace(ui_for("1861"), new_games_held_back="Its pages are not ready."))
    assert "1861" not in dict(NewGameForm().fields["title"].choices)
    with pytest.raises(SetupError, match="Its pages are not ready"):
        services.create_game(players[0], "1861", 3)


def test_the_1861_rules_page_and_help_page_read_from_the_engine(client) -> None:
    html = client.get("/games/rules/1861/").content.decode()
    assert "How to play 1861: The Railways of the Russian Empire" in html
    setup = html[html.index('id="setup-table"'):html.index("</table>", html.index('id="setup-table"'))]
    assert re.search(r"<th scope=\"row\">3</th><td class=\"num\">₽420</td><td class=\"num\">21</td>", setup)
    assert "<th scope=\"row\">TSR Tsarskoye Selo Railway</th><td class=\"num\">₽30</td>" in html
    assert "<th scope=\"row\">8</th><td class=\"num\">₽1,000</td>" in html
    assert "Nothing is hidden." in html and 'href="/games/titles/1861/help/"' in html
    help_page = client.get("/games/titles/1861/help/").content.decode()
    assert "no hidden information beyond what the rules make" in help_page
    assert "held back" not in help_page and "Registered, playable, and started on the site" in help_page


@pytest.mark.parametrize(("price", "refusal"), [("", "enter a whole number."), ("abc", "'abc' is not a whole number.")])
def test_a_private_auction_bid_posted_without_a_price_is_refused_not_read_as_the_minimum(
        client, players, price, refusal) -> None:
    """A cleared price box (posted past the browser's own check) was read as the minimum bid, ₽25."""
    from tests.games.factories import started_game
    from tests.games.pages import prompt_form, prompt_of

    game = started_game(players[:2], "1861", options={})
    bidder = players[prompt_of(game.pk).seat]
    form = prompt_form(client_for(client, bidder).get(f"/games/{game.pk}/").content.decode(), "bid")
    company = form["inputs"]["f.company"][0]["value"]
    response = client.post(form["attrs"]["action"], {**form["hidden"], "f.company": company, "f.price": price})
    assert response.status_code == 400 and refusal in response.content.decode().replace("&#x27;", "'")
    game.refresh_from_db()
    assert game.version == 0


def test_the_advanced_options_example_of_each_title_is_one_that_title_takes(client, players) -> None:
    """The help showed {"open_holdings": false} with 1861 chosen, which 1861 refuses."""
    page = html.unescape(client_for(client, players[0]).get("/games/new/").content.decode())
    advanced = page[page.index("<summary>Advanced options</summary>"):page.index("</details>")]
    examples = dict(re.findall(r'data-title="([^"]+)">For [^<]+, for example <code>([^<]+)</code>', advanced))
    assert json.loads(examples["1861"]) == {"column_market": True}
    assert json.loads(examples["acquire"]) == {"open_holdings": False}
    assert "open_holdings" not in advanced.replace(examples["acquire"], "")
    for title, example in examples.items():  # each one as a player would paste it
        response = client.post("/games/new/", {"title": title, "seat_count": "2", "seat_order_mode": "random",
                                               "time_limit": "none", "advanced_options": example})
        assert response.status_code == 302, (title, response.content.decode()[:2000])
