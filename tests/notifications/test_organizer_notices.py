"""An organizer's act is told to the players it concerns (notifications.organizer_notices): a pause and
a resume to the whole table, an extension to the players owing a move, a handed-on seat to its old
player (and to the new one when nothing is asked of the seat yet), each with the reason and the
deadline that holds now.  A walk found the old mail's "Please answer by" standing after a pause."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games import organizer_acts
from notifications.compose import compose
from notifications.models import Deadline, MailKind, Outbox
from tests.games.test_organizer_acts import act
from tests.notifications.helpers import HANDS, TO_MERGER, move, start_game
from tests.notifications.realparts import wait_until
from turnpost.moments import moment_words

pytestmark = pytest.mark.django_db


@dataclass
class Notice:
    to: list[str]
    subject: str
    body: str
    html: str


def notices(game, user=None) -> list[Notice]:
    """The notices queued about ``game`` (to ``user``), as composed for sending, by address."""
    rows = Outbox.objects.filter(game=game, kind=MailKind.ORGANIZER_ACT).select_related("recipient")
    rows = rows.filter(recipient=user) if user else rows
    return [_notice(row) for row in rows.order_by("recipient__email", "pk")]


def _notice(row: Outbox) -> Notice:
    composed = compose(row)
    return Notice([row.recipient.email], composed.subject, composed.text, composed.html)


def play(game, moves) -> None:
    for seat, action in moves:
        move(game.pk, seat, action)


def deadline_words(game, seat: int) -> str:
    due = Deadline.objects.get(game=game, seat=seat, resolved=False).due_at
    return moment_words(due, due.tzinfo, due)


def test_a_pause_tells_every_player_why_and_that_the_clocks_stopped(client, site_admin, players, timed_acquire):
    act(client, site_admin, timed_acquire, "pause", reason="ann is in hospital")
    mails = notices(timed_acquire)
    assert [mail.to for mail in mails] == [[player.email] for player in sorted(players, key=lambda p: p.email)]
    ann = notices(timed_acquire, players[0])[0]
    assert ann.subject.endswith(": paused by the organizer")
    assert "orla, organizing" in ann.body and "paused the game before the first move:" in ann.body
    assert "no moves are taken and the clocks are stopped until it goes on" in ann.body
    assert "Why: ann is in hospital" in ann.body and "due by" not in ann.body
    assert "Why: <span" in ann.html and "ann is in hospital" in ann.html


def test_a_resume_gives_the_waiting_player_the_new_deadline(client, site_admin, players, timed_acquire):
    waiting = Deadline.objects.get(game=timed_acquire, resolved=False).seat
    act(client, site_admin, timed_acquire, "pause")
    act(client, site_admin, timed_acquire, "resume", reason="back to it", nonce="n2")
    seated = {seat.index: seat.user for seat in timed_acquire.seats.all()}
    resumed = [mail for mail in notices(timed_acquire, seated[waiting]) if mail.subject.endswith("play goes on")]
    assert len(resumed) == 1
    assert f"Your move is due by {deadline_words(timed_acquire, waiting)}." in resumed[0].body
    other = next(user for index, user in seated.items() if index != waiting)
    told = [mail for mail in notices(timed_acquire, other) if mail.subject.endswith("play goes on")]
    assert len(told) == 1 and "due by" not in told[0].body and "Why: back to it" in told[0].body


def test_an_extension_tells_only_the_players_owing_a_move_their_new_deadline(client, site_admin, timed_acquire):
    waiting = Deadline.objects.get(game=timed_acquire, resolved=False).seat
    for _ in range(2):  # the same form twice: one act, one mail
        act(client, site_admin, timed_acquire, "extend", reason="storm", hours="24")
    [mail] = notices(timed_acquire)
    assert mail.to == [timed_acquire.seats.get(index=waiting).user.email]
    assert mail.subject.endswith("your move is due later")
    assert "gave the players owing a move 24 more hours." in mail.body
    assert f"Your move is now due by {deadline_words(timed_acquire, waiting)}." in mail.body


def test_a_replaced_player_is_told_whose_seat_it_is_now_and_sees_no_hand_of_it(client, site_admin, players, dee, game):
    bob = players[1]
    play(game, TO_MERGER[:3])  # bob is asked next: dee gets a turn mail, not this notice
    act(client, site_admin, game, "replace", reason="bob left the league", seat="1", email="dee@example.com")
    [told] = notices(game)
    assert told.to == [bob.email] and told.subject.endswith("your seat is now dee's")
    assert "handed your seat to dee from move 4 on" in told.body and "Why: bob left the league" in told.body
    assert not [tile for tile in HANDS[1] if tile in told.body + told.html]
    assert Outbox.objects.filter(game=game, recipient=dee, kind=MailKind.TURN).exists()


def test_the_new_player_of_a_seat_owing_nothing_is_told_it_is_theirs(client, site_admin, players, dee, game):
    play(game, TO_MERGER[:3])  # bob is asked; cy's seat owes nothing now
    act(client, site_admin, game, "replace", reason="cy moved away", seat="2", email="dee@example.com")
    [new] = notices(game, dee)
    assert new.subject.endswith("you now play cy's seat")
    assert "handed cy's seat to you from move 4 on. Nothing is asked of your seat yet" in new.body
    assert not Outbox.objects.filter(game=game, recipient=dee, kind=MailKind.TURN).exists()


@pytest.mark.django_db(transaction=True)
def test_a_pause_and_a_resume_reach_the_players_through_the_worker(redis_worker, smtp_sink, players, site_admin):
    """Real parts: the acts' notices go out on commit, through a Celery worker on Redis, to SMTP."""
    game = start_game(players)
    smtp_sink.wait_for(3)  # ann's turn, bob's and cy's news of the start
    organizer_acts.pause(game.pk, site_admin, "a league break", "n1")
    paused = smtp_sink.wait_for(6)[3:]
    assert sorted(message.to[0] for message in paused) == [player.email for player in players]
    assert all(message.subject.endswith(": paused by the organizer") and "Why: a league break" in message.text
               for message in paused)
    organizer_acts.resume(game.pk, site_admin, "back to it", "n2")
    resumed = {message.to[0]: message for message in smtp_sink.wait_for(9)[6:]}
    assert "Your move is due by" not in resumed["bob@example.com"].text  # no time limit: nobody's move is due
    assert "let the game go on from move 1" in resumed["ann@example.com"].text
    wait_until(lambda: not Outbox.objects.filter(status__in=["pending", "sending"]).exists())

