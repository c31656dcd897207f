"""Railroad Barons on the site: its game-page partial, an offer between directors, history, help and the create form."""

from __future__ import annotations

import re

import pytest

import engine.core as engine
from games.models import Game, GameStatus, Snapshot
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_WITHOUT_450,
    buy,
    buy_railroad,
    dividend,
    done,
    offer_railroad,
    pass_,
)
from tests.games.factories import play, started_game
from tests.games.pages import post_prompt, post_quick, prompt_form

pytestmark = pytest.mark.django_db

TITLE = "railroad-barons"
HOLDING_NAMES = ["Marley, Scrooge &amp; Cratchit", "Seedy Brothers", "Alvin V.A. Rice International",
                 "Desmond Picable Inc.", "McGreed Bros. &amp; Sons"]

# ann directs Seedy Brothers, bob Rice International (each holds 10% of the other's); in OR 1.1 Rice buys
# Dominion Atlantic, so in OR 1.2 ann's Seedy Brothers operates first and may offer for it.
OFFER_READY = [
    *DRAFT_WITHOUT_450,
    buy(ANN, "seedy", 40, par=70), buy(BOB, "rice", 40, par=70), buy(ANN, "rice", 10), buy(BOB, "seedy", 10),
    pass_(ANN), pass_(BOB),
    done(ANN), buy_railroad(BOB, "a1"), done(BOB),
]
# The same players' stock round 1 after the draft: ann's Seedy Brothers is started at $70, not floated.
SEEDY_STARTED = [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70)]


@pytest.fixture
def rb_game(players) -> Game:
    return started_game(players[:2], title=TITLE, options={}, seed=1)


def logged_in(client_class, user):
    client = client_class()
    client.force_login(user)
    return client


def state_of(game: Game):
    return engine.from_json(Snapshot.objects.get(game=game).state)


def owner_of(game: Game, railroad: str) -> str | None:
    holdings = engine.summary(state_of(game))["holdings"]
    return next((key for key, info in holdings.items() if railroad in info["railroads"]), None)


def test_every_seat_and_a_spectator_see_holdings_pile_track_players_and_round(client, players, rb_game):
    play(rb_game, SEEDY_STARTED)
    pages = {
        "ann": logged_in(type(client), players[0]).get(f"/games/{rb_game.pk}/").content.decode(),
        "bob": logged_in(type(client), players[1]).get(f"/games/{rb_game.pk}/").content.decode(),
        "spectator": client.get(f"/games/{rb_game.pk}/").content.decode(),
    }
    for who, html in pages.items():
        positions = [html.index(name) for name in HOLDING_NAMES]
        assert positions == sorted(positions), f"{who}: holdings out of operating order"
        seedy = html.split('data-holding="seedy"')[1].split("</section>")[0]
        assert "$70" in seedy and "ann" in seedy and "started" in seedy and "6 of 6" in seedy
        assert "40% ann" in seedy and "10% bank" in seedy
        assert 'id="pile"' in html and "28 left" in html and "Dominion Atlantic" in html
        top = html.split('id="top-card"')[1].split("</table>")[0]
        assert "$60" in top and "$22" in top
        assert len(re.findall(r'class="space" data-price="\d+"', html)) == 25
        space = html.split('data-price="70"')[1].split('<g class="space"')[0]
        assert 'data-holding="seedy"' in space
        players_table = html.split('id="players"')[1].split("</table>")[0]
        assert "ann" in players_table and "bob" in players_table and "40%" in players_table
        assert 'id="round-label">SR 1<' in html and 'id="rb-turn">bob<' in html
        investors = html.split('data-investors="0"')[1].split("</p>")[0]
        assert "$30" in investors and "$50" in investors and "$470" in players_table
    assert 'id="prompt"' in pages["bob"] and 'id="prompt"' not in pages["ann"] + pages["spectator"]
    note = pages["spectator"].split('id="rules-note"')[1]
    assert "The operating round follows Turnpost&#x27;s reconstruction" in note


def test_the_draft_page_reads_as_a_draft(client, players, rb_game):
    html = logged_in(type(client), players[0]).get(f"/games/{rb_game.pk}/").content.decode()
    assert 'id="round-label">Draft<' in html and "investors left: $30, $40, $50, $60, $450" in html
    assert 'data-prompt="offer_investor"' in html


