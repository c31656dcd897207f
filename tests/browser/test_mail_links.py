"""Every link a mail carries, opened in Chromium from a real mail and its button pressed.

Django's test client sends no Origin header; a browser does, and what it sends depends on the
page's referrer policy.  These tests are the judge of the mail path's CSRF handling, and of the
token pages' promise: no resource from another site, and a referrer policy that sends nothing
cross-origin while the page's own form POST still carries its real origin.  One test goes the
whole way: the real Celery worker on Redis composes the mail and the loopback SMTP listener
receives it; the others read Django's outbox.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.test import Client
from django.utils.html import escape

from accounts.models import User
from games import services
from games.models import Action, Game, GameStatus
from notifications import links, orders, preferences
from notifications.models import StandingOrder, Stream
from tests.games.factories import SCRIPT, started_game
from tests.games.factories import TILE_BAG as SURVIVOR_TILE_BAG
from tests.notifications.conftest import redis_worker, smtp_sink  # noqa: F401  (fixtures used below)
from tests.notifications.helpers import HANDS, move, move_links, start_game, without_urls
from tests.notifications.realparts import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What a page whose address holds a secret may send as its referrer policy: nothing cross-origin.
NOTHING_CROSS_ORIGIN = {"same-origin", "strict-origin", "no-referrer"}
UNSUBSCRIBE_HEADER = re.compile(r"<(?P<url>https?://\S+/mail/unsubscribe/\S+/)>")


@dataclass
class LinkBrowser:
    """One browser page that opens token links and presses their buttons, checking what each page sends.

    Every request the page makes is recorded: a token page must load nothing from another site,
    and its confirm POST must carry the site's own origin (``Origin: null`` is what Django's CSRF
    check refused under ``no-referrer``).
    """

    page: Any
    base: str
    requests: list[Any] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("request", lambda request: self.requests.append(request))
        self.page.on("response", lambda response: response.status == 404 and self.missing.append(response.url))

    def open(self, url: str) -> Any:
        """GET a mail's link; asserts the page's referrer policy and that it loads nothing third-party."""
        assert url.startswith(self.base), url
        response = self.page.goto(url)
        assert response.status == 200, self.page.content()[:2000]
        assert response.headers.get("referrer-policy") in NOTHING_CROSS_ORIGIN, response.headers
        self.assert_nothing_third_party()
        return response

    def press(self, selector: str) -> Any:
        """Press the page's button; asserts the POST went to this site, from this site's origin."""
        with self.page.expect_navigation() as navigation:
            self.page.locator(selector).click()
        response = navigation.value
        posted = response.request
        while posted.redirected_from is not None:  # a POST answered by a redirect: check the POST itself
            posted = posted.redirected_from
        sent = posted.all_headers()
        assert posted.method == "POST" and sent.get("origin") == self.base, sent
        assert response.status == 200, self.page.content()[:2000]
        self.assert_nothing_third_party()
        return response

    def assert_nothing_third_party(self) -> None:
        foreign = [request.url for request in self.requests
                   if not request.url.startswith((self.base, "data:", "about:"))]
        assert not foreign, foreign
        assert not self.missing, self.missing  # nothing the page asked for is missing

    def kind(self) -> str:
        return self.page.locator("#link-page").get_attribute("data-kind")


@pytest.fixture
def site(live_server, settings) -> str:
    """The live server's address, which mails composed in this process link to."""
    settings.SITE_URL = live_server.url
    return live_server.url


@pytest.fixture
def link_browser(site, new_page) -> Callable[..., LinkBrowser]:
    """A fresh browser (own cookies) for the live site, optionally signed in as ``user``."""

    def make(user: User | None = None) -> LinkBrowser:
        page = new_page()
        if user is not None:
            page.context.add_cookies([{"name": django_settings.SESSION_COOKIE_NAME, "value": session_of(user),
                                       "url": site}])
        return LinkBrowser(page, site)

    return make


