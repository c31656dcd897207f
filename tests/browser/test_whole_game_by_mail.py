"""A new player's whole Acquire game, played in Chromium from the local inbox's mails alone.

The embedded run keeps mail on the /inbox/ page.  Each player has their own browser, signs in
with the sign-in mail read there, and from then on learns whose move it is only from the inbox:
the newest turn mail ("It is your move") is the one the game waits for.  A link from it is
opened and confirmed until the game is over; then every seat has its result mail, no mail told a
player another's tiles, no page answered an error, and the record the history page exports
replays to the same standings.

The second game starts at the front door: new people sign up from the home page, the game is
made on the new-game page and the others take their seats from the invitation mails; the
decisions no quick link makes (two chains' shares at once, part of a holding sold) are made on
the site from the mail's "choose on the site" link, once from a device not yet signed in.
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
SITE_LINK = "Choose on the site (anything else)"
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
    ask_for_a_sign_in_link(browser, player.user.email)
    confirm_the_sign_in_mail(browser, player.user.email)
    assert player.user.display_name in browser.page.locator("header.top").inner_text()


def ask_for_a_sign_in_link(browser: LinkBrowser, email: str) -> None:
    """On the sign-in page: give the address and ask for the link."""
    browser.page.fill("#id_email", email)
    browser.page.click("main button[type=submit]")
    browser.page.wait_for_selector("text=Check your mail")


def confirm_the_sign_in_mail(browser: LinkBrowser, email: str) -> None:
    """Read the newest sign-in mail to ``email`` on the inbox page and confirm its link."""
    browser.page.goto(f"{browser.base}/inbox/?to={email}")
    link = browser.page.locator(f"article.mail pre a[href^='{browser.base}/accounts/signin/link/']").first
    browser.open(link.get_attribute("href"))
    browser.press("#confirm-signin")


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
        return press_first_answer_on_the_site(player, text)
    label, url = choose(offered)
    browser.open(url)
    assert browser.kind() == "confirm", browser.page.content()[:2000]
    browser.press("#link-page button[type=submit]")
    assert browser.kind() == "applied", browser.page.content()[:2000]
    assert "Done" in browser.page.locator("main").inner_text()
    return label


def open_the_site_link(player: Player, text: str) -> Any:
    """Follow the turn mail's "choose on the site" link: the game page, with the prompt for a signed-in player."""
    player.browser.page.goto(links_in(text)[SITE_LINK])
    return player.browser.page


def press_first_answer_on_the_site(player: Player, text: str) -> str:
    """From the site link, press the prompt's first answer button; its label."""
    page = open_the_site_link(player, text)
    button = page.locator("#prompt button[type=submit]").first
    label = button.inner_text()
    with page.expect_navigation():
        button.click()
    assert page.locator("#move-error").count() == 0, page.content()[:2000]
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


def play_until_finished(game: Game, players: dict[str, Player], on_move: Callable[[], None],
                        answer_turn: Callable[[Player, str], str] = answer) -> list[str]:
    """Answer the newest turn mail (with ``answer_turn``) until none waits; the labels answered, in order."""
    answered = []
    for _ in range(MAX_MOVES):
        turn = whose_turn(players)
        if turn is None:
            return answered
        answered.append(answer_turn(*turn))
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

    assert_a_clean_finish(game, table, seen, leaks, answered, tmp_path)
    for kind in ("merges Tower and Luxor", "survives", "Keep ", "Declare the end of the game"):  # "Keep it": 1 share
        assert any(kind in label for label in answered), (kind, answered)


def assert_a_clean_finish(game: Game, table: dict[str, Player], seen: set[int], leaks: list[str],
                          answered: list[str], tmp_path: Path) -> None:
    """The game is over: every seat read its result mail, no mail leaked, no page erred, and the record replays."""
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, answered[-10:]
    seat_of = {seat.user.email: seat.index for seat in game.seats.select_related("user")}
    for address, player in table.items():
        subject, text = player.newest_mail()
        assert subject.endswith("the game is over"), (address, subject)
        assert "Final standings:" in text
    assert not leaks, leaks
    assert not shown_holdings(game, seat_of), shown_holdings(game, seat_of)
    assert set(InboxMessage.objects.filter(pk__in=seen).values_list("to", flat=True)) == set(seat_of)  # all read
    errors = [error for player in table.values() for error in player.errors]
    assert not errors, errors

    reader = next(iter(table.values())).browser
    reader.page.goto(f"{reader.base}/games/{game.pk}/history/")
    record_link = reader.page.locator("#download-record").get_attribute("href")
    record = reader.page.context.request.get(reader.base + record_link)
    assert record.status == 200
    assert replayed_standings(record.body(), tmp_path) == summary(current_state(game))["standings"]


# From the front door: three new people, the game made on the new-game page, seats taken from
# the invitation mails, and the decisions a mail's quick links cannot make made on the site.

