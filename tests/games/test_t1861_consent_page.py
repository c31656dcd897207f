"""1861 merger consent on the game page, in a new site game played by the bot to cy's consent.

bob merges KK and cy's MB into GRR (tests/notifications/t1861_consent.py).  cy's page asks her,
saying what goes where and what she gets, with Accept and Decline; bob's page has no prompt but
says whose consent the merger waits for.  A decline leaves MB hers and gives bob his merger turn
back; an acceptance forms GRR.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from games.queries import current_state
from tests.games.pages import post_quick, without_svg
from tests.games.test_t1861_pages import section, text
from tests.notifications.t1861_consent import OWNER, PRESIDENT, consent_game

pytestmark = pytest.mark.django_db

QUESTION = ("bob merges KK, MB into GRR at ₽150, taking your MB: you would receive 10% of GRR (no one reaches"
            " the president's 20% by the exchange alone). Do you accept?")
WAITING = "Merging KK, MB into GRR: waiting for the consent of cy."


def page(client: Client, game: Game) -> str:
    return text(without_svg(client.get(f"/games/{game.pk}/").content.decode())).replace("&#x27;", "'")


@pytest.fixture
def seats(players) -> tuple[Game, Client, Client]:
    """The game at cy's consent, and bob's and cy's signed-in browsers."""
    president, owner = browsers(players[PRESIDENT], players[OWNER])
    return consent_game(players), president, owner


def browsers(*users) -> tuple[Client, ...]:
    """One signed-in browser per user, in order."""
    clients = tuple(Client() for _ in users)
    for client, user in zip(clients, users, strict=True):
        client.force_login(user)
    return clients


def test_the_owner_is_asked_on_the_page_and_the_president_sees_whom_the_merger_waits_for(seats) -> None:
    game, president, owner = seats
    asked = page(owner, game)
    assert QUESTION in asked
    assert "Accept: MB goes into GRR; you get 10% of GRR" in asked
    assert "Decline: MB stays yours; the merger does not take place" in asked
    waiting = page(president, game)
    assert "Nothing to do now: the game is waiting for cy." in waiting and QUESTION not in waiting
    html = president.get(f"/games/{game.pk}/").content.decode()
    assert WAITING in text(section(html, "t1861-round"))


def test_a_decline_on_the_page_keeps_the_minor_and_gives_the_president_his_turn_back(seats) -> None:
    game, president, owner = seats
    assert post_quick(owner, game.pk, "Decline: MB stays yours").status_code == 302
    game.refresh_from_db()
    state = current_state(game)
    assert state.minors["mb"]["owner"] == OWNER and state.majors["grr"]["status"] != "started"
    after = page(president, game)
    assert "cy declines the merger into GRR; it does not take place." in after
    assert "Nothing to do now" not in after and WAITING not in after
    assert "Your move" in after and "MB Moscow-Brest Railway minor owner cy" in after


def test_an_acceptance_on_the_page_forms_the_major(seats) -> None:
    game, president, owner = seats
    assert post_quick(owner, game.pk, "Accept: MB goes into GRR").status_code == 302
    game.refresh_from_db()
    assert current_state(game).majors["grr"]["status"] == "started"
    after = page(president, game)
    assert "cy accepts the merger into GRR." in after and WAITING not in after
