"""Deadlines under a moved clock: reminders, timeouts by policy, quiet hours, vacation days."""

from datetime import UTC, date, datetime, time, timedelta

import pytest
from django.core import mail

from games.models import Action, Game
from notifications import clock, deadlines
from notifications.delivery import requeue_stale
from notifications.models import Deadline, GameMailSettings, MailKind, MailProfile, Outbox, OutboxStatus, VacationDay
from notifications.tasks import send_outbox
from tests.notifications.helpers import HANDS, move, outbox_to, start_game

pytestmark = pytest.mark.django_db(transaction=True)

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday noon
DAY = timedelta(hours=24)


@pytest.fixture
def now(monkeypatch):
    """The clock notifications read; tests move it instead of sleeping."""
    moment = {"now": T0}
    monkeypatch.setattr(clock, "now", lambda: moment["now"])
    return moment


@pytest.fixture
def timed_game(players, now):
    mail.outbox.clear()
    return start_game(players, move_time_limit=DAY)


def test_it_reminds_once_before_the_deadline(timed_game, now):
    deadline = Deadline.objects.get(game=timed_game, seat=0)
    assert (deadline.due_at, deadline.remind_at) == (T0 + DAY, T0 + DAY * 3 / 4)
    assert deadlines.sweep(T0 + timedelta(hours=17)) == {"reminders": 0, "timeouts": 0}
    now["now"] = T0 + timedelta(hours=18)
    assert deadlines.sweep(now["now"]) == {"reminders": 1, "timeouts": 0}
    assert deadlines.sweep(now["now"]) == {"reminders": 0, "timeouts": 0}
    reminder = outbox_to("ann@example.com")[-1]
    assert reminder.subject.startswith("Reminder: ")
    assert "Please answer by Tue 3 Mar, 12:00 UTC" in reminder.body


def test_it_plays_the_default_answer_on_timeout(timed_game, now):
    now["now"] = T0 + DAY + timedelta(seconds=1)
    assert deadlines.sweep(now["now"])["timeouts"] == 1
    action = Action.objects.get(game=timed_game)
    assert (action.payload, action.source) == ({"type": "place_tile", "tile": "2A"}, "timeout")
    rows = Outbox.objects.filter(game=timed_game, recipient__email="ann@example.com")
    kinds = list(rows.values_list("kind", flat=True))
    assert sorted(kinds) == sorted([MailKind.TURN, MailKind.TURN, MailKind.TIMEOUT])
    assert any("your time ran out" in m.subject for m in outbox_to("ann@example.com"))
    # Ann is asked which chain to found, with a fresh clock from the moment of the timeout.
    assert Deadline.objects.get(game=timed_game, resolved=False).due_at == now["now"] + DAY
    assert deadlines.sweep(now["now"])["timeouts"] == 0


def test_the_default_answers_keep_and_buy_nothing():
    from engine.core import Prompt, QuickAnswer

    keep = Prompt(1, "dispose_shares", "?", (), (QuickAnswer("Keep all 3", {"type": "dispose_shares", "sell": 0}),))
    assert deadlines.default_answer(keep) == {"type": "dispose_shares", "sell": 0}
    marked = Prompt(1, "x", "?", (), (QuickAnswer("a", {"type": "a"}),), {"default": {"type": "b"}})
    assert deadlines.default_answer(marked) == {"type": "a"}  # "b" is not an action the prompt accepts
    assert deadlines.default_answer(Prompt(1, "x", "?", ())) is None


def test_a_move_just_before_the_deadline_wins(timed_game, now):
    now["now"] = T0 + DAY - timedelta(minutes=1)
    move(timed_game.pk, 0, {"type": "place_tile", "tile": "12G"})
    now["now"] = T0 + DAY + timedelta(minutes=1)
    assert deadlines.sweep(now["now"])["timeouts"] == 0
    assert Action.objects.filter(game=timed_game, source="timeout").count() == 0


