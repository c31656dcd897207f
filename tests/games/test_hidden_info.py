"""No page or API response shows a seat's tiles to anyone else, nor closed holdings.

Every tile name labels a board cell, so pages are checked without their SVG drawings;
a tile still in a hand or the bag is never on the board, so it must appear nowhere else.
"""

from __future__ import annotations

import pytest

import engine.core as engine
from accounts.models import ApiToken
from games.models import Snapshot
from tests.games.factories import SCRIPT, TILE_BAG, play, started_game
from tests.games.pages import mentions_tile, without_svg

pytestmark = pytest.mark.django_db

STEPS = [0, 3, 7, 9, len(SCRIPT)]


def secret_tiles(game, seat):
    """Tiles the viewer at ``seat`` (None: nobody) must not see: other hands and the bag."""
    state = Snapshot.objects.get(game=game).state
    hidden = set(state["bag"])
    for index, hand in enumerate(state["hands"]):
        if index != seat:
            hidden |= set(hand)
    return hidden


def own_tiles(game, seat):
    return set(Snapshot.objects.get(game=game).state["hands"][seat])


def assert_hidden(text, hidden, where):
    leaked = sorted(tile for tile in hidden if mentions_tile(text, tile))
    assert not leaked, f"{where} shows hidden tiles {leaked}"


@pytest.mark.parametrize("steps", STEPS)
def test_each_seats_pages_show_only_their_own_tiles(client, players, dee, steps):
    game = play(started_game(players), SCRIPT[:steps])
    viewers = [(seat, user) for seat, user in enumerate(players)] + [(None, dee), (None, None)]
    for seat, user in viewers:
        test_client = type(client)()
        if user:
            test_client.force_login(user)
        for url in (f"/games/{game.pk}/", f"/games/{game.pk}/history/", f"/games/{game.pk}/history/?step=1", "/"):
            html = without_svg(test_client.get(url).content.decode())
            assert_hidden(html, secret_tiles(game, seat), f"{url} for seat {seat}")
        if seat is not None:
            page = without_svg(test_client.get(f"/games/{game.pk}/").content.decode())
            assert all(mentions_tile(page, tile) for tile in own_tiles(game, seat))


@pytest.mark.parametrize("steps", STEPS)
def test_each_seats_api_view_shows_only_their_own_tiles(client, players, dee, steps):
    game = play(started_game(players), SCRIPT[:steps])
    for seat, user in [*enumerate(players), (None, dee)]:
        key = ApiToken.issue(user, "t")[1]
        text = client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode()
        assert_hidden(text, secret_tiles(game, seat), f"API for seat {seat}")
        listing = client.get("/api/games", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode()
        assert_hidden(listing, secret_tiles(game, seat), "API list")


def test_the_seed_of_a_running_game_is_not_published(client, players):
    game = play(started_game(players, options={"tile_bag": TILE_BAG}, seed=424242), SCRIPT[:1])
    key = ApiToken.issue(players[0], "t")[1]
    for text in (client.get(f"/games/{game.pk}/").content.decode(),
                 client.get(f"/games/{game.pk}/history/").content.decode(),
                 client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode(),
                 client.get(f"/games/{game.pk}/record.json").content.decode()):
        assert "424242" not in text


def test_closed_holdings_are_hidden_from_other_seats_and_spectators(client, players):
    game = play(started_game(players, options={"tile_bag": TILE_BAG, "open_holdings": False}), SCRIPT[:6])
    state = engine.from_json(Snapshot.objects.get(game=game).state)
    assert engine.view(state, 0)["players"][0]["cash"] == 5600  # ann sees her own
    bob = type(client)()
    bob.force_login(players[1])
    page = bob.get(f"/games/{game.pk}/").content.decode()
    ann_row = page.split('id="players"')[1].split("<td>ann")[1].split("</tr>")[0]
    assert "hidden" in ann_row and "$" not in ann_row
    key = ApiToken.issue(players[1], "t")[1]
    view = client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").json()["view"]
    assert "cash" not in view["players"][0] and "shares" not in view["players"][0]
    assert view["players"][1]["cash"] == 5600  # his own
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert 'aria-label="Net worth"' not in history and "closed holdings" in history
    players_table = history.split('id="players"')[1].split("</table>")[0]
    assert "$" not in players_table


def test_the_log_hides_other_seats_draws(client, players):
    game = play(started_game(players), SCRIPT[:3])
    ann, bob = type(client)(), type(client)()
    ann.force_login(players[0])
    bob.force_login(players[1])
    assert "ann drew 10E." in ann.get(f"/games/{game.pk}/").content.decode()
    bob_page = bob.get(f"/games/{game.pk}/").content.decode()
    assert "ann drew a tile." in bob_page and "10E" not in without_svg(bob_page)
    assert client.get(f"/games/{game.pk}/record.json").status_code == 403