def session_of(user: User) -> str:
    """A signed-in session's cookie value (the sign-in link itself has its own test)."""
    client = Client()
    client.force_login(user)
    return client.cookies[django_settings.SESSION_COOKIE_NAME].value


def newest_to(address: str) -> Any:
    return next(message for message in reversed(mail.outbox) if address in message.to)


def first_url(text: str) -> str:
    return re.search(r"https?://\S+", text).group(0)


# Move links: every kind of quick answer, per title, confirmed in the browser.

def claim_of(url: str) -> links.MoveClaim:
    return links.read_move_token(url.rstrip("/").rsplit("/", 1)[-1])


def current_move_links(game: Game) -> Iterator[tuple[str, str, links.MoveClaim]]:
    """The move links (label, url, claim) of the newest mail written at the game's current version."""
    game.refresh_from_db()
    for message in reversed(mail.outbox):
        offered = [(label, url, claim_of(url)) for label, url in move_links(message.body).items()]
        if offered and offered[0][2].version == game.version:
            return iter(offered)
    return iter(())


def kind_of(action: dict[str, Any]) -> str:
    return action["type"]


Chooser = Callable[[list[tuple[str, links.MoveClaim]], set[str]], int]


def play_from_mails(game: Game, browser: LinkBrowser, choose: Chooser, until: set[str]) -> tuple[set[str], set[str]]:
    """Play ``game`` through its mails' move links, each kind of quick answer once in the browser.

    ``choose`` picks one of the newest mail's links (label, claim), knowing the kinds already
    confirmed.  The first link of a kind is opened and confirmed in Chromium; later ones are
    posted as a mail reader would (the test client).  Stops when the game stops asking, or once
    every kind in ``until`` and every kind offered so far is confirmed.
    Returns (the kinds the mails offered, the kinds confirmed in the browser).
    """
    offered_kinds: set[str] = set()
    confirmed: set[str] = set()
    client = Client()
    while not (until <= confirmed and offered_kinds <= confirmed):
        offered = list(current_move_links(game))
        if not offered:
            break
        offered_kinds.update(kind_of(claim.action) for _, _, claim in offered)
        label, url, claim = offered[choose([(label, claim) for label, _, claim in offered], confirmed)]
        if kind_of(claim.action) in confirmed:
            assert f"Done: {escape(label)}" in client.post(url).content.decode()
            continue
        before = Action.objects.filter(game=game).count()
        browser.open(url)
        assert browser.kind() == "confirm"
        browser.press("#link-page button[type=submit]")
        assert browser.kind() == "applied", browser.page.content()[:2000]
        action = Action.objects.filter(game=game).order_by("seq")[before]
        assert (action.seat, action.payload, action.source) == (claim.seat, claim.action, "email")
        confirmed.add(kind_of(claim.action))
    return offered_kinds, confirmed


def unconfirmed_first(otherwise: Callable[[list[str]], int]) -> Chooser:
    """A kind not yet confirmed if the mail offers one, else ``otherwise`` picks among the labels."""

    def choose(offered: list[tuple[str, links.MoveClaim]], confirmed: set[str]) -> int:
        fresh = [i for i, (_, claim) in enumerate(offered) if kind_of(claim.action) not in confirmed]
        return fresh[0] if fresh else otherwise([label for label, _ in offered])

    return choose


def scripted(script: list[tuple[int, dict[str, Any]]]) -> Chooser:
    """The script's action at the mail's version."""

    def choose(offered: list[tuple[str, links.MoveClaim]], confirmed: set[str]) -> int:
        wanted = script[offered[0][1].version][1]
        return next(i for i, (_, claim) in enumerate(offered) if claim.action == wanted)

    return choose


# Two players grow one chain along row A until it is safe: the end may be declared.
SAFE_CHAIN_BAG = ["1E", "12I", "1A", "3A", "5A", "7A", "9A", "11A", "2A", "4A", "6A", "8A", "10A", "12A",
                  "1C", "3C", "5C", "7C", "9C", "11C", "2G", "4G", "6G", "8G", "10G", "12G"]


