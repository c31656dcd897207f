"""An 1861 game imported from 18xx.games, on its game page and its history page.

Game 29683 cut at its action 400 (a merger round after operating round 3.2, phase 4, our
record's move 369): the page shows the map, the market with its stacks, every company's
treasury, trains, loans, tokens and president, the privates' owners, the trains and phases, the
round and the RSR, as a player reads them.
"""

from __future__ import annotations

import re

import pytest

from games import import_18xx
from games.models import Game
from games.titles.t1861.present import next_train_words
from tests.games.t1861_imports import COLUMN_GAME, running_export

pytestmark = pytest.mark.django_db

DASH = "\u2013"  # what the board shows for nobody


@pytest.fixture
def imported() -> Game:
    return import_18xx.import_export(running_export(400), None)


def section(html: str, element_id: str) -> str:
    """The markup of the element with ``element_id`` up to the next card (enough to read its figures)."""
    start = html.index(f'id="{element_id}"')
    ends = [found for found in (html.find('<div class="card', start + 1), html.find("<script", start)) if found > 0]
    return html[start:min(ends, default=len(html))]


def company(html: str, key: str) -> str:
    start = html.index(f'data-company="{key}"', html.index('id="companies"'))
    return html[start:html.index("</section>", start)]


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip()


def hex_title(html: str, hex_id: str) -> str:
    """What the map says of one hex (its SVG <title>: tile, cities and their tokens)."""
    found = re.search(rf'data-hex="{hex_id}"><title>([^<]*)</title>', html)
    assert found, f"the map has no hex {hex_id}"
    return found.group(1)


def market_cells(html: str) -> list[tuple[str, list[str]]]:
    """Each market cell with tokens: its price and the companies stacked there, top first."""
    market = section(html, "market")
    return [(price, re.findall(r'class="chip" data-company="([^"]+)"', cell))
            for price, cell in re.findall(r'<td[^>]*data-price="(\d+)">(.*?)</td>', market) if "chip" in cell]


def test_the_game_page_shows_the_position_the_import_reached(client, imported) -> None:
    html = client.get(f"/games/{imported.pk}/").content.decode()
    assert "After move 369" in html
    assert text(section(html, "t1861-round")).startswith(
        'id="t1861-round"> Round Merger round after operating round 3.2 phase 4 Merger order:')
    # The map: Smolensk's green 619 with NW's home token; Moscow's three tokens (section 23: the map).
    assert hex_title(html, "E9") == "E9 Smolensk: tile 619; city 30 (NW; 2 slots)"
    assert 'data-zoom="map"' in html and "Zoom and pan" in html
    nw, grr = text(company(html, "nw")), text(company(html, "grr"))
    assert "president Player 3 price ₽165 treasury ₽19 loans 0 trains 3, 4 tokens E9, H8" in nw
    assert "Shares: Player 3 30%, treasury 70%." in nw
    assert "president Player 2 price ₽150 treasury ₽14" in grr
    assert "Shares: Player 1 10%, Player 2 30%, treasury 60%." in grr
    assert "owner Player 1 price ₽60 treasury ₽9 loans 1 trains 3 tokens D14" in text(company(html, "kb"))
    # 7.3: KK entered the ₽60 cell before KB, so KK's token is on top of KB's.
    assert ("60", ["kk", "kb"]) in market_cells(html)
    assert ("165", ["nw"]) in market_cells(html) and ("150", ["grr"]) in market_cells(html)
    stacks = re.sub(r"<[^>]+>", "", section(html, "market-stacks"))  # the line a phone reads without scrolling
    assert stacks.startswith('id="market-stacks">₽165: NW; ₽150: GRR; ₽135: MKN; ₽80: M-K; ₽65: SPW; ₽60: KK over KB\n')
    rsr = text(section(html, "rsr"))
    assert f"treasury ₽29 loans 6 trains 4 operator {DASH} tokens B4, D20, E1, H18, I19, N10 reserved H8" in rsr
    privates = text(section(html, "privates"))
    assert "TSR Tsarskoye Selo Railway Player 2" in privates and "BSS Black Sea Shipping Company MKN" in privates
    trains = text(section(html, "trains"))
    assert "2 rusted ₽100 0 4" in trains and "5 next ₽550 4" in trains
    assert "4 now yellow, green 2 1 3 operates" in trains  # phase 4: minors 1 train, majors 3 (16)
    assert "Player 2 ₽513 GRR 30%, M-K 100% TSR" in text(section(html, "t1861-players"))