def test_an_offer_between_directors_is_answered_on_the_other_directors_page(client, players, rb_game):
    play(rb_game, OFFER_READY)
    ann, bob = logged_in(type(client), players[0]), logged_in(type(client), players[1])
    response = post_prompt(ann, rb_game.pk, "offer_railroad", {"f.railroad": "a1", "f.price": "100"})
    assert response.status_code == 302
    bob_page = bob.get(f"/games/{rb_game.pk}/").content.decode()
    assert 'data-prompt="respond_offer"' in bob_page and 'id="rb-offer"' in bob_page
    assert "Accept: Rice International sells it for $100" in bob_page and "Decline" in bob_page
    ann_page = ann.get(f"/games/{rb_game.pk}/").content.decode()
    assert 'id="prompt"' not in ann_page and "waiting for <strong>bob</strong>" in ann_page
    assert post_quick(bob, rb_game.pk, "Accept").status_code == 302
    assert owner_of(rb_game, "a1") == "seedy"
    assert 'data-prompt="operate"' in ann.get(f"/games/{rb_game.pk}/").content.decode()


def test_an_offer_for_a_railroad_of_a_holding_ending_in_s_reads_in_plain_english(client, players):
    """The offer line read "Seedy Brothers's Railroad A2"; the site writes "Seedy Brothers' turn" elsewhere."""
    type(players[1]).objects.filter(pk=players[1].pk).update(display_name="James")
    players[1].refresh_from_db()
    game = started_game(players[:2], title=TITLE, options={}, seed=1)
    play(game, [*OFFER_READY, buy_railroad(ANN, "a2"), done(ANN), dividend(BOB, 2), offer_railroad(BOB, "a2", 50)])
    page = logged_in(type(client), players[0]).get(f"/games/{game.pk}/").content.decode()
    assert "Rice International offers $50 for Seedy Brothers&#x27; Railroad A2;" in page
    assert "James&#x27; investors:" in page and "James&#x27;s" not in page


def test_an_offer_can_be_declined_through_the_generic_form(client, players, rb_game):
    play(rb_game, [*OFFER_READY, offer_railroad(ANN, "a1", 100)])
    bob = logged_in(type(client), players[1])
    form = prompt_form(bob.get(f"/games/{rb_game.pk}/").content.decode(), "respond_offer")
    assert "f.accept" in form["inputs"]
    assert bob.post(form["attrs"]["action"], form["hidden"]).status_code == 302  # the box left unticked: decline
    assert owner_of(rb_game, "a1") == "rice"
    ann_page = logged_in(type(client), players[0]).get(f"/games/{rb_game.pk}/").content.decode()
    assert 'data-prompt="operate"' in ann_page


def test_history_shows_the_partial_charts_and_the_reconstruction_note(client, players, rb_game):
    play(rb_game, [*OFFER_READY, offer_railroad(ANN, "a1", 100), (BOB, {"type": "respond_offer", "accept": True})])
    html = client.get(f"/games/{rb_game.pk}/history/?step=12").content.decode()
    assert 'id="holdings"' in html and 'id="track-svg"' in html
    assert "The operating round follows Turnpost&#x27;s reconstruction" in html
    assert 'href="/games/titles/railroad-barons/help/"' in html
    charts = client.get(f"/games/{rb_game.pk}/history/").content.decode()
    assert 'aria-label="Share prices"' in charts and 'aria-label="Net worth"' in charts
    assert "Seedy Brothers" in charts.split('aria-label="Share prices"')[1].split("</svg>")[0]


def test_chart_worth_is_the_engines_final_score(players, rb_game):
    from games.history import chart_numbers
    from tests.games.factories import play_to_end

    game = play_to_end(rb_game)
    numbers = chart_numbers(game)
    standings = {entry["seat"]: entry["score"] for entry in engine.result(state_of(game))}
    assert numbers["worth"][-1] == [standings[0], standings[1]]
    assert len(numbers["prices"]["msc"]) == game.version + 1


def test_the_help_page_marks_turnposts_reconstruction(client):
    html = client.get("/games/titles/railroad-barons/help/").content.decode()
    assert 'id="reconstruction-note"' in html and "Part C proposals and Part D decisions" in html
    recon = html.split('<section class="recon">')
    assert len(recon) >= 2 and "Railroad cards" in recon[1] and "Obsolescence" in recon[1]
    assert "Share-value track" in recon[1] and "Investors" in recon[1]
    assert "End of the game" in html.split('<section class="recon">', 2)[2]
    sourced = html.split("From the published rules")[1].split('<section class="recon">')[0]
    assert "sourced" in sourced and "Turnpost&#x27;s reconstruction" not in sourced
    assert client.get("/games/titles/acquire/help/").status_code == 200
    assert client.get("/games/titles/chess/help/").status_code == 404


