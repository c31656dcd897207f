"""Real parts: a Celery worker process on Redis and an SMTP listener on loopback.

One test plays a whole 3-player Acquire game only through the links in the mails the
listener receives, posting each confirm form; the others kill a worker mid-send and roll
back a move.
"""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import timedelta

import pytest
from django.test import Client

import engine.core as engine
from games.models import Action, Game, Snapshot
from games.signals import move_applied
from notifications import clock
from notifications.delivery import requeue_stale
from notifications.models import MailKind, Outbox, OutboxStatus
from notifications.tasks import send_outbox
from tests.notifications.helpers import move, move_links, path_of, start_game, without_urls
from tests.notifications.realparts import ROOT, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

TILE = re.compile(r"\b(1[0-2]|[1-9])[A-I]\b")
FORM = re.compile(r'<form method="post" action="(?P<action>[^"]*)">')


def hidden_tiles(game_id: int, seat: int) -> set[str]:
    """Tiles in other seats' hands right now (the mail being read was composed at this position)."""
    state = engine.from_json(Snapshot.objects.get(game_id=game_id).state)
    return {tile for other, hand in enumerate(state.hands) if other != seat for tile in hand}


def choose(subject: str, seat: int, offered: dict[str, str], first_merger: bool) -> str:
    """The driver's pick: declare the end when offered; in the first merger bob sells, cy keeps, ann trades."""
    labels = list(offered)
    declare = [label for label in labels if label.startswith("Declare the end")]
    if declare:
        return declare[0]
    if "is absorbed by" in subject and first_merger:
        wanted = {1: "Sell ", 2: "Keep ", 0: "Trade 2 for 1"}[seat]  # "Sell all 3 ..." or, of one share, "Sell it ..."
        return next(label for label in labels if label.startswith(wanted) and ("keep" in label or seat != 0))
    if "Which shares do you buy" in subject and len(labels) > 1:
        return labels[1]
    return labels[0]


def act_on(client: Client, url: str, label: str) -> None:
    """Open the link like a mail reader, then post the confirm form it shows."""
    page = client.get(path_of(url))
    assert page.status_code == 200, page.content[:500]
    assert page["Referrer-Policy"] == "same-origin"
    html = page.content.decode()
    assert f"Confirm: {label}" in html
    form = FORM.search(html)
    assert form is not None
    target = form["action"] or path_of(url)
    done = client.post(target)
    assert done.status_code == 200 and f"Done: {label}" in done.content.decode()


def test_a_whole_game_is_played_from_the_mails(redis_worker, smtp_sink, players):
    game = start_game(players)
    seat_of = {player.email: seat for seat, player in enumerate(players)}
    client = Client()
    read, disposals, results = 0, [], []
    while len(results) < 3:
        message = smtp_sink.wait_for(read + 1)[read]
        read += 1
        if "the game is over" in message.subject:
            results.append(message)
            continue
        if "the game has started" in message.subject:  # bob's and cy's news of the start: no links
            assert not move_links(message.text)
            continue
        seat = seat_of[message.to[0]]
        readable = without_urls(message.text + message.html)
        for tile in hidden_tiles(game.pk, seat):
            assert not re.search(rf"\b{tile}\b", readable), (tile, message.subject)
        if "Tower is absorbed by" in message.subject:
            disposals.append((seat, message))
        offered = move_links(message.text)
        label = choose(message.subject, seat, offered, first_merger=len(disposals) <= 3)
        act_on(client, offered[label], label)
    # The merger: bob (the mergemaker) first, then clockwise; each mail only after the previous holder decided.
    assert [seat for seat, _ in disposals[:3]] == [1, 2, 0]
    bob_mail, ann_mail = disposals[0][1], disposals[2][1]
    assert list(move_links(bob_mail.text)) == ["Keep it", "Sell it for $200"]
    assert list(move_links(ann_mail.text)) == [
        "Keep all 3", "Sell all 3 for $600", "Trade 2 for 1 Luxor, sell 1 for $200", "Trade 2 for 1 Luxor, keep 1"
    ]
    assert "Tower is absorbed by Luxor" in ann_mail.text
    assert "bob (you)" in bob_mail.text and "| Choose on the site" not in bob_mail.text
    assert "List-Unsubscribe-Post" in bob_mail.headers
    final = Game.objects.get(pk=game.pk)
    assert final.status == "finished"
    assert {tuple(m.to) for m in results} == {(p.email,) for p in players}
    assert "Final standings" in results[0].text
    sent = Outbox.objects.filter(game=game, status=OutboxStatus.SENT)
    wait_until(lambda: sent.count() == read)
    assert sent.exclude(message_id="").count() == read
    assert not Outbox.objects.exclude(status=OutboxStatus.SENT).exists()


