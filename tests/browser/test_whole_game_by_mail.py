"""A new player's whole Acquire game, played in Chromium from the local inbox's mails alone.

The embedded run keeps mail on the /inbox/ page.  Each player has their own browser, signs in
with the sign-in mail read there, and from then on learns whose move it is only from the inbox:
the newest turn mail ("It is your move") is the one the game waits for.  A link from it is
opened and confirmed until the game is over; then every seat has its result mail, no mail told a
player another's tiles, no page answered an error, and the record the history page exports
replays to the same standings.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User
from engine.core import summary
from games.models import Game, GameStatus
from games.queries import current_state
from notifications.models import InboxMessage
from tests.browser.test_mail_links import LinkBrowser, link_browser, local_inbox, site  # noqa: F401
from tests.games.factories import started_game
from tests.notifications.helpers import links_in, without_urls

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

MAX_MOVES = 400
TURN_MAIL = "It is your move in"
TILE = re.compile(r"\b(?:[1-9]|1[0-2])[A-I]\b")
# What a player's answer prefers: the end when it may be declared, else the mail's first link.
PREFERRED = ("Declare the end of the game",)

# Start tiles 1I (ann), 6I (bob), 12I (cy): ann starts.  The first link of a tile prompt is the
# lowest tile (board order), so: bob founds Tower on 1A-2A and Luxor on 1C-2C, cy's 1B merges the
# tied chains (a survivor to choose, bob's founder shares to dispose of), then rows B and C grow
# the survivor safe and cy may declare the end.  Holdings are closed: no mail shows another's.
HANDS = [["1A", "1C", "3C", "5C", "7C", "9C"], ["2A", "2C", "4C", "6C", "8C", "10C"],
         ["5A", "1B", "2B", "3B", "4B", "5B"]]
DRAWS = ["2E", "4E", "6E", "8E", "10E", "12E", "1G", "3G", "5G", "7G", "9G", "11G"]
TILE_BAG = ["1I", "6I", "12I", *HANDS[0], *HANDS[1], *HANDS[2], *DRAWS]


@dataclass
class Player:
    """One player at their own browser, reading their own mail on the inbox page."""

    user: User
    browser: LinkBrowser
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.browser.page.on("response", self._record)

    def _record(self, response: Any) -> None:
        if response.status >= 400:
            self.errors.append(f"{response.status} {response.request.method} {response.url}")

    def newest_mail(self) -> tuple[str, str]:
        """The subject and text of the newest mail on the inbox page for this player's address."""
        page = self.browser.page
        page.goto(f"{self.browser.base}/inbox/?to={self.user.email}")
        newest = page.locator("article.mail").first
        return newest.locator("h3").inner_text(), newest.locator("pre").inner_text()


def sign_in_from_inbox(player: Player) -> None:
    """Ask for a sign-in mail, read it on the inbox page, and confirm its link."""
    browser = player.browser
    browser.page.goto(f"{browser.base}/accounts/signin/")
    browser.page.fill("#id_email", player.user.email)
    browser.page.click("button[type=submit]")
    browser.page.wait_for_selector("text=Check your mail")
    browser.page.goto(f"{browser.base}/inbox/?to={player.user.email}")
    link = browser.page.locator(f"article.mail pre a[href^='{browser.base}/accounts/signin/link/']").first
    browser.open(link.get_attribute("href"))
    browser.press("#confirm-signin")
    assert player.user.display_name in browser.page.locator("header.top").inner_text()


def recipients_newest_first(player: Player) -> list[str]:
    """The inbox page's recipients, the one with the newest mail first."""
    page = player.browser.page
    page.goto(f"{player.browser.base}/inbox/")
    return page.locator("#recipients a").all_inner_texts()


def whose_turn(players: dict[str, Player]) -> tuple[Player, str] | None:
    """The player whose newest mail is the newest turn mail, with that mail's text; None when none waits.

    A turn mail already answered stays its reader's newest mail, but the move it answered came
    before the current turn mail was sent, so the newest turn mail is the one the game waits for.
    """
    reader = next(iter(players.values()))
    for address in recipients_newest_first(reader):
        if address in players:
            _, text = players[address].newest_mail()
            if TURN_MAIL in text:
                return players[address], text
    return None


def choose(offered: dict[str, str]) -> tuple[str, str]:
    """A quick answer: the end when it may be declared, else the first link (labels in mail order)."""
    for wanted in PREFERRED:
        for label, url in offered.items():
            if label.startswith(wanted):
                return label, url
    return next(iter(offered.items()))


