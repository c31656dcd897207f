"""Standing orders for slow 18xx (issue 14 item 6), on 1861 game 29683 imported from 18xx.games.

The game is cut where each order matters and played on with the record's own moves (our
translation of them), so every order meets the position a real table met: the stock round
of move 377, RO's routes at move 306, NW's dividend at move 349, the phase 4 purchase that
rusts the 2-trains at move 322, the private auction's opening.  Ann, bob and cy claim the
seats of Player 1, 2 and 3.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from engine.t1861 import importer
from engine.t1861.export import parse_export
from games import import_18xx
from games.models import Action, Game, Seat
from notifications import standing
from notifications.gameplay import load
from notifications.models import StandingOrder
from notifications.orders import answer_for, label_of, place_order
from tests.games.t1861_imports import running_export
from tests.notifications.helpers import html_of, links_in, move, outbox_to, path_of, start_game

pytestmark = pytest.mark.django_db(transaction=True)

# Our record's move number -> the 18xx.games action id to cut the export at, to stand just before it.
CUTS = {4: 7, 304: 330, 322: 351, 349: 378, 377: 408}
ANN, BOB, CY = "ann@example.com", "bob@example.com", "cy@example.com"


@cache
def record_actions() -> list[dict[str, Any]]:
    return importer.replay_export(parse_export(running_export(10**9))).record["actions"]


def imported_at(version: int, players: list[Any]) -> Game:
    game = import_18xx.import_export(running_export(CUTS[version]), None)
    assert game.version == version
    for index, user in enumerate(players):
        Seat.objects.filter(game=game, index=index).update(user=user)
    mail.outbox.clear()
    return game


def play_record(game: Game, until: int) -> None:
    """The record's moves from the game's version up to (not including) move ``until``."""
    while (version := Game.objects.values_list("version", flat=True).get(pk=game.pk)) < until:
        entry = record_actions()[version]
        assert move(game.pk, entry["seat"], entry["action"]).applied, version


def last_action(game: Game) -> Action:
    return Action.objects.filter(game=game).order_by("-seq").first()


def order_of(game: Game, seat: int, kind: str) -> StandingOrder:
    return StandingOrder.objects.filter(game=game, seat=seat, kind=kind).latest("id")


def test_pass_for_the_stock_round_passes_until_another_player_sells_a_share_its_player_holds(players):
    game = imported_at(377, players)
    standing.set_order(game.pk, 0, "pass_stock_round", {})  # ann's stock turn is waiting: passed at once
    assert (last_action(game).seat, last_action(game).payload, last_action(game).source) == (0, {"type": "pass"},
                                                                                             "order")
    play_record(game, 380)  # bob and cy buy GRR; ann's turn again: her order passes
    assert (last_action(game).seq, last_action(game).source) == (381, "order")
    play_record(game, 383)
    assert (last_action(game).seq, last_action(game).source) == (384, "order")
    assert outbox_to(ANN) == []  # the order answered every one of her turns
    play_record(game, 386)  # bob passes, then cy sells a GRR share: ann holds GRR, so her order is cancelled
    order = order_of(game, 0, "pass_stock_round")
    assert not order.active and order.disarmed_because == "Player 3 sold 1 GRR share"
    play_record(game, 387)  # cy buys NW; ann is asked by mail, and told why
    (sent,) = outbox_to(ANN)
    assert ('Your standing order "pass for the rest of the stock round" was cancelled because Player 3 sold 1 GRR'
            ' share.') in sent.body
    assert "Your standing orders in this game:" not in sent.body
    page = _logged_in(players[0]).get(f"/games/{game.pk}/").content.decode()  # and on the game page
    assert "was cancelled because Player 3 sold 1 GRR share." in page


def test_a_pass_order_ends_quietly_with_its_stock_round(players):
    game = imported_at(377, players)
    play_record(game, 387)
    place_order(game.pk, 1, "pass_stock_round")
    play_record(game, 388)  # ann passes; bob's order passes for him; cy's pass ends the round
    assert (last_action(game).seat, last_action(game).source) == (1, "order")
    play_record(game, 390)
    order = order_of(game, 1, "pass_stock_round")
    assert not order.active and order.disarmed_version is None  # its scope ran out: nothing to tell
    html = _logged_in(players[1]).get(f"/games/{game.pk}/").content.decode()
    assert "was cancelled because" not in html


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_routes_order_is_restated_cancelled_from_its_link_and_set_again_from_the_mail_offer(players):
    game = imported_at(304, players)
    place_order(game.pk, 1, "auto_routes", subject="ro")
    play_record(game, 305)  # bob lays a tile for RO: asked for more track, his routes order restated
    body = outbox_to(BOB)[-1].body
    assert "Your standing orders in this game:\n* RO: always run the suggested best routes (cancel: http://" in body
    cancel = re.search(r"cancel: http://[^/]+(/mail/order/cancel/\S+/)\)", body)[1]
    client = Client()
    asked = client.get(cancel).content.decode()
    assert 'Cancel the standing order "RO: always run the suggested best routes"?' in asked
    assert b"is cancelled" in client.post(cancel).content
    assert not order_of(game, 1, "auto_routes").active
    play_record(game, 306)  # no more track: the routes question comes by mail, with the offer to set the order
    body = outbox_to(BOB)[-1].body
    assert "run your trains (best found: ₽130)?" in body
    offer = links_in(body)["RO: always run the suggested best routes"]
    page = client.get(path_of(offer))
    assert page.status_code == 200
    assert 'Set the standing order "RO: always run the suggested best routes"?' in page.content.decode()
    assert not Action.objects.filter(game=game, source="order").exists()  # opening the link sets nothing
    suggested = next(a.action for a in load(game.pk).prompt_for(1).quick if a.action["type"] == "run_routes")
    done = client.post(path_of(offer))
    assert done.status_code == 200 and "is set in" in done.content.decode()
    assert "It answers the move waiting for you, so it acts at once" in done.content.decode()
    # The order answers the question waiting: the optimiser's suggestion, as the mail's one-click answer gave it.
    last = last_action(game)
    assert (last.seat, last.source, last.payload["type"]) == (1, "order", "run_routes")
    assert last.payload == suggested


def test_dividend_policy_is_set_from_the_game_page_and_answers_the_dividend(players):
    game = imported_at(349, players)
    cy = _logged_in(players[2])
    page = cy.get(f"/games/{game.pk}/").content.decode()
    assert 'data-kind="dividend_policy"' in page and 'data-kind="pass_stock_round"' in page
    assert '<option value="nw">NW</option>' in page
    dividend_form = page.split('data-kind="dividend_policy"')[1].split("</form>")[0]
    routes_form = page.split('data-kind="auto_routes"')[1].split("</form>")[0]
    assert '<option value="kk">' not in dividend_form  # a minor's dividend is never asked: no order could answer it
    assert '<option value="kk">KK</option>' in routes_form and '<option value="nw">NW</option>' in dividend_form
    posted = cy.post(f"/mail/games/{game.pk}/", {"op": "order", "kind": "dividend_policy", "company": "nw",
                                                "policy": "withhold", "next": f"/games/{game.pk}/"})
    assert posted.status_code == 302 and posted["Location"] == f"/games/{game.pk}/"
    last = last_action(game)
    assert (last.seat, last.source, last.payload) == (2, "order", {"type": "dividend", "kind": "withhold"})
    after = cy.get(f"/games/{game.pk}/").content.decode()
    assert "NW: always withhold" in after and "so it acts at once" in after  # the order played cy's dividend
    acquire = start_game(players)  # a title without slow orders: its game page has no such card
    assert 'id="standing-orders"' not in _logged_in(players[0]).get(f"/games/{acquire.pk}/").content.decode()


def test_bad_order_input_is_refused_in_words_and_nothing_changes(players):
    game = imported_at(349, players)
    cy = _logged_in(players[2])
    refused = "Choose one of the companies you run that this order can answer for."
    for data, words in (({"company": "grr", "policy": "payout"}, refused),
                        ({"company": "kk", "policy": "half"}, refused),  # cy's minor: its dividend is never asked
                        ({"company": "nw", "policy": "all"}, "Choose one of the dividend policies offered.")):
        page = cy.post(f"/mail/games/{game.pk}/", {"op": "order", "kind": "dividend_policy", **data}, follow=True)
        assert page.status_code == 200 and words in page.content.decode()
    limit = cy.post(f"/mail/games/{game.pk}/", {"op": "order", "kind": "bid_limit", "limit": "lots"}, follow=True)
    assert "The bid limit must be a whole number." in limit.content.decode()
    forged = Client().post("/mail/order/set/not-a-token/")
    assert forged.status_code == 400
    assert "This link is not one we sent, or it was changed on the way." in forged.content.decode()
    assert not StandingOrder.objects.filter(game=game).exists() and game.version == last_action(game).seq


def test_bid_limit_passes_an_auction_above_it_and_leaves_one_within_it_to_the_player(players):
    game = imported_at(4, players)  # cy may open BSS at ₽30
    assert not standing.set_order(game.pk, 2, "bid_limit", {"limit": "40"}).acts_now
    assert not Action.objects.filter(game=game, source="order").exists()  # ₽30 is within it: cy decides
    assert standing.set_order(game.pk, 2, "bid_limit", {"limit": "25"}).acts_now  # replaces the first
    assert [label_of(o) for o in StandingOrder.objects.filter(game=game, active=True)] == [
        "in auctions: pass when the lowest bid is above ₽25"]
    last = last_action(game)
    assert (last.seat, last.source, last.payload) == (2, "order", {"type": "pass"})


def test_bid_limit_is_set_from_an_auction_mail_with_the_limit_asked_on_its_page(players):
    game = imported_at(4, players)
    play_record(game, 5)  # cy opens BSS at ₽30; ann is asked, by mail
    body = outbox_to(ANN)[-1].body
    offer = links_in(body)["in auctions: pass when the lowest bid is above ₽… (you choose)"]
    client = Client()
    page = client.get(path_of(offer)).content.decode()
    assert 'name="limit"' in page and 'value="35"' in page  # the lowest bid of the moment, to change
    refused = client.post(path_of(offer), {"limit": "-5"})
    assert refused.status_code == 400 and "The bid limit must be between 0 and 100,000. Nothing was set." in (
        refused.content.decode())
    client.post(path_of(offer), {"limit": "30"})
    last = last_action(game)
    assert (last.seat, last.source, last.payload) == (0, "order", {"type": "pass"})


def test_a_phase_and_rusting_trains_disarm_the_orders_that_assumed_them_and_their_players_are_told(players):
    game = imported_at(322, players)
    place_order(game.pk, 0, "auto_routes", subject="kr")  # KR holds 2-trains
    place_order(game.pk, 0, "bid_limit", {"limit": 100})
    place_order(game.pk, 1, "dividend_policy", {"policy": "payout"}, subject="grr")
    place_order(game.pk, 1, "auto_routes", subject="grr")  # GRR holds no 2-train: it stands
    play_record(game, 323)  # SPW buys the first 4-train: phase 4, the 2-trains rust
    orders = {(o.seat, o.kind): o for o in StandingOrder.objects.filter(game=game)}
    assert orders[(0, "auto_routes")].disarmed_because == "the 2 trains rusted"
    assert orders[(0, "bid_limit")].disarmed_because == "phase 4 began"
    assert orders[(1, "dividend_policy")].disarmed_because == "phase 4 began"
    assert [o.kind for o in orders.values() if o.active] == ["auto_routes"]
    play_record(game, 324)  # ann is asked for KR's track: her mail says what was cancelled and why
    body = outbox_to(ANN)[-1].body
    assert 'Your standing order "KR: always run the suggested best routes" was cancelled because the 2 trains' \
           ' rusted.' in body
    assert ('Your standing order "in auctions: pass when the lowest bid is above ₽100" was cancelled because'
            ' phase 4 began.') in body
    page = _logged_in(players[0]).get(f"/mail/games/{game.pk}/").content.decode()
    assert "was cancelled because the 2 trains rusted." in page
    play_record(game, 326)  # once ann has moved, the notice has been read
    assert "was cancelled because" not in _logged_in(players[0]).get(f"/mail/games/{game.pk}/").content.decode()


def test_an_order_whose_answer_is_not_offered_builds_none_and_the_player_is_asked():
    from engine.core import ActionOption, Choice, Field, Prompt

    class Order:
        def __init__(self, kind: str, params: dict[str, Any] | None = None, subject: str = "") -> None:
            self.kind, self.params, self.subject = kind, params or {}, subject

    must_sell = Prompt(0, "stock_turn", "must sell", (ActionOption("sell_shares", "Sell", ()),))
    assert answer_for(must_sell, [Order("pass_stock_round")]) is None
    minor = Prompt(0, "operate", "?", (ActionOption("dividend", "Dividend", (Field(
        "kind", "choice", "Dividend", choices=(Choice("payout", "payout"), Choice("withhold", "withhold"))),)),),
        context={"company": "kb", "step": "dividend"})
    assert answer_for(minor, [Order("dividend_policy", {"policy": "half"}, "kb")]) is None
    assert answer_for(minor, [Order("dividend_policy", {"policy": "payout"}, "nw")]) is None  # another company's
    assert answer_for(minor, [Order("dividend_policy", {"policy": "payout"}, "kb")])[1] == {
        "type": "dividend", "kind": "payout"}


def test_the_real_worker_applies_an_order_set_from_a_mail_link_and_mails_the_next_player(redis_worker, smtp_sink,
                                                                                          players):
    """The application path with its real parts: the link's POST queues a run; the worker on Redis plays it."""
    from notifications import links
    from tests.notifications.realparts import wait_until

    game = imported_at(377, players)
    claim = links.SetOrderClaim(game.pk, 0, players[0].pk, "pass_stock_round", "", {})
    done = Client().post(path_of(links.set_order_url(links.set_order_token(claim))))
    assert done.status_code == 200 and "is set in" in done.content.decode()
    wait_until(lambda: Action.objects.filter(game=game, source="order").exists())
    assert (last_action(game).seat, last_action(game).payload) == (0, {"type": "pass"})
    (sent,) = smtp_sink.wait_for(1)
    assert sent.to == [BOB] and "Stock round" in sent.subject
    assert "Your standing orders in this game" not in sent.text  # ann's order is hers, not bob's
    assert "* pass for the rest of the stock round:\n  http://" in sent.text  # bob is offered his own


