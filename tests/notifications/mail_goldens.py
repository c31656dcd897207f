"""The mails behind the golden files: one per kind (and per Acquire prompt), composed at fixed positions.

Each scenario plays a short scripted game through the one move path with the clock stopped,
then composes the mail a row of that kind would send, exactly as delivery does.  Signed
tokens and row ids vary from run to run, so ``normalized`` replaces them before comparing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from accounts.models import User
from games import organizer_acts, resignation, services
from games.models import Game, OrganizerAct
from games.signals import move_applied
from notifications import announcements
from notifications.compose import Composed, compose
from notifications.models import MailKind, Outbox, Preference, Stream
from tests.engine.railroad_barons.support import BOB, SEEDY_FLOATED, buy
from tests.games.factories import play, play_to_end, started_game
from tests.games.test_railroad_barons_pages import SEEDY_STARTED
from tests.notifications.helpers import SEED, TILE_BAG, TO_MERGER, move, start_game

GOLDEN = Path(__file__).resolve().parent / "golden"
REGENERATE = "TURNPOST_REGENERATE_GOLDEN"  # set to 1 to rewrite the files from the current templates
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(hours=24)

TOKEN = re.compile(r"(/mail/(?:move|unsubscribe|order/cancel|order/set|undo)/|/invitation/|/leagues/claim/|/join/)"
                   r"[^/\s\"<>]+/")
TOKEN_QUERY = re.compile(r"([?&](?:amp;)?token=)[^&\s\"<>]+")
GAME_ID = re.compile(r"/games/\d+/")
DIVISION_ID = re.compile(r"/divisions/\d+/")


def normalized(text: str) -> str:
    """Text with signed tokens, game and division ids replaced by placeholders (they differ on every run)."""
    text = GAME_ID.sub("/games/ID/", TOKEN_QUERY.sub(r"\1TOKEN", TOKEN.sub(r"\1TOKEN/", text)))
    return DIVISION_ID.sub("/divisions/ID/", text)


def as_files(composed: Composed) -> dict[str, str]:
    """The golden files of one mail: ``.txt`` (subject line, blank line, plain text) and ``.html``."""
    return {".txt": normalized(f"Subject: {composed.subject}\n\n{composed.text}"), ".html": normalized(composed.html)}


def row(game: Game, user: User, kind: str, seat: int | None, note: str = "") -> Outbox:
    """An unsaved outbox row, as the move path would have written it at the game's version."""
    game.refresh_from_db()
    return Outbox(game=game, version=game.version, recipient=user, kind=kind, seat=seat, send_after=NOW,
                  created=NOW, note=note)


def mail(outbox_row: Outbox) -> Composed:
    return compose(outbox_row, NOW)


def acquire_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """Every Acquire prompt a mail asks, the start, the notices and the digest, in one 3-player game."""
    ann, bob = players[:2]
    game = start_game(players, move_time_limit=DAY)
    yield "acquire-started", mail(row(game, bob, MailKind.STARTED, 1))
    yield "acquire-turn-place-tile", mail(row(game, ann, MailKind.TURN, 0))
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    yield "acquire-turn-found-chain", mail(row(game, ann, MailKind.TURN, 0))
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})
    yield "acquire-turn-buy-shares", mail(row(game, ann, MailKind.TURN, 0))
    for seat, action in TO_MERGER[2:]:
        move(game.pk, seat, action)
    yield "acquire-turn-dispose", mail(row(game, bob, MailKind.TURN, 1))
    yield "acquire-reminder", mail(row(game, bob, MailKind.REMINDER, 1))
    timeout = row(game, bob, MailKind.TIMEOUT, 1)
    timeout.version -= 1  # as the deadline sweep writes it: at the move bob was asked, his 3A the answer played
    yield "acquire-timeout", mail(timeout)
    yield "acquire-paused", mail(row(game, ann, MailKind.PAUSED, 1))
    yield "acquire-unreachable", mail(row(game, ann, MailKind.UNREACHABLE, 2, note="hard bounce"))
    Preference.objects.create(user=bob, game=None, stream=Stream.DIGEST, enabled=True)
    digest = Outbox(game=None, version=NOW.date().toordinal(), recipient=bob, kind=MailKind.DIGEST, send_after=NOW,
                    created=NOW)
    yield "digest", mail(digest)