def test_each_private_shows_its_face_value_revenue_and_bonus(client, imported) -> None:
    """A walk's private auction asked "TSR is for sale (minimum ₽20). Bid or pass?" while the
    privates' table named only each private and its owner: nothing to judge a bid by."""
    privates = text(section(client.get(f"/games/{imported.pk}/").content.decode(), "privates"))
    assert "TSR Tsarskoye Selo Railway Player 2 ₽30 ₽10 " + DASH in privates
    assert "BSS Black Sea Shipping Company MKN ₽45 ₽15 +₽10 a route to Odessa" in privates
    assert "+₽10 a route to Poland" in privates and "+₽10 a route to Moscow" in privates
    assert "Its bonus counts only once a company owns it" in privates


def test_a_visitor_is_asked_to_sign_in_to_move_and_not_told_of_tiles_1861_hides_nothing(client, imported) -> None:
    sign_in = text(section(client.get(f"/games/{imported.pk}/").content.decode(), "sign-in-to-play"))
    assert sign_in.endswith("Sign in to make your move.") and "tiles" not in sign_in


def test_the_history_page_shows_each_step_as_it_was(client, imported) -> None:
    first_or = client.get(f"/games/{imported.pk}/history/?step=60").content.decode()
    assert "Round Operating round 1.1 phase 2 Operating order: N M-K MNN acting SPW KR KK MV KB" in text(
        section(first_or, "t1861-round"))
    assert "owner Player 3 price ₽50 treasury ₽10 loans 0 trains 2 tokens H8" in text(company(first_or, "n"))
    assert f"treasury ₽0 loans 0 trains none operator {DASH} tokens none reserved E1, H8" in text(
        section(first_or, "rsr"))  # the RSR operates from phase 4 (section 6)
    assert not hex_title(first_or, "E9").startswith("E9 Smolensk: tile 619")
    assert 'data-company="nw"' not in section(first_or, "companies")

    stock = client.get(f"/games/{imported.pk}/history/?step=200").content.decode()
    assert "Round Stock round 3 phase 3" in text(section(stock, "t1861-round"))
    assert "Operating order" not in section(stock, "t1861-round")
    assert "owner Player 3 price ₽110 treasury ₽220" in text(company(stock, "mb"))


def test_the_history_charts_count_roubles_and_name_every_company_as_the_board_does(client, imported) -> None:
    """A minor merged away before the step shown kept its raw id ("m-k") and a borrowed colour, and the
    axes counted dollars."""
    last = client.get(f"/games/{imported.pk}/history/").content.decode()
    charts = last[last.index('id="charts"'):] if 'id="charts"' in last else last
    prices = re.search(r'<svg[^>]*aria-label="Share prices".*?</svg>', charts, re.S).group(0)
    legend = re.findall(r'<text x="\d+" y="[\d.]+"[^>]*>([^<]+)</text>', prices.split('class="values"')[-1])
    assert legend and all(name == name.upper() for name in legend), legend
    assert "M-K" in legend and "NW" in legend
    assert "$" not in prices and "₽" in prices
    assert 'stroke="#d75500" stroke-width="2" stroke-dasharray="2 3"' in prices  # M-K dotted: SW shares its colour
    assert 'stroke="#000080" stroke-width="2" points=' in prices  # NW, a major, solid beside MB's dots
    worth = text(section(last, "worth-now"))
    assert "₽" in worth and "$" not in worth


