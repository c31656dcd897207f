"""1861's track and token picker on the game page, without JavaScript (issue 14, item 2).

Game 29683 cut at its action 78: MV (Player 1, seat 0) is at the track step of operating
round 1.1 in phase 2.  The acting seat's page lists every legal lay the engine offers (hex,
tile, rotation, cost), each drawn as the map would draw it and each a button posting the
prompt's own lay_tile fields; pressing one lays the tile.  A stale or illegal post is refused
in words and changes nothing.  At action 376, NW is at its token step: every city with its
cost.  At 545, a just parred major's home city.  A spectator's page carries no picker.
"""

from __future__ import annotations

import re

import pytest

from engine.core import prompts
from engine.t1861 import company_turn
from engine.t1861.data import DATA
from engine.t1861.geometry import edge_name
from engine.t1861.lays import legal_lays
from engine.t1861.operate_prompt import can_pay
from engine.t1861.tiles import rotate_path
from engine.t1861.tokens import home_city_options, legal_tokens
from games import import_18xx, queries
from games.models import Game
from games.titles.t1861.lay_picker import prompt_picker
from tests.engine.t1861.games import fixture_replay
from tests.games.t1861_imports import running_export
from tests.games.test_t1861_pages import hex_title, section, text

pytestmark = pytest.mark.django_db

TRACK_CUT, MANY_HEXES_CUT, TOKEN_CUT, HOME_CUT = 78, 270, 376, 545  # MV in one hex; MNN in seven; NW's token


def seated(game: Game, user, index: int) -> None:
    seat = game.seats.get(index=index)
    seat.user, seat.display_name = user, user.display_name
    seat.save()


def state_of(game: Game):
    return queries.current_state(Game.objects.get(pk=game.pk))


def listed(html: str) -> list[dict[str, str]]:
    """Each button of the picker: its key, its markup and every field pressing it posts (its form's and its own)."""
    pressed = []
    for label, form in re.findall(r'<form method="post" action="[^"]+" class="pick-form" data-label="([^"]*)">(.*?)'
                                  r'</form>', html, re.S):
        hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
        for name, value, key, body in re.findall(
                r'<button type="submit" class="secondary" name="([^"]+)" value="([^"]*)" data-pick="([^"]+)"(.*?)'
                r'</button>', form, re.S):
            pressed.append({"key": key, "body": body, "heading": label, **hidden, name: value})
    return pressed


def lay_key(hex_id: str, tile: str, rotation: int) -> str:
    return f"{hex_id}-{tile}-{rotation}"


@pytest.fixture
def track_game(players) -> Game:
    game = import_18xx.import_export(running_export(TRACK_CUT), None)
    seated(game, players[0], 0)
    return game