# Start tiles 1A (ann), 12I (bob), 5A (cy); ann founds Tower with 2A, bob Luxor with 4A, cy plays 11H
# alone, and ann's 3A joins the two 2-tile chains: a tie, so ann chooses the survivor.
TIED_BAG = [
    "1A", "12I", "5A",
    "2A", "3A", "1H", "3H", "5H", "7H",
    "4A", "2H", "4H", "6H", "8H", "10H",
    "11H", "9H", "12H", "9I", "11I", "1F",
    "9G", "7I", "1G", "7F",
]
TO_TIE = [
    (0, {"type": "place_tile", "tile": "2A"}), (0, {"type": "found_chain", "chain": "tower"}),
    (0, {"type": "buy_shares", "shares": {}}),
    (1, {"type": "place_tile", "tile": "4A"}), (1, {"type": "found_chain", "chain": "luxor"}),
    (1, {"type": "buy_shares", "shares": {}}),
    (2, {"type": "place_tile", "tile": "11H"}), (2, {"type": "buy_shares", "shares": {}}),
    (0, {"type": "place_tile", "tile": "3A"}),
]


def tied_merger_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    game = start_game(players, options={"tile_bag": TIED_BAG})
    for seat, action in TO_TIE:
        move(game.pk, seat, action)
    yield "acquire-turn-choose-survivor", mail(row(game, players[0], MailKind.TURN, 0))


def closed_holdings_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """With ``open_holdings: false`` the players table shows only the reader's own cash and shares."""
    game = start_game(players, options={"tile_bag": TILE_BAG, "open_holdings": False})
    for seat, action in TO_MERGER[:6]:
        move(game.pk, seat, action)
    yield "acquire-turn-closed-holdings", mail(row(game, players[2], MailKind.TURN, 2))


def railroad_barons_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    ann, bob = players[:2]
    game = started_game([ann, bob], title="railroad-barons", options={}, seed=1)
    yield "railroad-barons-turn-draft", mail(row(game, ann, MailKind.TURN, 0))
    play(game, [*SEEDY_STARTED, buy(BOB, "rice", 40, par=70)])
    yield "railroad-barons-turn-stock", mail(row(game, ann, MailKind.TURN, 0))
    operating = play(started_game([ann, bob], title="railroad-barons", options={}, seed=1), SEEDY_FLOATED)
    yield "railroad-barons-turn-operate", mail(row(operating, ann, MailKind.TURN, 0))


def t1861_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """1861's prompts, each at a position of the recorded game 29683 imported and its seats claimed.

    The asked seat's turn mail: an auction's bids, a stock turn, a track lay, the hexes changed
    since the reader's last move, a merger turn and a dividend's per-share amounts.
    """
    import engine.core as engine
    from games.queries import current_state
    from tests.notifications import t1861_games as cuts

    for name, cut in [("private-auction", cuts.PRIVATE_AUCTION), ("minor-auction", cuts.MINOR_AUCTION),
                      ("stock", cuts.SHARES), ("track", cuts.TRACK), ("after-a-lay", cuts.AFTER_A_LAY),
                      ("merger", cuts.MERGER_ROUND), ("dividend", cuts.DIVIDEND)]:
        game = cuts.imported_1861(cut, players)
        seat = engine.prompts(current_state(game))[0].seat
        yield f"1861-turn-{name}", mail(row(game, players[seat], MailKind.TURN, seat))