NAMES = {"ann@example.com": "Ann", "bob@example.com": "Bob", "cy@example.com": "Cy"}
FOUNDING = "founds a new chain: which one?"
BUY_ONE = re.compile(r"^Buy 1 (\w+) share for")
DISPOSE = re.compile(r"what do you do with your (\d+) (\w+) shares\?")


def sign_up_from_the_home_page(browser: LinkBrowser, email: str, name: str) -> None:
    """A new person's first visit: the home page's sign-in link, the mail on the inbox page, then their name."""
    page = browser.page
    page.goto(f"{browser.base}/")
    page.click("main a:has-text('sign in')")
    ask_for_a_sign_in_link(browser, email)
    page.click("#inbox-link")  # the "check your mail" page links the inbox page, at this address's mail
    assert page.locator("article.mail h3").first.inner_text() == "Your Turnpost sign-in link"
    confirm_the_sign_in_mail(browser, email)
    assert page.locator("h1").inner_text() == "Welcome to Turnpost"
    page.fill("#id_display_name", name)
    browser.press("main button[type=submit]")
    assert name in page.locator("header.top").inner_text()


def create_a_game_on_the_new_game_page(browser: LinkBrowser, invited: list[str]) -> Game:
    """Acquire for three, the others invited by address, seated as listed, holdings closed, the test's tile bag."""
    page = browser.page
    page.click("main a:has-text('Start a new game')")
    page.select_option("#id_title", "acquire")
    page.select_option("#id_seat_count", "3")
    page.fill("#id_name", "Inbox Acquire")
    page.fill("#id_invitations", "\n".join(invited))
    page.select_option("#id_seat_order_mode", "chosen")
    page.uncheck("#id_opt_acquire_open_holdings")
    page.click("#new-game summary:has-text('Advanced options')")
    page.fill("#id_advanced_options", json.dumps({"tile_bag": TILE_BAG}))
    browser.press("#new-game button[type=submit]")
    assert "their invitations went out by mail" in page.locator("main").inner_text()
    return Game.objects.get(pk=int(re.search(r"/games/(\d+)/$", page.url).group(1)))


def take_the_seat_from_the_invitation_mail(browser: LinkBrowser, email: str, name: str) -> None:
    page = browser.page
    page.goto(f"{browser.base}/inbox/?to={email}")
    invitation = page.locator("article.mail").first
    assert invitation.locator("h3").inner_text() == "Ann invites you to play Acquire on Turnpost"
    browser.open(invitation.locator("pre a[href*='/invitation/']").get_attribute("href"))
    page.fill("#id_display_name", name)
    browser.press("#accept-invitation")
    assert name in page.locator("header.top").inner_text()