@pytest.mark.parametrize(("cut", "company"), [(TRACK_CUT, "mv"), (MANY_HEXES_CUT, "mnn")])
def test_the_acting_seat_sees_every_legal_lay_with_its_cost_and_a_drawing(client, players, cut, company) -> None:
    game = import_18xx.import_export(running_export(cut), None)
    state = state_of(game)
    assert company_turn.turn(state)["company"] == company
    seated(game, players[0], company_turn.operator(state, company))
    legal = [lay for lay in legal_lays(state.board, company.upper(), state.phase, company_turn.lays_done(state))
             if can_pay(state, company, lay.cost)]
    expected, tracks = [], set()
    for lay in legal:  # a lay whose track an earlier rotation of its tile lays already is listed once
        track = (lay.hex, lay.tile, frozenset(frozenset(rotate_path(path, lay.rotation))
                                              for path in DATA.tiles[lay.tile].paths))
        if track not in tracks:
            tracks.add(track)
            expected.append(lay)
    assert len(expected) > 12  # more than the prompt's twelve quick answers
    client.force_login(players[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    forms = listed(html)
    keys = [lay_key(lay.hex, lay.tile, lay.rotation) for lay in expected]
    assert sorted(form["key"] for form in forms) == sorted(keys) and len(forms) == len(keys)
    by_key = {form["key"]: form for form in forms}
    for lay in expected:
        form = by_key[lay_key(lay.hex, lay.tile, lay.rotation)]
        assert form["type"] == "lay_tile" and form["f.hex"] == lay.hex.lower()
        assert form["f.tile"] == lay.tile and form["f.rotation"] == str(lay.rotation)
        assert f"<strong>₽{lay.cost}</strong>" in form["body"]
        assert form["csrfmiddlewaretoken"] and form["expected_version"]
        assert '<svg class="pick-tile"' in form["body"] and f'data-preview="{lay.hex}"' in form["body"]
    turned = next(form for form in forms if form["f.rotation"] == "1")
    edges = ", ".join(edge_name(edge) for edge in sorted(DATA.tiles[turned["f.tile"]].exits_at(1)))
    words = re.search(r'<span class="pick-words">([^<]*)</span>', turned["body"]).group(1)
    shown = f'{turned["heading"]}: {words}'  # a form by tile (its buttons turn it) or by rotation
    assert (f"Tile {turned['f.tile']}: rotation 1 (60° clockwise): {edges}" in shown
            or f"Rotation 1 (60° clockwise): Tile {turned['f.tile']}: {edges}" in shown), shown
    # Grouped by hex, each named once.
    hexes = re.findall(r'data-pick-hex="([^"]+)"', html)
    assert hexes == sorted({lay.hex for lay in expected}) and len(hexes) == len(set(hexes))


def test_a_straight_tile_turned_half_round_is_offered_once(client, players) -> None:
    """Tile 9 at rotations 0 and 3 is the same straight track: the list once showed both, each "south, north"."""
    game = import_18xx.import_export(running_export(MANY_HEXES_CUT), None)
    state = state_of(game)
    seated(game, players[0], company_turn.operator(state, "mnn"))
    legal = [lay for lay in legal_lays(state.board, "MNN", state.phase, company_turn.lays_done(state))
             if can_pay(state, "mnn", lay.cost)]
    twins = [(lay.hex, lay.rotation) for lay in legal if lay.tile == "9" and (lay.hex, (lay.rotation + 3) % 6)
             in {(other.hex, other.rotation) for other in legal if other.tile == "9"}]
    assert twins  # the engine takes either rotation
    client.force_login(players[0])
    listed_nines = [(form["f.hex"].upper(), int(form["f.rotation"])) for form in listed(
        client.get(f"/games/{game.pk}/").content.decode()) if form["f.tile"] == "9"]
    assert listed_nines and all((hex_id, (rotation + 3) % 6) not in listed_nines for hex_id, rotation in listed_nines)


def test_pressing_a_listed_lay_lays_the_tile(client, players, track_game) -> None:
    client.force_login(players[0])
    html = client.get(f"/games/{track_game.pk}/").content.decode()
    form = listed(html)[0]
    hex_id, tile = form["f.hex"].upper(), form["f.tile"]
    before = hex_title(html, hex_id)
    assert f"tile {tile}" not in before
    post = {name: value for name, value in form.items() if name not in ("key", "body", "heading")}
    response = client.post(f"/games/{track_game.pk}/move/", post)
    assert response.status_code == 302
    after = client.get(f"/games/{track_game.pk}/").content.decode()
    assert hex_title(after, hex_id).startswith(f"{hex_id}") and f"tile {tile}" in hex_title(after, hex_id)
    log = after[after.index("<h2>Log"):]
    assert re.search(rf"MV lays tile {tile} in [^<]*{hex_id}", text(log)), text(log)[:300]


def test_a_stale_or_illegal_lay_is_refused_in_words_and_changes_nothing(client, players, track_game) -> None:
    client.force_login(players[0])
    html = client.get(f"/games/{track_game.pk}/").content.decode()
    form = listed(html)[0]
    post = {name: value for name, value in form.items() if name not in ("key", "body", "heading")}
    version = Game.objects.get(pk=track_game.pk).version
    stale = client.post(f"/games/{track_game.pk}/move/", {**post, "expected_version": str(version - 1)})
    notice = re.search(r'id="move-notice">(.*?)</div>', stale.content.decode(), re.S)
    assert stale.status_code == 409 and notice and "the game has moved on since that page was shown" in notice.group(1)
    illegal = client.post(f"/games/{track_game.pk}/move/", {**post, "f.tile": "8", "f.rotation": "5"})
    assert illegal.status_code == 400
    error = re.search(r'id="move-error"[^>]*>(.*?)</div>', illegal.content.decode(), re.S)
    assert error and "Tile 8 has no city, but Voronezh (I13) has 1" in error.group(1)
    assert Game.objects.get(pk=track_game.pk).version == version
    assert listed(client.get(f"/games/{track_game.pk}/").content.decode())[0]["key"] == form["key"]


def test_a_spectator_and_a_waiting_player_get_no_picker(client, players, track_game) -> None:
    """The picker is the acting seat's alone; the board around it (cached per position) is everyone's."""
    public = client.get(f"/games/{track_game.pk}/").content.decode()
    assert 'id="lay-picker"' not in public and "data-preview=" not in public
    seated(track_game, players[1], 1)
    client.force_login(players[1])
    waiting = client.get(f"/games/{track_game.pk}/").content.decode()
    assert 'id="lay-picker"' not in waiting and "data-preview=" not in waiting
    client.force_login(players[0])
    acting = client.get(f"/games/{track_game.pk}/").content.decode()
    assert 'id="lay-picker"' in acting
    for page in (public, waiting):
        assert section(acting, "map") == section(page, "map")


def test_the_token_step_lists_every_city_with_its_cost(client, players) -> None:
    game = import_18xx.import_export(running_export(TOKEN_CUT), None)
    state = state_of(game)
    company = company_turn.turn(state)["company"]
    seat = company_turn.operator(state, company)
    seated(game, players[0], seat)
    price = company_turn.next_token_price(state, company) or 0
    expected = [place for place in legal_tokens(state.board, company.upper(), price)
                if place.cost <= company_turn.company_of(state, company)["cash"]]
    assert company == "nw" and expected
    client.force_login(players[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    forms = listed(html)
    assert [form["key"] for form in forms] == [f"{place.hex}-{place.city}" for place in expected]
    for form, place in zip(forms, expected, strict=True):
        assert form["type"] == "place_token" and form["f.hex"] == place.hex.lower()
        assert form["f.city"] == str(place.city) and f"<strong>₽{place.cost}</strong>" in form["body"]
    first = expected[0]
    post = {name: value for name, value in forms[0].items() if name not in ("key", "body", "heading")}
    assert client.post(f"/games/{game.pk}/move/", post).status_code == 302
    after = client.get(f"/games/{game.pk}/").content.decode()
    assert "NW" in hex_title(after, first.hex)


def test_a_parred_majors_home_city_is_picked_from_the_list(client, players) -> None:
    """Cut at action 545: a major was just parred and its president chooses its home (10.4, G8)."""
    game = import_18xx.import_export(running_export(HOME_CUT), None)
    state = state_of(game)
    assert state.stock is not None and state.stock["home_city"]
    major, seat = state.stock["home_city"], state.stock["turn"]
    seated(game, players[0], seat)
    client.force_login(players[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    forms = listed(html)
    assert [form["key"] for form in forms] == [f"{hex_id}-{city}" for hex_id, city in home_city_options(state.board)]
    assert all(form["type"] == "place_token" for form in forms)
    hex_id = forms[0]["f.hex"].upper()
    assert f"Home in {hex_id}" in forms[0]["body"]
    post = {name: value for name, value in forms[0].items() if name not in ("key", "body", "heading")}
    assert client.post(f"/games/{game.pk}/move/", post).status_code == 302
    after = client.get(f"/games/{game.pk}/").content.decode()
    assert major.upper() in hex_title(after, hex_id)


def test_a_lay_dearer_than_the_cash_says_the_loans_it_takes() -> None:
    """G11: the rules borrow for a lay without asking; the picker's price is where the player learns of it."""
    state = fixture_replay("29683", MANY_HEXES_CUT)[0]
    state.minors["mnn"]["cash"] = 0
    (prompt,) = prompts(state)
    prices = {choice["price"] for group in prompt_picker(state, prompt)["hexes"]
              for form in group["forms"] for choice in form["choices"]}
    assert "₽0" in prices and "₽20 (takes 1 loan)" in prices and "₽20" not in prices