def grow_then_declare(labels: list[str]) -> int:
    for wanted in ("Declare the end", "grows", "founds"):
        found = next((i for i, label in enumerate(labels) if wanted in label), None)
        if found is not None:
            return found
    return 0


def test_every_kind_of_acquire_quick_answer_is_confirmed_in_the_browser(link_browser, players):
    """A chain grown safe (to declare the end), then a tied merger (survivor, dispose): each kind once in Chromium."""
    browser = link_browser()
    growing = started_game(players[:2], options={"tile_bag": SAFE_CHAIN_BAG})
    offered, confirmed = play_from_mails(growing, browser, unconfirmed_first(grow_then_declare), until={"declare_end"})
    tied = started_game(players, options={"tile_bag": SURVIVOR_TILE_BAG})
    more_offered, more_confirmed = play_from_mails(tied, browser, scripted(SCRIPT),
                                                   until={"choose_survivor", "dispose_shares"})
    every = confirmed | more_confirmed
    assert offered | more_offered == every
    assert every >= {"place_tile", "found_chain", "buy_shares", "dispose_shares", "declare_end", "choose_survivor"}


RAILROAD_BARONS_KINDS = {"offer_investor", "choose_offer", "set_par", "use_priority", "pass", "buy", "sell", "done",
                         "dividend", "buy_railroad"}


def test_every_kind_of_railroad_barons_quick_answer_is_confirmed_in_the_browser(link_browser, players):
    browser = link_browser()
    game = started_game(players[:2], title="railroad-barons", options={}, seed=1)
    rng = random.Random(1)
    offered, confirmed = play_from_mails(game, browser, unconfirmed_first(lambda labels: rng.randrange(len(labels))),
                                         until=RAILROAD_BARONS_KINDS)
    assert offered == confirmed
    assert confirmed >= RAILROAD_BARONS_KINDS


# Every other link a mail carries.

def test_choose_on_the_site_opens_the_game_where_the_player_moves(link_browser, players):
    game = start_game(players)
    site_link = re.search(r"\* Choose on the site \(anything else\):\n  (\S+)", newest_to(players[0].email).body)[1]
    browser = link_browser(players[0])
    browser.page.goto(site_link)
    browser.page.locator("form.quick button", has_text="Place 12G").click()
    browser.page.wait_for_load_state()
    # 12G stands alone, no chain is on the board: ann's buy (nothing to buy) is answered for her
    assert [(a.seat, a.payload, a.source) for a in Action.objects.filter(game=game).order_by("seq")] == [
        (0, {"type": "place_tile", "tile": "12G"}, "web"), (0, {"type": "buy_shares", "shares": {}}, "auto")]
    assert browser.page.locator("#prompt").count() == 0
    assert "the game is waiting for bob" in browser.page.locator("main").inner_text()


def test_a_standing_order_is_cancelled_from_its_mail_link(link_browser, players):
    game = start_game(players)
    order = orders.place_order(game.pk, 0, "sell_all")
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})  # ann founds a chain: her next mail lists her order
    cancel = re.search(r"\(cancel: (\S+)\)", newest_to(players[0].email).body)[1]
    browser = link_browser()
    browser.open(cancel)
    assert "in mergers: sell all" in browser.page.locator("h1").inner_text()
    browser.press("text=Cancel it")
    assert "Cancelled" in browser.page.locator("h1").inner_text()
    assert not StandingOrder.objects.get(pk=order.pk).active