def test_a_seated_player_sees_the_same_board_as_a_spectator(client, imported, players) -> None:
    """1861 has no hidden information: a seat's view is the public one (docs/titles/1861.md)."""
    ann = players[0]
    seat = imported.seats.get(index=0)
    seat.user, seat.display_name = ann, ann.display_name
    seat.save()
    public = client.get(f"/games/{imported.pk}/").content.decode()
    client.force_login(ann)
    seated = client.get(f"/games/{imported.pk}/").content.decode()
    for part in ("market", "companies", "rsr", "privates", "trains"):
        assert section(seated, part) == section(public, part)
    assert hex_title(seated, "H8") == hex_title(public, "H8")


def test_the_column_market_reads_from_the_highest_price_down(client) -> None:
    """7.2: with option column_market the market is one column; KK came to ₽70 before KB, so it is on top (7.3)."""
    game = import_18xx.import_export(running_export(300, COLUMN_GAME), None)
    html = client.get(f"/games/{game.pk}/").content.decode()
    market = section(html, "market")
    assert "market-column" in market and "the column" in market
    prices = [int(price) for price in re.findall(r'data-price="(\d+)"', market)]
    assert prices == sorted(prices, reverse=True) and len(prices) == len(set(prices))
    assert re.findall(r"<tr>(.*?)</tr>", market)[0].count("<td") == 1  # one cell a row: a list on a phone
    assert ("70", ["kk", "kb"]) in market_cells(html) and ("135", ["n"]) in market_cells(html)


def test_the_round_card_names_the_next_bank_train_by_type_and_price(client, imported) -> None:
    """The depot's copy id ("4-2") means nothing to a player; the type and the price do."""
    round_card = text(section(client.get(f"/games/{imported.pk}/").content.decode(), "t1861-round"))
    found = re.search(r"next train from the bank: (.*?)\.", round_card)
    assert found and re.fullmatch(r"an? \d\S*-train \(₽[\d,]+\)", found.group(1)), round_card


@pytest.mark.parametrize(("train", "words"), [("2-0", "a 2-train (₽100)"), ("8-3", "an 8-train (₽1,000)"),
                                              ("5+5E-0", "a 5+5E-train (₽1,500)")])
def test_the_next_bank_train_writes_its_price_with_thousands_separated(train, words) -> None:
    """A walk saw "next train from the bank: an 8-train (₽1000)" above a trains table of "₽1,000"."""
    assert next_train_words(train) == words


def test_the_page_writes_roubles_as_the_mails_do_with_thousands_separated(client, imported) -> None:
    """The walk saw "Bank ₽13950" on the page beside "₽13,950" in the mail about the same position."""
    html = client.get(f"/games/{imported.pk}/").content.decode()
    assert re.search(r"Bank ₽\d{1,2},\d{3}\b", text(section(html, "t1861-round"))), text(section(html, "t1861-round"))
    assert not re.search(r"₽\d{4,}", text(html))


def test_a_running_games_record_is_withheld_without_speaking_of_hidden_tiles(client, imported) -> None:
    """1861 hides nothing (its track tiles are on the map), yet a walk was told that the running game's
    record "would reveal hidden tiles"."""
    response = client.get(f"/games/{imported.pk}/record.json")
    assert response.status_code == 403
    reason = text(response.content.decode())
    assert "hidden tiles" not in reason and "published when the game is over" in reason, reason


def test_a_finished_game_offers_no_next_bank_train(client) -> None:
    """A walk's finished game still read "next train from the bank: an 8-train (₽1,000)"."""
    import json

    from tests.games.t1861_imports import whole_export

    game = import_18xx.import_export(json.dumps(whole_export()), None)
    round_card = text(section(client.get(f"/games/{game.pk}/").content.decode(), "t1861-round"))
    assert "Bank ₽" in round_card and "next train" not in round_card
