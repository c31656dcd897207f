"""1861 sale offers on the game page (Turnpost's ``sale_consent``, 12.8), in a new site game the
bot plays until ann's M-K offers ₽1 for the 2-train of cy's RO (tests/notifications/
test_t1861_sale_offer_mail.py). cy's page asks her with Accept and Decline; ann's page has no
prompt but says whom the game waits for. A decline gives ann her train step back."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from games.queries import current_state
from tests.games.pages import post_quick
from tests.games.test_t1861_consent_page import browsers, page
from tests.notifications.t1861_consent import bot_moves_to, site_game_after
from tests.notifications.test_t1861_sale_offer_mail import BOT_KEY, BUYER, MOVES, SEED, SELLER

pytestmark = pytest.mark.django_db

QUESTION = "ann, for M-K, offers ₽1 for RO's 2-train. Do you accept?"


@pytest.fixture
def seats(players) -> tuple[Game, Client, Client]:
    """The game at cy's sale offer, and ann's and cy's signed-in browsers."""
    game = site_game_after(players, SEED, lambda names: bot_moves_to(names, SEED, BOT_KEY, "sale_offer", MOVES))
    return (game, *browsers(players[BUYER], players[SELLER]))


def test_the_seller_is_asked_on_the_page_and_the_buyer_sees_whom_the_game_waits_for(seats) -> None:
    game, buyer, seller = seats
    asked = page(seller, game)
    assert QUESTION in asked and "Accept: sell for ₽1" in asked and "Decline: RO keeps its train" in asked
    waiting = page(buyer, game)
    assert "Nothing to do now: the game is waiting for cy." in waiting and QUESTION not in waiting
    assert "M-K offers cy ₽1 for RO's 2-train; cy is asked to accept or decline." in waiting


def test_a_decline_on_the_page_keeps_the_train_and_gives_the_buyer_the_step_back(seats) -> None:
    game, buyer, seller = seats
    assert post_quick(seller, game.pk, "Decline: RO keeps its train").status_code == 302
    game.refresh_from_db()
    assert current_state(game).minors["ro"]["trains"] == ["2-3"]
    after = page(buyer, game)
    assert "cy declines M-K's offer of ₽1 for RO's 2-train." in after
    assert "Nothing to do now" not in after and "Your move" in after