@dataclass
class NewPlayersAnswers:
    """How the new players answer a turn mail: mostly its quick links, but on the site for these decisions.

    * every chain founding: the site link, then the prompt's first button (the first one Bob opens on
      another device, signed out: the page asks him to sign in and brings him back to his move);
    * the first purchase of two chains' shares at once, and the first sale of part of a holding:
      the site's full forms, as no quick link makes them;
    * the first quick answer: its button in the mail's HTML version on the inbox page;
    * after those, the first "Done" page that offers the player's next decision: answered from there.
    """

    other_device: Player
    on_site: list[str] = field(default_factory=list)
    signed_in_on_the_other_device: bool = False
    from_html: list[str] = field(default_factory=list)
    from_done_page: list[str] = field(default_factory=list)

    def __call__(self, player: Player, text: str) -> str:
        offered = {label: url for label, url in links_in(text).items() if "/mail/move/" in url}
        chains = list(dict.fromkeys(match[1] for label in offered if (match := BUY_ONE.match(label))))
        disposal = DISPOSE.search(text)
        if FOUNDING in text:
            label = self.found_on_the_site(player, text)
        elif len(chains) >= 2 and not any(label.startswith("Buy 1 ") for label in self.on_site):
            label = self.buy_on_the_site(player, text, chains[:2])
        elif disposal and not any(label.startswith("Sell 1 ") for label in self.on_site):
            label = self.sell_one_on_the_site(player, text, disposal[2])
        elif offered and not self.from_html:
            label = self.answer_from_the_html_version(player)
            self.from_html.append(label)
            return label
        elif offered and len(self.on_site) >= 3 and not self.from_done_page:
            return self.answer_and_go_on_from_the_done_page(player, text)
        else:
            return answer(player, text)
        self.on_site.append(label)
        return label

    def found_on_the_site(self, player: Player, text: str) -> str:
        if self.other_device.user != player.user or self.signed_in_on_the_other_device:
            return press_first_answer_on_the_site(player, text)
        page = open_the_site_link(self.other_device, text)
        assert page.locator("#prompt").count() == page.locator("#hand").count() == 0  # signed out: no move, no tiles
        page.click("#sign-in-to-play a")
        ask_for_a_sign_in_link(self.other_device.browser, player.user.email)
        confirm_the_sign_in_mail(self.other_device.browser, player.user.email)
        assert FOUNDING in page.locator("#prompt").inner_text()  # back at the game, at his move
        self.signed_in_on_the_other_device = True
        return press_first_answer_on_the_site(self.other_device, text)

    def buy_on_the_site(self, player: Player, text: str, chains: list[str]) -> str:
        page = open_the_site_link(player, text)
        page.click("details[data-fold=buy_shares] > summary")
        for chain in chains:
            page.fill(f"form[data-action=buy_shares] input[name='f.shares.{chain.lower()}']", "1")
        with page.expect_navigation():
            page.click("form[data-action=buy_shares] button[type=submit]")
        assert page.locator("#move-error").count() == 0, page.content()[:2000]
        newest = page.locator("#log").inner_text().splitlines()[0]  # the log reads newest first
        assert f"{player.user.display_name} bought" in newest and all(f"1 {chain} share" in newest for chain in chains)
        return f"Buy 1 {chains[0]} share and 1 {chains[1]} share"

    def sell_one_on_the_site(self, player: Player, text: str, chain: str) -> str:
        page = open_the_site_link(player, text)
        page.click("details[data-fold=dispose_shares] > summary")
        page.fill("form[data-action=dispose_shares] input[name='f.sell']", "1")
        with page.expect_navigation():
            page.click("form[data-action=dispose_shares] button[type=submit]")
        assert page.locator("#move-error").count() == 0, page.content()[:2000]
        assert f"{player.user.display_name} sold 1 {chain} share for" in page.locator("#log").inner_text()
        return f"Sell 1 {chain} share, keep the rest"

    def answer_and_go_on_from_the_done_page(self, player: Player, text: str) -> str:
        """A quick answer; when its "Done" page offers the player's next decision, that one from there too."""
        label = answer(player, text)
        browser = player.browser
        fresh = {link.inner_text(): link.get_attribute("href")
                 for link in browser.page.locator("#fresh-links a[href*='/mail/move/']").all()}
        if not fresh:
            return label
        next_label, url = choose(fresh)
        browser.open(url)
        assert browser.kind() == "confirm", browser.page.content()[:2000]
        browser.press("#link-page button[type=submit]")
        assert browser.kind() == "applied", browser.page.content()[:2000]
        self.from_done_page.append(next_label)
        return f"{label}; {next_label}"

    def answer_from_the_html_version(self, player: Player) -> str:
        """The newest mail's HTML version: its first answer button opens the confirm page in the whole tab."""
        browser = player.browser
        browser.page.goto(f"{browser.base}/inbox/?to={player.user.email}")
        newest = browser.page.locator("article.mail").first
        newest.locator("details > summary").click()
        button = newest.frame_locator("iframe").locator("a[href*='/mail/move/']").first
        label = button.inner_text()
        with browser.page.expect_navigation():
            button.click()
        assert browser.kind() == "confirm", browser.page.content()[:2000]
        browser.press("#link-page button[type=submit]")
        assert browser.kind() == "applied", browser.page.content()[:2000]
        return label


def test_new_players_create_join_and_play_a_whole_game_from_the_inbox(link_browser, local_inbox, tmp_path):  # noqa: F811
    """Ann signs up and creates the game on the site; Bob and Cy join from their invitations; all play by mail."""
    browsers = {address: link_browser() for address in NAMES}
    ann, bob, cy = NAMES
    sign_up_from_the_home_page(browsers[ann], ann, NAMES[ann])
    game = create_a_game_on_the_new_game_page(browsers[ann], [bob, cy])
    for address in (bob, cy):
        take_the_seat_from_the_invitation_mail(browsers[address], address, NAMES[address])
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE and game.options["open_holdings"] is False
    users = {user.email: user for user in User.objects.filter(email__in=NAMES)}
    table = {address: Player(users[address], browser) for address, browser in browsers.items()}
    seat_of = {seat.user.email: seat.index for seat in game.seats.select_related("user")}
    assert seat_of == {ann: 0, bob: 1, cy: 2}
    bobs_other_device = Player(users[bob], link_browser())
    answers = NewPlayersAnswers(bobs_other_device)
    seen: set[int] = set()
    leaks: list[str] = []
    answered = play_until_finished(game, table, lambda: leaks.extend(leaked_tiles(game, seen, seat_of)), answers)

    assert_a_clean_finish(game, table, seen, leaks, answered, tmp_path)
    assert answers.signed_in_on_the_other_device and not bobs_other_device.errors, bobs_other_device.errors
    assert answers.on_site == ["Found Tower", "Found Luxor", "Buy 1 Tower share and 1 Luxor share",
                               "Sell 1 Luxor share, keep the rest"], answers.on_site
    assert len(answers.from_html) == 1 and len(answers.from_done_page) == 1, answered
    for kind in ("merges Tower and Luxor", "survives", "Declare the end of the game"):
        assert any(kind in label for label in answered), (kind, answered)
