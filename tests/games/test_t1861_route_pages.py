"""1861's route step on the game page: the suggested routes drawn on the map, one click to run them, an editor.

Game 29683 cut at its action 450 (operating round 4.1, phase 4): NW's president (seat 2)
is asked for NW's routes, with a 3-train and a 4-train.  The engine's optimiser suggests
Kiev-Smolensk-Moscow for the 3-train (₽120) and Moscow-Smolensk-St. Petersburg for the
4-train (₽160), ₽280 in all.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

import engine.core as engine
from engine.t1861.depot import train_type_of
from engine.t1861.import_command import import_text
from engine.t1861.route_preview import preview_stops
from games import import_18xx
from games.models import Game
from tests.games.t1861_imports import running_export
from tests.games.test_t1861_pages import section, text

pytestmark = pytest.mark.django_db

ROUTES_CUT = 450
DASH = "\u2013"  # between the stops of a route in the legend
NW_SEAT = 2


@pytest.fixture
def engine_prompt() -> engine.Prompt:
    """The routes prompt as the engine itself asks it, straight from the record (no site involved)."""
    _, imported = import_text(running_export(ROUTES_CUT))
    return engine.prompt_for(imported.state, NW_SEAT)


@pytest.fixture
def nw_game(players) -> Game:
    game = import_18xx.import_export(running_export(ROUTES_CUT), None)
    seat = game.seats.get(index=NW_SEAT)
    seat.user, seat.display_name = players[0], players[0].display_name
    seat.save()
    return game


@pytest.fixture
def nw_client(client, nw_game, players):
    client.force_login(players[0])
    return client


def legend(html: str) -> list[str]:
    items = re.findall(r'<li data-route="\d+"[^>]*>(.*?)</li>', section(html, "routes"))
    return [text(item).replace(" :", ":").replace(DASH, "-") for item in items]


def test_the_suggested_routes_are_drawn_with_each_trains_revenue_and_the_total(nw_client, nw_game, engine_prompt):
    assert engine_prompt.context["step"] == "routes"
    suggested = engine_prompt.context["routes"]
    html = nw_client.get(f"/games/{nw_game.pk}/").content.decode()
    rows = legend(html)
    assert len(rows) == len(suggested) == 2
    for row, route in zip(rows, suggested, strict=True):
        assert row.startswith(f"{train_type_of(route['train'])}-train:") and row.endswith(f"₽{route['revenue']}")
    assert rows[0] == "3-train: Kiev (D14) - Chernigov (E13) - Gomel (E11) - Smolensk (E9) - Moscow (H8) ₽120"
    total = re.search(r'<p id="route-total">(.*?)</p>', html).group(1)
    assert text(total) == f'Total: ₽{engine_prompt.context["revenue"]}'
    assert engine_prompt.context["revenue"] == 280
    overlay = html[html.index('<template id="route-overlay">'):html.index("</template>")]
    for index, route in enumerate(suggested):  # each train's track, segment by segment, in its own group
        group = re.search(rf'<g class="route" data-route="{index}" data-train="{route["train"]}">(.*?)</g>{{0,1}}'
                          r'(?=<g class="route|<g class="stop-picks)', overlay).group(1)
        assert group.count("<path ") == 2 * len(route["segments"])  # a white casing and the train colour
    picks = set(re.findall(r'class="stop-pick" data-stop="([^"]+)"', overlay))  # what the editor can click
    assert {stop for route in suggested for stop in route["stops"]} < picks and "A9:o0" in picks
    assert 'Run the suggested routes (₽280)' in html


def test_a_spectator_sees_no_route_card(client, nw_game):
    html = client.get(f"/games/{nw_game.pk}/").content.decode()
    assert 'id="routes"' not in html and 'id="route-overlay"' not in html


def test_the_prompt_card_points_to_the_route_card_it_leaves_the_answer_to(nw_client, nw_game):
    """A walk on a phone: the prompt card asked "N (₽0): run your trains (best found: ₽80)?" with
    nothing under it, the route card's button two screens further down, past the map."""
    prompt = section(nw_client.get(f"/games/{nw_game.pk}/").content.decode(), "prompt")
    assert '<a href="#routes">Run the suggested routes, or edit them, in the Routes card below the map.</a>' in prompt


def test_a_prompt_the_prompt_card_answers_itself_points_nowhere(nw_client, nw_game):
    nw_client.post(f"/games/{nw_game.pk}/move/", {"quick": quick_of(nw_client, nw_game),
                                                  "expected_version": nw_game.version})
    html = nw_client.get(f"/games/{nw_game.pk}/").content.decode()
    assert "pay out, half or withhold?" in html and 'class="pointer"' not in html