def test_the_pause_policy_stops_the_clocks_and_tells_the_creator(timed_game, now, players):
    GameMailSettings.objects.create(game=timed_game, timeout_policy="pause")
    move(timed_game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    now["now"] = T0 + 2 * DAY
    assert deadlines.sweep(now["now"])["timeouts"] == 1
    assert Action.objects.filter(game=timed_game).count() == 2
    paused = [m for m in outbox_to("ann@example.com") if "paused" in m.subject]
    assert len(paused) == 1 and "bob did not move in time" in paused[0].body
    assert not [tile for tile in HANDS[1] if tile in paused[0].body + paused[0].alternatives[0][0]]  # bob's hand
    assert not Deadline.objects.filter(game=timed_game, resolved=False).exists()
    deadlines.resume(timed_game.pk, now["now"])
    assert Deadline.objects.get(game=timed_game, resolved=False).due_at == now["now"] + DAY


def test_vacation_days_stop_the_clock(players, now):
    game = start_game(players, move_time_limit=DAY)
    VacationDay.objects.create(game=game, user=players[1], day=date(2026, 3, 2))
    VacationDay.objects.create(game=game, user=players[1], day=date(2026, 3, 3))
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    # Monday and Tuesday stop bob's clock: his 24 hours run from Wednesday 00:00.
    assert Deadline.objects.get(game=game, seat=1, resolved=False).due_at == datetime(2026, 3, 5, tzinfo=UTC)


def test_quiet_hours_hold_mail_and_stop_the_clock(players, now):
    bob = players[1]
    bob.time_zone = "Europe/Amsterdam"
    bob.save()
    MailProfile.objects.create(user=bob, quiet_start=time(22), quiet_end=time(7))
    game = start_game(players, move_time_limit=DAY)
    now["now"] = datetime(2026, 3, 2, 22, 30, tzinfo=UTC)  # 23:30 in Amsterdam
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    row = Outbox.objects.get(game=game, recipient=bob, kind=MailKind.TURN)
    started = outbox_to("bob@example.com")  # the game's start, mailed before his quiet hours
    assert row.status == OutboxStatus.PENDING and [m.subject for m in started] == [
        "Acquire by ann: the game has started, ann starts"]
    assert row.send_after == datetime(2026, 3, 3, 6, 0, tzinfo=UTC)  # 07:00 in Amsterdam
    assert requeue_stale(datetime(2026, 3, 3, 5, 59, tzinfo=UTC)) == []
    ids = requeue_stale(datetime(2026, 3, 3, 6, 1, tzinfo=UTC))
    assert ids == [row.pk]
    now["now"] = datetime(2026, 3, 3, 6, 1, tzinfo=UTC)
    send_outbox(row.pk)
    assert len(outbox_to("bob@example.com")) == 2
    # 15 running hours a day (07:00-22:00): 24 hours end Wednesday 16:00 in Amsterdam.
    assert Deadline.objects.get(game=game, seat=1, resolved=False).due_at == datetime(2026, 3, 4, 15, tzinfo=UTC)


def test_a_game_without_a_time_limit_has_no_deadlines(game):
    assert not Deadline.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).move_time_limit is None


def test_a_vacation_day_taken_later_moves_the_open_deadline(client, timed_game, now, players):
    GameMailSettings.objects.create(game=timed_game, vacation_days=2)
    client.force_login(players[0])
    client.post(f"/mail/games/{timed_game.pk}/", {"op": "vacation", "day": "2026-03-03"})
    # Ann's clock ran from Monday noon; Tuesday no longer counts, so her 24 hours end Wednesday noon.
    assert Deadline.objects.get(game=timed_game, seat=0).due_at == T0 + 2 * DAY


def test_new_quiet_hours_move_the_open_deadline(client, timed_game, now, players):
    client.force_login(players[0])
    client.post(f"/mail/games/{timed_game.pk}/", {"op": "quiet", "quiet_start": "22:00", "quiet_end": "07:00"})
    # 10 h on Monday (12-22), 14 h more on Tuesday from 07:00: Tuesday 21:00 UTC.
    assert Deadline.objects.get(game=timed_game, seat=0).due_at == datetime(2026, 3, 3, 21, tzinfo=UTC)


def test_the_timeout_mail_says_what_was_played_when_an_automatic_answer_followed_it(players, now):
    """A walk's timeout mail listed only "Answered for Alice W, who could buy no shares" and the draw: the
    tile played for her was left out, because the automatic purchase after it counted as her last move."""
    bag = ["1A", "5A", "10C", "12C", "10E", "12E", "10G", "12G", "6A", "2H", "4H", "6H", "8H", "10H", "3I"]
    game = start_game(players[:2], move_time_limit=DAY, options={"tile_bag": bag})
    now["now"] = T0 + DAY + timedelta(seconds=1)
    assert deadlines.sweep(now["now"])["timeouts"] == 1
    played = Action.objects.get(game=game, source="timeout").payload
    assert Action.objects.filter(game=game, source="auto").exists()  # the purchase was answered for her
    notice = next(m for m in outbox_to("ann@example.com") if "your time ran out" in m.subject)
    assert f"- ann placed {played['tile']}." in notice.body, notice.body
