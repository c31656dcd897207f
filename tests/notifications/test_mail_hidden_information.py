"""No mail to one seat shows another seat's tiles, and with closed holdings another player's cash or shares.

Every kind of mail is composed for every seat at three positions of a game that runs into a
merger, the way delivery composes it, and read as its recipient would read it.
"""

from __future__ import annotations

import re

import pytest

import engine.core as engine
from games.models import Snapshot
from notifications.compose import Superseded
from notifications.models import MailKind, Outbox, Preference, Stream
from tests.notifications.helpers import TILE_BAG, TO_MERGER, move, start_game, without_urls
from tests.notifications.mail_goldens import mail, row

pytestmark = pytest.mark.django_db(transaction=True)

KINDS = [MailKind.STARTED, MailKind.TURN, MailKind.REMINDER, MailKind.TIMEOUT, MailKind.PAUSED,
         MailKind.UNREACHABLE]
NAMES = ["ann", "bob", "cy"]


def mails_for_every_seat(game, players):
    """(reader seat, text + html) of every mail kind each seat could get now; digests included."""
    for seat, player in enumerate(players):
        outbox_rows = [row(game, player, kind, seat) for kind in KINDS]
        outbox_rows.append(Outbox(game=None, version=seat, recipient=player, kind=MailKind.DIGEST,
                                  send_after=outbox_rows[0].send_after, created=outbox_rows[0].created))
        for outbox_row in outbox_rows:
            try:
                composed = mail(outbox_row)
            except Superseded:  # e.g. a turn mail to a seat with no decision waiting
                continue
            yield seat, outbox_row.kind, composed.text, composed.html


def hands(game):
    return engine.from_json(Snapshot.objects.get(game=game).state).hands


def players_lines(text: str) -> dict[str, str]:
    """The plain text's player lines (name -> what follows the colon)."""
    section = text.split("\nPlayers:\n", 1)[1].split("\n\n", 1)[0]
    return {m[1]: m[2] for m in re.finditer(r"^  (\w+)(?: \(you\))?: (.*)$", section, re.MULTILINE)}


def html_player_row(html: str, name: str) -> str:
    table = html.split('aria-label="Players"', 1)[1].split("</table>", 1)[0]
    return next(tr for tr in table.split("<tr>") if re.search(rf">{name}( \(you\))?</td>", tr))


@pytest.mark.parametrize("open_holdings", [False, True])
def test_a_mail_shows_its_reader_only_their_own_tiles_and_closed_holdings(players, open_holdings):
    for player in players:
        Preference.objects.create(user=player, game=None, stream=Stream.DIGEST, enabled=True)
    game = start_game(players, options={"tile_bag": TILE_BAG, "open_holdings": open_holdings})
    checked, played = set(), 0
    for upto in (0, 3, len(TO_MERGER)):  # the start, a chain with shares bought, the merger's first holder
        for step in TO_MERGER[played:upto]:
            move(game.pk, *step)
        played = upto
        for reader, kind, text, html in mails_for_every_seat(game, players):
            readable = without_urls(text + html)
            for other, hand in enumerate(hands(game)):
                shown = {tile for tile in hand if re.search(rf"\b{tile}\b", readable)}
                assert (shown == set()) if other != reader else True, (kind, reader, other, shown)
            if "\nPlayers:\n" not in text:
                continue  # a notice without the position (paused, unreachable)
            checked.add(kind)
            lines = players_lines(text)
            for other, name in enumerate(NAMES):
                hidden = not open_holdings and other != reader
                assert ("not shown" in lines[name]) is hidden, (kind, reader, name, lines[name])
                assert ("$" not in html_player_row(html, name)) is hidden, (kind, reader, name)
    assert {MailKind.STARTED, MailKind.TURN, MailKind.REMINDER, MailKind.TIMEOUT, MailKind.DIGEST} <= checked