def quick_of(client, game: Game) -> str:
    html = client.get(f"/games/{game.pk}/").content.decode()
    return re.search(r'id="accept-routes".*?name="quick" value="(\d+)"', html, re.S).group(1)


def test_one_click_runs_the_suggested_routes(nw_client, nw_game):
    html = nw_client.get(f"/games/{nw_game.pk}/").content.decode()
    quick = re.search(r'id="accept-routes".*?name="quick" value="(\d+)"', html, re.S).group(1)
    response = nw_client.post(f"/games/{nw_game.pk}/move/", {"quick": quick, "expected_version": nw_game.version})
    assert response.status_code == 302
    after = nw_client.get(f"/games/{nw_game.pk}/").content.decode()
    assert "NW runs for ₽280." in after
    assert "the trains earned ₽280: pay out, half or withhold?" in after
    assert 'id="routes"' not in after  # the route step is over


def test_an_illegal_edited_route_is_refused_in_the_engines_words_and_nothing_changes(nw_client, nw_game):
    version = nw_game.version
    posted = {"expected_version": version, "routes_edit": "1", "stops.0": "D14 E13 E11 E9 H8", "stops.1": "H8 E9"}
    response = nw_client.post(f"/games/{nw_game.pk}/routes/", posted)
    assert response.status_code == 400
    html = response.content.decode()
    words = "The 3-train's route and the 4-train's route both use the same track in H8."
    assert words in unescape(text(section(html, "move-error")))
    rows = re.findall(r'<li data-route="(\d)" data-train="([^"]+)"( class="refused")?', html)
    assert rows == [("0", "3-1", ""), ("1", "4-1", ' class="refused"')]
    assert '<g class="route refused" data-route="1" data-train="4-1">' in html
    assert words in unescape(text(re.search(r'<p class="error" role="alert" id="route-problem">(.*?)</p>', html)[1]))
    assert 'value="H8 E9"' in html  # the box keeps what was sent
    nw_game.refresh_from_db()
    assert nw_game.version == version


def test_stops_no_track_joins_are_refused_on_the_route_they_belong_to(nw_client, nw_game):
    posted = {"expected_version": nw_game.version, "routes_edit": "1", "stops.0": "D14 E1", "stops.1": ""}
    html = nw_client.post(f"/games/{nw_game.pk}/routes/", posted).content.decode()
    assert ("The 3-train's route: no track joins Kiev (D14) and St. Petersburg (E1) without passing another stop"
            in unescape(text(section(html, "move-error"))))
    assert '<li data-route="0" data-train="3-1" class="refused">' in html


def test_a_legal_edited_route_is_run_for_what_the_engine_counts(nw_client, nw_game):
    _, imported = import_text(running_export(ROUTES_CUT))
    expected = preview_stops(imported.state, "nw", [("3-1", ["D14", "E13", "E11", "E9"])])
    assert expected.legal and expected.revenue < 280
    posted = {"expected_version": nw_game.version, "routes_edit": "1", "stops.0": "d14, e13, e11, e9", "stops.1": ""}
    response = nw_client.post(f"/games/{nw_game.pk}/routes/", posted)
    assert response.status_code == 302
    after = nw_client.get(f"/games/{nw_game.pk}/").content.decode()
    assert f"NW runs for ₽{expected.revenue}." in after
    assert f"the trains earned ₽{expected.revenue}" in after


def test_the_preview_prices_a_candidate_set_and_changes_nothing(nw_client, nw_game):
    url, version = f"/games/{nw_game.pk}/routes/preview.json", nw_game.version
    legal = nw_client.post(url, {"expected_version": nw_game.version, "stops.0": "D14 E13 E11 E9 H8"}).json()
    assert legal["legal"] and legal["total"] == 120 and legal["routes"][0]["revenue"] == 120
    assert 'data-route="0"' in legal["layer"]
    refused = nw_client.post(url, {"expected_version": nw_game.version, "stops.0": "D14 ZZ"}).json()
    assert refused == {**refused, "legal": False, "refused": 0, "total": None,
                       "error": "ZZ has no city, town or off-board that track reaches."}
    stale = nw_client.post(url, {"expected_version": nw_game.version - 1, "stops.0": "D14 E9"})
    assert stale.status_code == 409
    nw_game.refresh_from_db()
    assert nw_game.version == version
    assert nw_client.get(f"/games/{nw_game.pk}/").content.decode().count('id="routes"') == 1


