"""1861 sale offers by mail on the real parts (a Celery worker on Redis, an SMTP listener on loopback).

In a new game (seed 7, the bot's generator keyed ``offer-search``) ann's minor M-K, at its
train step after 109 moves, offers ₽1 for the 2-train of cy's minor RO (``sale_consent``, 12.8).
cy is asked by mail; each link's confirm page is opened and its form posted. A decline leaves
the train with RO and ann's step going on (her next mail says why); an acceptance sells it.
"""

from __future__ import annotations

import pytest

from games.queries import current_state
from notifications import announcements
from tests.notifications.t1861_consent import bot_moves_to, site_game_after
from tests.notifications.test_t1861_consent_mail import asked_again_by_mail, next_turn_mail, press_mail_link

pytestmark = pytest.mark.django_db(transaction=True)

SEED, BOT_KEY, MOVES = 7, "offer-search", 200
BUYER, SELLER = 0, 2  # ann's M-K buys; cy's RO sells
ACCEPT = "Accept: sell for ₽1"
DECLINE = "Decline: RO keeps its train"


def seller_mail(smtp_sink, players):
    """The game at cy's sale_offer prompt, and the mail that asks her."""
    game = site_game_after(players, SEED, lambda names: bot_moves_to(names, SEED, BOT_KEY, "sale_offer", MOVES))
    announcements.announce_seat_now(game.pk, SELLER)
    index, message = next_turn_mail(smtp_sink, players[SELLER])
    return game, index, message


def test_the_seller_is_asked_by_mail_and_a_decline_keeps_the_train(redis_worker, smtp_sink, players, client):
    game, index, message = seller_mail(smtp_sink, players)
    before = current_state(game)
    assert "ann, for M-K, offers ₽1 for RO's 2-train. Do you accept?" in message.text
    state = press_mail_link(client, game, message, [ACCEPT, DECLINE], DECLINE)
    assert state.minors["ro"]["trains"] == before.minors["ro"]["trains"] == ["2-3"]
    assert state.minors["m-k"]["trains"] == before.minors["m-k"]["trains"]
    asked_again_by_mail(smtp_sink, players, state, (BUYER, "operate"), index,
                        "cy declines M-K's offer of ₽1 for RO's 2-train.")


def test_an_acceptance_from_the_mail_sells_the_train(redis_worker, smtp_sink, players, client):
    game, _, message = seller_mail(smtp_sink, players)
    before = current_state(game)
    state = press_mail_link(client, game, message, [ACCEPT, DECLINE], ACCEPT)
    assert state.minors["ro"]["trains"] == []
    assert state.minors["m-k"]["trains"] == [*before.minors["m-k"]["trains"], "2-3"]
    assert state.minors["ro"]["cash"] == before.minors["ro"]["cash"] + 1
