"""1861 by mail on the real parts: a Celery worker process on Redis and an SMTP listener on loopback.

The recorded game 29683 is imported at the start of stock round 2 (minors auctioned), and
again before stock round 4 (shares of four majors), its seats claimed by ann, bob and cy;
from then on the whole stock round and the operating round after it are played only through
the links of the mails the listener receives: each link's confirm page
is opened (GET) and its form posted, as a mail reader and the page's button would.  Every
mail offers exactly the prompt's one-click answers, and says what changed since the reader's
last move, with the hexes a tile changed and a link to the map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

import engine.core as engine
from games.models import Action
from games.queries import current_state
from notifications import announcements
from notifications.models import Outbox, OutboxStatus
from tests.notifications.helpers import move_links, path_of
from tests.notifications.realparts import Received, wait_until
from tests.notifications.t1861_games import BEFORE_STOCK_ROUND_4, STOCK_ROUND, imported_1861
from tests.notifications.test_real_delivery import act_on

pytestmark = pytest.mark.django_db(transaction=True)

MAX_MAILS = 150  # a stock round and an operating round take 40 to 80 answers; this bounds a driver gone wrong
# What a player answers, in order of preference (labels as the mails write them); else the mail's first link.
PREFERRED = ("Run the suggested routes", "Pay out", "Redeem no shares", "Buy no private", "No token",
             "Buy no (more) trains", "Buy no train", "Decline", "Pass", "End the turn")


def choose(offered: dict[str, str], prompt: engine.Prompt, acted: set[tuple]) -> str:
    """The driver's pick: in a stock round each player sells one share once (the first offered), buys one
    share once and opens one minor's auction once, then passes; a company lays the first tile offered once
    a turn, runs its best routes, pays out, and buys the bank's next train when it can."""
    labels = list(offered)
    who = prompt.context.get("company") or prompt.seat
    stock = prompt.name == "stock_turn"
    once = {("sell", who): [label for label in labels if stock and label.startswith("Sell ")],
            ("buy", who): [label for label in labels if stock and label.startswith("Buy ")],
            ("auction", who): [label for label in labels if label.startswith("Auction ")],
            ("tile", who): [label for label in labels if label.startswith("Tile ")],
            ("train", who): [label for label in labels if " from the bank (" in label]}
    for key, candidates in once.items():
        if candidates and key not in acted:
            acted.add(key)
            return candidates[0]
    if once[("tile", who)]:
        return "No (more) track"
    for wanted in PREFERRED:
        for label in labels:
            if label.startswith(wanted):
                return label
    return labels[0]


def round_of(state: Any) -> tuple:
    return state.round["kind"], state.round["number"], state.round.get("operating_round")


@dataclass
class Played:
    game: Any
    chosen: list[tuple[tuple, str]]
    mails: list[Received]
    client: Client


def play_from_mails(smtp_sink: Any, players: list, cut: int, last_round: tuple) -> Played:
    """29683 imported after ``cut``; every mail answered through one of its links until ``last_round`` is over.

    Each mail must be the asked seat's, offering exactly its prompt's one-click answers, in the
    plain text and the HTML alike; the link chosen is opened and its confirm form posted.
    """
    game = imported_1861(cut, players)
    seat_of = {player.email: seat for seat, player in enumerate(players)}
    asked = engine.prompts(current_state(game))[0]
    announcements.announce_seat_now(game.pk, asked.seat)
    client, read, acted = Client(), 0, set()
    chosen: list[tuple[tuple, str]] = []
    mails: list[Received] = []
    rounds = {round_of(current_state(game))}
    while read < MAX_MAILS:
        message = smtp_sink.wait_for(read + 1)[read]
        read += 1
        mails.append(message)
        game.refresh_from_db()
        state = current_state(game)
        if last_round in rounds and round_of(state) != last_round:
            break
        (prompt,) = engine.prompts(state)
        seat = seat_of[message.to[0]]
        assert prompt.seat == seat and "It is your move in" in message.text, message.subject
        offered = move_links(message.text)
        assert list(offered) == [answer.label for answer in prompt.quick], message.subject
        assert all(f'href="{url}"' in message.html for url in offered.values())
        label = choose(offered, prompt, acted)
        act_on(client, offered[label], label)
        chosen.append((round_of(state), label))
        rounds.add(round_of(state))
    assert read < MAX_MAILS, f"the driver did not finish {last_round}"
    sent = Outbox.objects.filter(game=game, status=OutboxStatus.SENT)
    wait_until(lambda: sent.count() == read)
    assert not Outbox.objects.filter(game=game).exclude(status=OutboxStatus.SENT).exists()
    assert Action.objects.filter(game=game, source="email").count() == len(chosen)
    # a track step with nothing to lay is passed for the player (no mail, no day lost)
    assert {str(move.payload) for move in Action.objects.filter(game=game, source="auto")} <= {"{'type': 'pass'}"}
    return Played(game, chosen, mails, client)