def answer(player: Player, text: str) -> str:
    """Answer the turn mail ``text``: confirm one of its move links, or play on the game page."""
    offered = {label: url for label, url in links_in(text).items() if "/mail/move/" in url}
    browser = player.browser
    if not offered:
        site_link = links_in(text)["Choose on the site (anything else)"]
        browser.page.goto(site_link)
        button = browser.page.locator("#prompt button[type=submit]").first
        label = button.inner_text()
        with browser.page.expect_navigation():
            button.click()
        assert browser.page.locator("#move-error").count() == 0, browser.page.content()[:2000]
        return label
    label, url = choose(offered)
    browser.open(url)
    assert browser.kind() == "confirm", browser.page.content()[:2000]
    browser.press("#link-page button[type=submit]")
    assert browser.kind() == "applied", browser.page.content()[:2000]
    assert "Done" in browser.page.locator("main").inner_text()
    return label


def other_hands(game: Game, seat: int) -> set[str]:
    state = current_state(game)
    return {tile for other, hand in enumerate(state.hands) if other != seat for tile in hand}


def leaked_tiles(game: Game, seen: set[int], seat_of: dict[str, int]) -> list[str]:
    """Tiles of other players' hands in the mails sent since the last look (hands only grow by draws)."""
    game.refresh_from_db()
    leaks = []
    for message in InboxMessage.objects.exclude(pk__in=seen).filter(to__in=seat_of):
        seen.add(message.pk)
        hidden = other_hands(game, seat_of[message.to])
        shown = set(TILE.findall(without_urls(message.body_text + message.body_html)))
        if shown & hidden:
            leaks.append(f"{message.to} read {sorted(shown & hidden)} in {message.subject!r}")
    return leaks


def shown_holdings(game: Game, seat_of: dict[str, int]) -> list[str]:
    """Players-table lines of the game's mails that show another player's cash or shares (holdings are closed).

    The result mail is left out: once the game is over every holding is part of the final standings.
    """
    names = {seat.index: seat.display_name for seat in game.seats.all()}
    shown = []
    for message in InboxMessage.objects.filter(to__in=seat_of).exclude(subject__endswith="the game is over"):
        others = [name for seat, name in names.items() if seat != seat_of[message.to]]
        for line in message.body_text.splitlines():
            if any(line.startswith(f"  {name}: ") for name in others) and "not shown" not in line:
                shown.append(f"{message.to} read {line.strip()!r} in {message.subject!r}")
    return shown


def play_until_finished(game: Game, players: dict[str, Player], on_move: Callable[[], None]) -> list[str]:
    """Answer the newest turn mail until none waits; the labels answered, in order."""
    answered = []
    for _ in range(MAX_MOVES):
        turn = whose_turn(players)
        if turn is None:
            return answered
        answered.append(answer(*turn))
        on_move()
    pytest.fail(f"The game did not finish in {MAX_MOVES} moves; the last answers: {answered[-10:]}")


def replayed_standings(record: bytes, tmp_path: Path) -> Any:
    path = tmp_path / "record.json"
    path.write_bytes(record)
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)["standings"]


def test_a_whole_acquire_game_is_played_from_the_inbox(link_browser, local_inbox, players, tmp_path):  # noqa: F811
    """Three new players sign in by mail, found two chains, merge them, grow the survivor safe and end the game."""
    seated = players
    table = {user.email: Player(user, link_browser()) for user in seated}
    for player in table.values():
        sign_in_from_inbox(player)
    game = started_game(seated, options={"tile_bag": TILE_BAG, "open_holdings": False})
    seat_of = {seat.user.email: seat.index for seat in game.seats.select_related("user")}
    seen: set[int] = set()
    leaks: list[str] = []
    answered = play_until_finished(game, table, lambda: leaks.extend(leaked_tiles(game, seen, seat_of)))

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, answered[-10:]
    for kind in ("merges Tower and Luxor", "survives", "Keep all", "Declare the end of the game"):
        assert any(kind in label for label in answered), (kind, answered)
    for address, player in table.items():
        subject, text = player.newest_mail()
        assert subject.endswith("the game is over"), (address, subject)
        assert "Final standings:" in text
    assert not leaks, leaks
    assert not shown_holdings(game, seat_of), shown_holdings(game, seat_of)
    assert set(InboxMessage.objects.filter(pk__in=seen).values_list("to", flat=True)) == set(seat_of)  # all read
    errors = [error for player in table.values() for error in player.errors]
    assert not errors, errors

    reader = table[seated[0].email].browser
    reader.page.goto(f"{reader.base}/games/{game.pk}/history/")
    record_link = reader.page.locator("#download-record").get_attribute("href")
    record = reader.page.context.request.get(reader.base + record_link)
    assert record.status == 200
    assert replayed_standings(record.body(), tmp_path) == summary(current_state(game))["standings"]
