"""1861 merger consent by mail on the real parts (a Celery worker on Redis, an SMTP listener on loopback).

In a new game (tests/notifications/t1861_consent.py) bob merges KK and cy's MB into GRR; cy,
not the merging president, is asked.  Her mail says which minor goes into which major and what
she gets, and offers Accept and Decline; each link's confirm page is opened and its form posted.
A decline leaves MB hers and bob's merger turn going on (his next mail says why); an acceptance
forms GRR.
"""

from __future__ import annotations

import pytest

import engine.core as engine
from games.queries import current_state
from notifications import announcements
from tests.notifications.helpers import move_links
from tests.notifications.realparts import wait_until
from tests.notifications.t1861_consent import OWNER, PRESIDENT, consent_game
from tests.notifications.test_real_delivery import act_on

pytestmark = pytest.mark.django_db(transaction=True)

ACCEPT = "Accept: MB goes into GRR; you get 10% of GRR"
DECLINE = "Decline: MB stays yours; the merger does not take place"


def next_turn_mail(smtp_sink, user, after: int = 0):
    """The first turn mail to ``user`` after the first ``after`` received (the game's start sent some too)."""
    def found():
        return [(index, message) for index, message in enumerate(smtp_sink.messages) if index >= after
                and message.to == [user.email] and "It is your move in" in message.text]
    wait_until(lambda: bool(found()))
    return found()[0]


def press_mail_link(client, game, message, labels: list[str], chosen: str):
    """Checks that the mail offers exactly ``labels`` as links (in its text and its HTML), opens
    ``chosen``'s confirm page and posts its form; the game's state after."""
    links = move_links(message.text)
    assert list(links) == labels
    assert all(f'href="{url}"' in message.html for url in links.values())
    act_on(client, links[chosen], chosen)
    game.refresh_from_db()
    return current_state(game)


def asked_again_by_mail(smtp_sink, players, state, asked: tuple[int, str], index: int, words: str) -> None:
    """Only ``asked`` (seat, prompt) is asked in ``state``, and that seat's next turn mail after
    the first ``index`` received says ``words``."""
    (prompt,) = engine.prompts(state)
    assert (prompt.seat, prompt.name) == asked
    _, message = next_turn_mail(smtp_sink, players[asked[0]], index + 1)
    assert words in message.text


def owner_mail(smtp_sink, players):
    """The game at cy's consent prompt, and the mail that asks her (and where it lies in the listener's list)."""
    game = consent_game(players)
    announcements.announce_seat_now(game.pk, OWNER)
    index, message = next_turn_mail(smtp_sink, players[OWNER])
    return game, index, message


def test_the_owner_is_asked_by_mail_and_a_decline_stops_the_merger(redis_worker, smtp_sink, players, client):
    game, index, message = owner_mail(smtp_sink, players)
    assert "bob merges KK, MB into GRR at ₽150, taking your MB: you would receive 10% of GRR" in message.text
    state = press_mail_link(client, game, message, [ACCEPT, DECLINE], DECLINE)
    assert state.minors["mb"]["owner"] == OWNER and state.minors["mb"]["status"] == "started"
    assert state.majors["grr"]["status"] != "started"
    # bob's next mail is his turn again, and it says cy declined.
    asked_again_by_mail(smtp_sink, players, state, (PRESIDENT, "merger_turn"), index,
                        "cy declines the merger into GRR; it does not take place.")


def test_an_acceptance_from_the_mail_forms_the_major(redis_worker, smtp_sink, players, client):
    game, index, message = owner_mail(smtp_sink, players)
    act_on(client, move_links(message.text)[ACCEPT], ACCEPT)

    game.refresh_from_db()
    state = current_state(game)
    assert state.majors["grr"]["status"] == "started"
    assert state.minors["mb"]["status"] != "started" and state.minors["kk"]["status"] != "started"
    asked = engine.prompts(state)[0]
    _, after = next_turn_mail(smtp_sink, players[asked.seat], index + 1)
    assert "cy accepts the merger into GRR." in after.text