def test_the_preview_answers_only_the_seat_asked_for_routes(client, nw_game, players):
    url = f"/games/{nw_game.pk}/routes/preview.json"
    assert client.post(url, {"expected_version": nw_game.version}).status_code == 403  # a spectator
    client.force_login(players[1])
    assert client.post(url, {"expected_version": nw_game.version}).status_code == 403  # no seat of theirs
    assert client.post("/games/999999/routes/preview.json", {}).status_code == 404


def test_the_preview_needs_the_pages_csrf_token(nw_game, players):
    from django.test import Client

    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(players[0])
    response = guarded.post(f"/games/{nw_game.pk}/routes/preview.json", {"expected_version": nw_game.version})
    assert response.status_code == 403


def test_the_rsrs_operator_gets_the_same_card_for_the_rsrs_routes(client, players):
    """Cut 474: the priority deal's holder (seat 0) runs the RSR's 4-train (rules 6, 12.6)."""
    _, imported = import_text(running_export(474))
    asked = engine.prompt_for(imported.state, 0)
    assert asked.name == "rsr_routes"
    game = import_18xx.import_export(running_export(474), None)
    seat = game.seats.get(index=0)
    seat.user, seat.display_name = players[1], players[1].display_name
    seat.save()
    client.force_login(players[1])
    html = client.get(f"/games/{game.pk}/").content.decode()
    [route] = asked.context["routes"]
    places = " - ".join(legend_places(route["stops"]))
    assert legend(html) == [f"{train_type_of(route['train'])}-train: {places} ₽{route['revenue']}"]
    assert f"Run the suggested routes (₽{asked.context['revenue']})" in html
    posted = {"expected_version": game.version, "routes_edit": "1", "stops.0": " ".join(route["stops"])}
    assert client.post(f"/games/{game.pk}/routes/", posted).status_code == 302
    after = client.get(f"/games/{game.pk}/").content.decode()
    assert f"The RSR runs for ₽{route['revenue']}, all to its treasury." in after


def legend_places(stops: list[str]) -> list[str]:
    from engine.t1861.route_preview import NAMES

    return [f"{NAMES[hex_id]} ({hex_id})" if hex_id in NAMES else hex_id for hex_id in (s.split(":")[0] for s in stops)]


@pytest.mark.parametrize("stops", ["::::", "H8:zz9 E9", "x" * 5000, "H8 \u0000 E9", "D14:c2 " * 40, "-1 E9:c0"])
def test_bad_stops_are_refused_in_words_never_a_server_error(nw_client, nw_game, stops):
    url = f"/games/{nw_game.pk}/routes/preview.json"
    answer = nw_client.post(url, {"expected_version": nw_game.version, "stops.0": stops})
    assert answer.status_code == 200 and answer.json()["legal"] is False and answer.json()["error"]
    posted = {"expected_version": nw_game.version, "routes_edit": "1", "stops.0": stops}
    refused = nw_client.post(f"/games/{nw_game.pk}/routes/", posted)
    assert refused.status_code == 400 and 'id="move-error"' in refused.content.decode()
    assert nw_client.post(url, {"stops.0": stops}).status_code == 409  # no version: nothing is judged


def test_edited_routes_from_a_spectator_or_an_old_page_change_nothing(client, nw_game, players):
    posted = {"expected_version": nw_game.version, "routes_edit": "1", "stops.0": "D14:c2 E13 E11 E9"}
    client.force_login(players[1])
    refused = client.post(f"/games/{nw_game.pk}/routes/", posted)
    assert refused.status_code == 403
    assert "You have no seat in this game" in refused.content.decode()
    client.force_login(players[0])
    stale = client.post(f"/games/{nw_game.pk}/routes/", {**posted, "expected_version": nw_game.version - 1})
    assert stale.status_code == 409 and "Already done" in stale.content.decode()
    version = nw_game.version
    nw_game.refresh_from_db()
    assert nw_game.version == version


def test_the_legend_names_an_off_board_by_its_area_where_its_hex_has_no_name_of_its_own():
    """Only one hex of an off-board area carries its name on the map (Poland: A9 of A9-A15); a walk's
    suggested route ended 'Kiev (D14) - A11', where the player looks for 'Poland'."""
    from games.titles import ui_for
    from games.titles.t1861.route_layer import drawn_routes
    from games.titles.ui import with_view_facts

    _, imported = import_text(running_export(ROUTES_CUT))
    view = with_view_facts(ui_for("1861"), imported.state, engine.view(imported.state, NW_SEAT))
    [row] = drawn_routes(view["facts"]["map"], [{"train": "3-1", "stops": ["D14:c0", "A11:o0", "Q13:o0"]}])
    assert row.places == ("Kiev (D14)", "Poland (A11)", "Central Asia (Q13)")