def test_the_mail_settings_link_sets_every_box_changed_with_one_save(link_browser, new_page, players):
    """The footer's link, from a mail's HTML part, opens the game's mail settings; two boxes
    changed are both saved by the one Save (one Save per box kept only the pressed one)."""
    game = start_game(players)
    message = newest_to(players[1].email)
    reader = new_page()
    reader.set_content(message.alternatives[0][0])  # the HTML part, as a mail client shows it
    settings_link = reader.get_by_role("link", name="Mail settings for this game").get_attribute("href")
    browser = link_browser(players[1])
    browser.page.goto(settings_link)
    assert browser.page.locator("h1").inner_text().startswith("Mail settings for")
    browser.page.get_by_label("Reminders").uncheck()
    browser.page.get_by_label("Daily digest").check()
    browser.press("#streams button[type=submit]")
    assert "Saved: you get turn prompts, results, daily digest, chat mentions for this game." in (
        browser.page.locator(".messages").inner_text())
    assert not preferences.wants(players[1].pk, game.pk, Stream.REMINDER)
    assert preferences.wants(players[1].pk, game.pk, Stream.DIGEST)
    assert browser.page.get_by_label("Daily digest").is_checked()  # the page shows what was saved
    assert preferences.wants(players[0].pk, game.pk, Stream.REMINDER)  # nobody else's


def test_unsubscribe_from_the_page_and_by_one_click_post(link_browser, players):
    game = start_game(players)
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # ann's buy is answered for her (nothing to buy)
    assert move_links(newest_to(players[1].email).body)  # bob's turn: he has a turn mail too
    ann_link = UNSUBSCRIBE_HEADER.match(newest_to(players[0].email).extra_headers["List-Unsubscribe"])["url"]
    bob_link = UNSUBSCRIBE_HEADER.match(newest_to(players[1].email).extra_headers["List-Unsubscribe"])["url"]
    browser = link_browser()
    browser.open(ann_link)
    browser.press("button:has-text('Unsubscribe')")
    assert "Unsubscribed" in browser.page.locator("h1").inner_text()
    assert not preferences.wants(players[0].pk, game.pk, Stream.TURN)
    # RFC 8058: the mail provider posts "List-Unsubscribe=One-Click", with no cookie and no page.
    one_click = browser.page.context.request.post(bob_link, form={"List-Unsubscribe": "One-Click"})
    assert one_click.status == 200
    assert not preferences.wants(players[1].pk, game.pk, Stream.TURN)


@pytest.fixture
def local_inbox(settings):
    """Mail lands on the /inbox/ page, as in the embedded run."""
    from notifications.delivery import drop_connections

    drop_connections()
    settings.EMAIL_BACKEND = "notifications.backends.InboxBackend"
    settings.TURNPOST_LOCAL_INBOX = True
    yield
    drop_connections()


def test_a_sign_in_link_read_on_the_inbox_page_signs_the_player_in(link_browser, local_inbox, players):
    browser = link_browser()
    browser.page.goto(f"{browser.base}/accounts/signin/")
    browser.page.fill("#id_email", players[1].email)
    browser.page.click("button[type=submit]")
    browser.page.wait_for_selector("text=Check your mail")
    browser.page.goto(f"{browser.base}/inbox/")
    browser.page.click(f"#recipients a:has-text('{players[1].email}')")
    # the newest mail's sign-in link (the mail's text also links the address it signs in, as mailto:)
    sign_in = browser.page.locator(f"article.mail pre a[href^='{browser.base}/accounts/signin/link/']")
    link = sign_in.first.get_attribute("href")
    browser.open(link)
    browser.press("#confirm-signin")
    assert players[1].name in browser.page.locator("header.top").inner_text()


def test_an_invitation_link_seats_its_player_once_and_then_opens_nothing(link_browser, site, players):
    game = services.create_game(players[0], "acquire", 2, invited_emails=["newt@example.com"])  # mails the invitation
    link = first_url(newest_to("newt@example.com").body)
    newt = link_browser()
    newt.open(link)
    newt.page.fill("#id_display_name", "Newt")
    newt.press("#accept-invitation")
    assert newt.page.url == f"{site}/games/{game.pk}/"
    assert Game.objects.get(pk=game.pk).status == GameStatus.ACTIVE
    newt.page.goto(link)  # the same browser again: the session knows the seat is theirs
    assert newt.page.url == f"{site}/games/{game.pk}/"
    assert "You have taken this seat" in newt.page.content()
    forwarded = link_browser()  # anyone else with the mail: refused, and not signed in
    assert forwarded.page.goto(link).status == 400
    assert "its seat is taken" in forwarded.page.locator("#invitation-error").inner_text()
    assert "Sign in" in forwarded.page.locator("header.top").inner_text()