def t1861_consent_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """A new 1861 game played by the bot to cy's merger consent (tests/notifications/t1861_consent.py):
    cy's mail asking her, then, after her decline, bob's merger turn again."""
    from tests.notifications import t1861_consent as consent

    game = consent.consent_game(players)
    yield "1861-turn-merger-consent", mail(row(game, players[consent.OWNER], MailKind.TURN, consent.OWNER))
    move(game.pk, consent.OWNER, {"type": "consent", "accept": False})
    yield "1861-turn-after-a-decline", mail(row(game, players[consent.PRESIDENT], MailKind.TURN, consent.PRESIDENT))


def result_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """A finished two-player game (played out without mail), and its result mail."""
    move_applied.disconnect(dispatch_uid="notifications.outbox.move_applied")
    try:
        game = play_to_end(started_game(players[:2], options={}, seed=3))
    finally:
        move_applied.connect(announcements.on_move_applied, dispatch_uid="notifications.outbox.move_applied")
    yield "acquire-result", mail(row(game, players[0], MailKind.RESULT, 0))


def resignation_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """cy resigns from a running three-player game (a notice to the others); bob from a two-player one (its result)."""
    ann, bob, cy = players
    game = start_game(players, options={"tile_bag": TILE_BAG})
    for seat, action in TO_MERGER[:3]:
        move(game.pk, seat, action)
    resignation.resign(game.pk, cy)
    yield "acquire-resigned", mail(row(game, ann, MailKind.RESIGNED, 2))
    ended = started_game([ann, bob], options={}, seed=3)
    resignation.resign(ended.pk, bob)
    yield "acquire-result-resigned", mail(row(ended, ann, MailKind.RESULT, 0))


def account_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """Mail to an address: a sign-in link, an address change's confirmation (and its note to an
    address that already has an account), an invitation."""
    ann = players[0]
    yield "signin", mail(Outbox(kind=MailKind.SIGNIN, to_address="zoe@example.com", payload={"next": "/games/lobby/"},
                                send_after=NOW, created=NOW))
    yield "address", mail(Outbox(kind=MailKind.ADDRESS, to_address="annie@example.com", payload={"user": ann.pk},
                                 send_after=NOW, created=NOW))
    yield "address-taken", mail(Outbox(kind=MailKind.ADDRESS, to_address=players[1].email, payload={"user": ann.pk},
                                       send_after=NOW, created=NOW))
    game = services.create_game(ann, "acquire", 2, seed=SEED, invited_emails=["zoe@example.com"], name="Zoe's first")
    yield "invitation", mail(Outbox(kind=MailKind.INVITATION, to_address="zoe@example.com", game=game, seat=1,
                                    send_after=NOW, created=NOW))


def chat_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """A chat mention (line breaks and markup in the message), and a digest with nothing to decide but table talk."""
    from games import chat
    from games.models import ChatMessage

    ann, bob, cy = players
    game = start_game(players)
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    mention = chat.post_message(game.pk, bob, "@ann nice spot.\nMind the <b>merger</b>!", "golden-mention-1")[0]
    chat.post_message(game.pk, ann, "thanks @bob", "golden-mention-2")
    ChatMessage.objects.filter(game=game).update(created=NOW - timedelta(hours=1))  # inside the digest's day
    yield "chat-mention", mail(Outbox(game=game, version=mention.pk, recipient=ann, kind=MailKind.MENTION, seat=0,
                                      payload={"message": mention.pk}, send_after=NOW, created=NOW))
    Preference.objects.create(user=cy, game=None, stream=Stream.DIGEST, enabled=True)
    yield "chat-digest", mail(Outbox(game=None, version=NOW.date().toordinal(), recipient=cy, kind=MailKind.DIGEST,
                                     send_after=NOW, created=NOW))