def test_a_worker_killed_mid_send_delivers_once_after_restart(redis_worker, smtp_sink, players, settings):
    smtp_sink.hold_first_to("ann@example.com")
    game = start_game(players)
    assert smtp_sink.holding.wait(30), "the worker never reached the listener"
    redis_worker.kill()
    smtp_sink.released.set()
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    assert row.status == OutboxStatus.SENDING
    assert not [m for m in smtp_sink.messages if m.to == ["ann@example.com"]]
    redis_worker.start()
    # The beat sweeper, run with its clock past the lease, re-queues the row the dead worker held.
    later = clock.now() + timedelta(seconds=settings.TURNPOST_MAIL_LEASE_SECONDS + 1)
    for _ in range(200):
        for outbox_id in requeue_stale(later):
            send_outbox.delay(outbox_id)
        row.refresh_from_db()
        if row.status == OutboxStatus.SENT:
            break
        smtp_sink.released.wait(0.05)
    smtp_sink.wait_for(1)
    send_outbox.delay(row.pk)  # a late duplicate of the task changes nothing
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    smtp_sink.wait_for(4)  # with bob's and cy's news of the start
    to_ann = [m for m in smtp_sink.messages if m.to == ["ann@example.com"]]
    assert len(to_ann) == 2 and len(smtp_sink.messages) == 4
    assert "Place 2A" in to_ann[0].text and "Found Tower" in to_ann[1].text
    row.refresh_from_db()
    assert (row.status, row.attempts) == (OutboxStatus.SENT, 2)


def test_a_rolled_back_move_sends_nothing(redis_worker, smtp_sink, players):
    game = start_game(players)
    smtp_sink.wait_for(3)  # ann's turn, bob's and cy's news of the start

    def fail(**kwargs):
        raise RuntimeError("the move transaction fails after the outbox insert")

    move_applied.connect(fail, dispatch_uid="test-real-rollback")
    try:
        with pytest.raises(RuntimeError):
            move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    finally:
        move_applied.disconnect(dispatch_uid="test-real-rollback")
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    messages = smtp_sink.wait_for(4)
    assert messages[3].to == ["bob@example.com"] and "Which tile do you place" in messages[3].subject
    wait_until(lambda: not Outbox.objects.filter(status__in=["pending", "sending"]).exists())
    assert len(smtp_sink.messages) == 4
    assert all("Found Tower" not in m.text for m in messages)  # what the rolled-back 2A would have asked
    assert not Action.objects.filter(game=game, payload__tile="2A").exists()


MOVE_AND_EXIT = """
import time
import django
django.setup()
from notifications import dispatch
from tests.notifications.helpers import move
dispatch._dispatcher._linger = 30  # the exit surely comes while the thread lingers with the move's ids
move({game}, 0, {{"type": "place_tile", "tile": "2A"}})
time.sleep(0.2)  # the thread has woken for the ids; then the process ends, as a recycled web worker does
"""


def test_a_process_that_exits_right_after_a_move_still_sends_its_mail(redis_worker, smtp_sink, players):
    """A web worker recycled just after a move: the ids its dispatcher thread held go out at exit."""
    game = start_game(players)
    smtp_sink.wait_for(3)  # ann's turn, bob's and cy's news of the start
    web = subprocess.run(
        [sys.executable, "-c", MOVE_AND_EXIT.format(game=game.pk)],
        cwd=ROOT, env=redis_worker.env, capture_output=True, text=True, timeout=60,
    )
    assert web.returncode == 0, web.stderr
    messages = smtp_sink.wait_for(4, timeout=15)  # not the sweeper's 5 minutes later
    assert messages[3].to == ["ann@example.com"] and "Found Tower" in messages[3].text