def test_game_pages_and_the_new_game_form_link_the_help(client, players, rb_game):
    ann = logged_in(type(client), players[0])
    assert 'href="/games/titles/railroad-barons/help/"' in ann.get(f"/games/{rb_game.pk}/").content.decode()
    form = ann.get("/games/new/").content.decode()
    assert 'href="/games/rules/railroad-barons/"' in form and 'href="/games/rules/acquire/"' in form


def test_creating_a_railroad_barons_game_from_the_form(client, players):
    ann = logged_in(type(client), players[0])
    form = ann.get("/games/new/").content.decode()
    assert 'name="opt_railroad_barons_end_on_empty_pile"' in form
    assert 'name="opt_railroad_barons_printed_investor_values"' in form
    data = {"title": TITLE, "name": "Barons", "seat_count": "2", "seat_order_mode": "chosen", "time_limit": "none",
            "opt_railroad_barons_end_on_empty_pile": "on"}
    response = ann.post("/games/new/", data)
    game = Game.objects.get(name="Barons")
    assert response.status_code == 302 and game.seat_count == 2
    assert game.options == {"end_on_empty_pile": True, "printed_investor_values": False}
    assert logged_in(type(client), players[1]).post(f"/games/{game.pk}/join/").status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    refused = ann.post("/games/new/", {**data, "name": "Three", "seat_count": "3"})
    assert refused.status_code == 400 and "2 to 2 players, not 3" in refused.content.decode()


def test_the_demo_command_also_sets_up_a_railroad_barons_game(capsys):
    from django.core.management import call_command

    call_command("demo")
    call_command("demo")
    assert Game.objects.filter(title=TITLE, status=GameStatus.ACTIVE, seat_count=2).count() == 1
    assert "Railroad Barons demo" in capsys.readouterr().out


def test_a_stock_turn_groups_its_buttons_by_holding_and_offers_no_impossible_end(client, players, rb_game):
    play(rb_game, [*SEEDY_STARTED, buy(BOB, "rice", 40, par=70)])
    html = logged_in(type(client), players[0]).get(f"/games/{rb_game.pk}/").content.decode()
    quick = html.split('class="quick"')[1].split("</form>")[0]
    groups = re.findall(r'<div class="quick-group" role="group" aria-label="([^"]+)">', quick)
    assert groups == ["MS&amp;C", "Seedy Brothers", "Rice International", "Picable Inc.", "McGreed Bros."]
    assert quick.index(">Pass</button>") < quick.index('class="quick-group"')  # about no holding: first
    rice = quick.split('aria-label="Rice International"')[1].split("</div>")[0]
    assert "Rice International" in rice and "Seedy Brothers" not in rice
    assert ">End the turn</button>" not in quick and 'data-action="done"' not in html  # nothing sold: no end
    ann = logged_in(type(client), players[0])
    assert post_quick(ann, rb_game.pk, "Buy the 10% certificate of Rice").status_code == 302


def test_the_players_table_names_every_column(client, players, rb_game):
    play(rb_game, SEEDY_STARTED)
    table = client.get(f"/games/{rb_game.pk}/").content.decode().split('id="players"')[1].split("</tr>")[0]
    headings = re.findall(r"<th[^>]*>(?:<span[^>]*></span>)?(?:<abbr[^>]*>)?([^<]+)(?:</abbr>)?</th>", table)
    # A player's own figures first, then each holding by the first word of its name (five short names ran
    # past the card's edge on a desktop), its full name the heading's title.
    assert headings == ["player", "cash", "net worth", "certs", "MS&amp;C", "Seedy", "Rice", "Picable", "McGreed"]
    titles = re.findall(r'<th[^>]*data-holding="[^"]+"><span[^>]*></span><abbr title="([^"]+)">', table)
    assert titles == HOLDING_NAMES


def test_the_page_writes_dollars_thousands_separated_as_the_mails_and_standings_do(client):
    """A walk's finished game read 'treasury $1076' and 'P1 $3218 $4798' on the page, beside the
    standings' '4,798' and the mail's '$3,218'."""
    import json

    from engine.core.record import random_players, random_record
    from games import services

    record = random_record("railroad-barons", random_players(2), 1)
    game = services.import_record(json.dumps(record.to_json()), None, status=GameStatus.IMPORTED, name="thousands")
    view = engine.view(engine.from_json(Snapshot.objects.get(game=game).state), None)
    html = client.get(f"/games/{game.pk}/").content.decode()
    treasuries = [holding["cash"] for holding in view["holdings"]]
    assert max(treasuries) >= 1000
    for amount in treasuries + [player["cash"] for player in view["players"]]:
        assert f"${amount:,}<" in html
    assert not re.search(r"\$\d{4}", html)