def undo_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """Ann asks to take back her purchase, which bob saw: bob's request mail, then ann hears he refused."""
    from games.models import ActionSource
    from games.undo_requests import answer_request, take_back

    ann, bob = players[:2]
    game = start_game(players)
    for seat, action in TO_MERGER[:3]:
        move(game.pk, seat, action)
    request = take_back(game.pk, ann, 3, ActionSource.WEB).request
    yield "acquire-undo_ask", mail(row(game, bob, MailKind.UNDO_ASK, 1))
    answer_request(request.pk, bob, False, ActionSource.WEB)
    yield "acquire-undo_result", mail(row(game, ann, MailKind.UNDO_RESULT, 0))


def league_console_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """A seat offered to a league's substitutes (its claim link), and an organizer's message to a division."""
    from leagues import console, substitutes
    from tests.games.factories import make_user
    from tests.leagues.console_factories import league_game, make_league

    organizer = make_user("orla@example.com", "orla")
    season = make_league(organizer)
    vi = make_user("vi@example.com", "vi")
    substitutes.join_pool(season.league, vi)
    game = league_game(season, players)
    substitutes.offer_seat(game.pk, 1, organizer, "bob had to stop playing.")
    yield "league-seat_offer", mail(Outbox.objects.get(kind=MailKind.SEAT_OFFER, recipient=vi))
    console.message_division(game.league_game.division, organizer, "Round two",
                             "Round two starts on Monday.\nGood luck <all>!", "golden-1")
    yield "league-division_msg", mail(Outbox.objects.get(kind=MailKind.DIVISION_MSG, recipient=players[0]))
    yield from _organizer_notices(game, organizer, players, vi)


def _organizer_notices(game: Game, organizer: User, players: list[User], vi: User) -> Iterator[tuple[str, Composed]]:
    """What the table hears of an organizer's pause and resume, and what a replaced player hears."""
    def notice(act: OrganizerAct, user: User) -> Composed:
        return mail(Outbox.objects.get(kind=MailKind.ORGANIZER_ACT, version=act.pk, recipient=user))

    paused = organizer_acts.pause(game.pk, organizer, "Waiting for a substitute for bob.", "golden-2").act
    yield "league-organizer-pause", notice(paused, players[0])
    resumed = organizer_acts.resume(game.pk, organizer, "vi takes over.", "golden-3").act
    yield "league-organizer-resume", notice(resumed, players[0])
    replaced = organizer_acts.replace_player(game.pk, organizer, "bob had to stop playing.", "golden-4", 1, vi).act
    yield "league-organizer-replaced", notice(replaced, players[1])


def league_signup_mails(players: list[User]) -> Iterator[tuple[str, Composed]]:
    """A new season's sign-up invitation to a player of the last one (its one-press sign-up link)."""
    from leagues.models import League, Season, SeasonStatus

    league = League.objects.create(name="Monday Acquire", slug="monday", title="acquire")
    season = Season.objects.create(league=league, number=2, signup_deadline=NOW + 7 * DAY, status=SeasonStatus.SIGNUP,
                                   game_size=3)
    yield "league-season_open", mail(Outbox(game=None, version=season.pk, recipient=players[0],
                                            kind=MailKind.SEASON_OPEN, send_after=NOW, created=NOW))


SCENARIOS: dict[str, Callable[[list[User]], Iterator[tuple[str, Composed]]]] = {
    "acquire": acquire_mails,
    "closed": closed_holdings_mails,
    "tied": tied_merger_mails,
    "railroad-barons": railroad_barons_mails,
    "1861": t1861_mails,
    "1861-consent": t1861_consent_mails,
    "result": result_mails,
    "resigned": resignation_mails,
    "accounts": account_mails,
    "chat": chat_mails,
    "undo": undo_mails,
    "league-console": league_console_mails,
    "league-signup": league_signup_mails,
}


def golden_files(name: str) -> dict[str, Path]:
    return {suffix: GOLDEN / f"{name}{suffix}" for suffix in (".txt", ".html")}


def read_golden(name: str) -> dict[str, Any]:
    return {suffix: path.read_text() if path.exists() else None for suffix, path in golden_files(name).items()}