# A link acts for its own seat's player.

def test_a_move_link_opened_by_another_account_says_whose_it_is_and_does_nothing(link_browser, players):
    game = start_game(players)
    url = next(url for label, url in move_links(newest_to(players[0].email).body).items() if "2A" in label)
    bob = link_browser(players[1])
    bob.page.goto(url)
    assert bob.kind() == "not_yours"
    text = bob.page.locator("main").inner_text()
    assert "This link is for ann's seat; you are signed in as bob" in text
    assert not any(re.search(rf"\b{tile}\b", without_urls(bob.page.content())) for tile in HANDS[0])
    assert bob.page.locator("#link-page form").count() == 0
    assert bob.page.context.request.post(url).status == 403  # no button, and a forged POST does nothing
    assert not Action.objects.filter(game=game).exists()
    ann = link_browser()  # signed out, the mailbox's owner still holds the link
    ann.open(url)
    ann.press("#link-page button[type=submit]")
    assert ann.kind() == "applied"


# The whole way: the real worker composes the mail, the SMTP listener receives it.

@pytest.fixture
def delivering_worker(site, monkeypatch, request):
    """The real Celery worker, its mails linking to the live server (it reads its settings from the environment)."""
    monkeypatch.setenv("TURNPOST_SITE_URL", site)
    return request.getfixturevalue("redis_worker")


def test_move_links_in_mails_delivered_over_smtp_are_opened_and_confirmed(delivering_worker, smtp_sink, new_page,  # noqa: F811
                                                                          site, players):
    game = start_game(players)
    reader, browser = new_page(), LinkBrowser(new_page(), site)

    def received_by(address: str) -> list[Any]:
        return [message for message in smtp_sink.wait_for(0) if message.to == [address]]

    for count, label in ((1, "Place 2A"), (2, "Found Tower")):  # ann's turn mails (bob and cy get a start notice)
        wait_until(lambda: len(received_by(players[0].email)) >= count)  # noqa: B023  (called at once)
        received = received_by(players[0].email)[count - 1]
        reader.set_content(received.html)  # the HTML part, as a mail client shows it
        url = reader.get_by_role("link", name=re.compile(label)).get_attribute("href")
        browser.open(url)
        browser.press("#link-page button[type=submit]")
        assert browser.kind() == "applied"
    assert [a.payload for a in Action.objects.filter(game=game).order_by("seq")] == [
        {"type": "place_tile", "tile": "2A"}, {"type": "found_chain", "chain": "tower"}]
    for other in players[1:]:  # the others heard of the start once, with nothing to answer
        wait_until(lambda: received_by(other.email))  # noqa: B023  (called at once)
        [notice] = received_by(other.email)
        assert "has started" in notice.text and "/mail/move/" not in notice.text


def test_an_invitation_page_sends_one_request_per_press(link_browser, site, players):
    """A double click's second POST would leave before the first answer signs the browser in, and be refused."""
    game = services.create_game(players[0], "acquire", 2, invited_emails=[players[1].email])  # mails the invitation
    bob = link_browser()
    bob.open(first_url(newest_to(players[1].email).body))
    sent = bob.page.evaluate("""() => {
        const form = document.getElementById("accept-invitation").form;
        const sent = [1, 2].map(() => form.dispatchEvent(new Event("submit", {cancelable: true})));
        delete form.dataset.sent;  // nothing left: the presses below are the real ones
        return sent;
    }""")  # a synthetic submit event runs the page's handlers without navigating
    assert sent == [True, False]  # the first press goes; the second is held back
    with bob.page.expect_navigation(url=f"{site}/games/{game.pk}/"):
        bob.page.dblclick("#accept-invitation")
    assert Game.objects.get(pk=game.pk).seats.filter(user=players[1]).count() == 1
    assert players[1].name in bob.page.locator("header.top").inner_text()