def test_every_slow_order_is_restated_in_the_mail_it_applies_to_with_a_cancel_link_that_works(players):
    game = imported_at(304, players)
    place_order(game.pk, 1, "pass_stock_round")
    place_order(game.pk, 1, "bid_limit", {"limit": 500})
    place_order(game.pk, 1, "auto_routes", subject="grr")
    place_order(game.pk, 1, "dividend_policy", {"policy": "half"}, subject="m-k")
    play_record(game, 305)  # bob lays RO's tile and is asked for more track: none of the orders answers that
    body = outbox_to(BOB)[-1].body
    cancels = dict(re.findall(r"^\* (.+) \(cancel: http://[^/]+(/mail/order/cancel/\S+/)\)$", body, re.MULTILINE))
    assert list(cancels) == ["pass for the rest of the stock round", "in auctions: pass when the lowest bid is above"
                             " ₽500", "GRR: always run the suggested best routes", "M-K: always pay half"]
    html = html_of(outbox_to(BOB)[-1])
    assert html.count("/mail/order/cancel/") == 4 and "M-K: always pay half (<a href=" in html
    client = Client()
    for label, path in cancels.items():
        assert f'Cancel the standing order "{label}"?' in client.get(path).content.decode()
        assert "is cancelled" in client.post(path).content.decode()
    assert not StandingOrder.objects.filter(game=game, active=True).exists()