def test_a_stock_round_of_minors_and_its_operating_round_are_played_from_the_mails(redis_worker, smtp_sink, players):
    played = play_from_mails(smtp_sink, players, STOCK_ROUND, ("operating", 2, 1))
    game, chosen, mails, client = played.game, played.chosen, played.mails, played.client
    assert {round_of for round_of, _ in chosen} == {("stock", 2, None), ("operating", 2, 1)}
    labels = [label for _, label in chosen]
    assert sum(label.startswith("Auction ") for label in labels) >= 1  # a minor put up in the stock round
    assert any(label.startswith("Raise to") or label == "Pass" for label in labels)
    assert any(label.startswith("Run the suggested routes (₽") for label in labels)
    assert any(label.startswith("Tile ") for label in labels)
    assert any(" from the bank (₽" in label for label in labels)

    # A mail after another company's tile lay lists the hex it changed, with a link to the game page's map.
    with_map = [m for m in mails if "Changed on the map:" in m.text]
    assert with_map, "no mail told of a tile laid since the reader's last move"
    section = with_map[0].text.split("Changed on the map:", 1)[1].split("\n\n", 1)[0]
    assert " laid by " in section and "See the map: http://" in section
    map_url = section.split("See the map: ", 1)[1].split()[0]
    assert map_url.endswith(f"/games/{game.pk}/#map") and "Changed on the map" in with_map[0].html
    page = client.get(path_of(map_url).split("#")[0])
    assert page.status_code == 200 and 'id="map"' in page.content.decode()
    # The log lines a mail quotes read as sentences: who bought which train from whom, what a run earned.
    since = "\n".join(m.text.split("Since your last move:", 1)[-1].split("\n\n", 1)[0] for m in mails)
    assert re.search(r"[A-Z-]+ buys a 2-train from the bank for ₽100\.", since) and " runs for ₽" in since
    assert re.search(r"Player \d wins [A-Z-]+ for ₽100; it starts at ₽\d+\.", since), since


def test_a_stock_round_of_shares_and_an_operating_round_of_majors_are_played_from_the_mails(
        redis_worker, smtp_sink, players):
    played = play_from_mails(smtp_sink, players, BEFORE_STOCK_ROUND_4, ("operating", 4, 1))
    rounds = {round_of for round_of, _ in played.chosen}
    assert {("stock", 4, None), ("operating", 4, 1)} <= rounds, rounds
    labels = [label for _, label in played.chosen]
    assert any(re.fullmatch(r"Sell 1 [A-Z]+ \(₽\d+\)", label) for label in labels), labels
    assert any(re.fullmatch(r"Buy [A-Z]+ \((treasury|pool), ₽\d+\)", label) for label in labels), labels
    payout = r"Pay out ₽\d+ \(₽\d+ a share, ₽\d+ to you; price to ₽\d+\)"
    assert any(re.fullmatch(payout, label) for label in labels), labels
    since = "\n".join(m.text.split("Since your last move:", 1)[-1].split("\n\n", 1)[0] for m in played.mails)
    assert re.search(r" sells a share of [A-Z]+ for ₽\d+; the price is ₽\d+\.", since), since
    assert re.search(r"[A-Z]+ pays out ₽\d+, ₽\d+ a share; the price is ₽\d+\.", since), since
