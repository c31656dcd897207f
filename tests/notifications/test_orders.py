"""Standing orders: applied through the move path when their prompt reaches the seat; else the mail goes."""

from datetime import timedelta

import pytest
from django.core import mail

from games.models import Action
from notifications.models import Outbox
from notifications.orders import KINDS, answer_for, place_order
from tests.notifications.conftest import broker_unreachable
from tests.notifications.helpers import TO_MERGER, move, outbox_to
from tests.notifications.realparts import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_skip_buying_answers_the_buy_prompt_without_a_mail(game):
    place_order(game.pk, 0, "skip_buying")
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    mail.outbox.clear()
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})  # Tower's shares are for sale: a real choice
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert (last.payload, last.seat) == ({"type": "buy_shares", "shares": {}}, 0)
    assert last.source == "order"
    assert outbox_to("ann@example.com") == []
    assert len(outbox_to("bob@example.com")) == 1
    assert not Outbox.objects.filter(game=game, recipient__email="ann@example.com", version=2).exists()


def test_a_forced_buy_prompt_is_answered_by_the_service_not_the_order(game):
    """12G stands alone and no chain is on the board: the buy prompt's one answer is given in the move itself."""
    from notifications.models import OrderRun

    place_order(game.pk, 0, "skip_buying")
    mail.outbox.clear()
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert (last.payload, last.seat, last.source) == ({"type": "buy_shares", "shares": {}}, 0, "auto")
    assert not OrderRun.objects.filter(game=game).exists()
    assert outbox_to("ann@example.com") == [] and len(outbox_to("bob@example.com")) == 1
    # The order still stands for a real choice: Tower's shares for sale after ann's next two moves.
    move(game.pk, 1, {"type": "place_tile", "tile": "2H"})
    move(game.pk, 2, {"type": "place_tile", "tile": "11H"})
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert (last.payload, last.seat, last.source) == ({"type": "buy_shares", "shares": {}}, 0, "order")


def test_merger_orders_dispose_for_the_holder_in_turn(game):
    place_order(game.pk, 2, "sell_all")
    place_order(game.pk, 0, "trade_keep")
    for seat, action in TO_MERGER:
        move(game.pk, seat, action)
    move(game.pk, 1, {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 0})
    disposals = [a.payload for a in Action.objects.filter(game=game, payload__type="dispose_shares").order_by("seq")]
    assert disposals == [
        {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 0},
        {"type": "dispose_shares", "chain": "tower", "sell": 1, "trade": 0},
        {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 2},
    ]
    assert "Which shares do you buy" in outbox_to("bob@example.com")[-1].subject


def test_a_later_order_for_the_same_prompt_replaces_the_earlier(game):
    place_order(game.pk, 0, "sell_all")
    place_order(game.pk, 0, "keep_all")
    from notifications.orders import active_orders

    assert [order.kind for order in active_orders(game.pk, 0)] == ["keep_all"]


def test_every_order_kind_answers_only_its_own_prompt():
    from engine.core import ActionOption, Field, Prompt

    dispose = Prompt(0, "dispose_shares", "?", (ActionOption("dispose_shares", "d", (
        Field("sell", "count", "s", max=5), Field("trade", "count", "t", max=4, step=2)), fixed={"chain": "tower"}),),
        context={"held": 5})

    class Order:
        def __init__(self, kind):
            self.kind = kind

    answers = {key: answer_for(dispose, [Order(key)]) for key in KINDS}
    assert answers["skip_buying"] is None
    assert answers["sell_all"][1] == {"type": "dispose_shares", "chain": "tower", "sell": 5, "trade": 0}
    assert answers["trade_keep"][1] == {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 4}
    assert answers["trade_sell"][1] == {"type": "dispose_shares", "chain": "tower", "sell": 1, "trade": 4}
    assert answers["keep_all"][1] == {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 0}


@pytest.fixture
def broker_down():
    """Celery publishing to a Redis that does not answer (nothing listens on the port), as in an outage."""
    with broker_unreachable():
        yield


def test_a_standing_order_survives_a_broker_outage(game, players, request, settings, monkeypatch, caplog):
    from django.test import Client

    from notifications import clock
    from notifications.tasks import sweep_outbox
    from turnpost.celery import app

    place_order(game.pk, 0, "skip_buying")
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})  # its mail (found a chain) goes before the outage
    request.getfixturevalue("broker_down")
    ann = Client()
    ann.force_login(players[0])
    # Tower's shares are for sale after this: a real choice, for the order (not the service's forced answer)
    posted = ann.post(f"/games/{game.pk}/move/", {"expected_version": 1, "type": "found_chain", "f.chain": "tower"})
    assert posted.status_code == 302  # the move is saved and the player sees the game, not an error
    assert Action.objects.filter(game=game, payload__chain="tower").exists()
    wait_until(lambda: "could not queue 1 standing order runs" in caplog.text)  # the operator's log says so
    assert not Action.objects.filter(game=game, source="order").exists()
    # The broker is back; the beat sweeper, a requeue interval later, finds the order nobody ran.
    app.conf.update(task_always_eager=True)
    later = clock.now() + timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS + 1)
    monkeypatch.setattr(clock, "now", lambda: later)
    mail.outbox.clear()
    sweep_outbox()
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert (last.payload, last.seat, last.source) == ({"type": "buy_shares", "shares": {}}, 0, "order")
    assert outbox_to("ann@example.com") == [] and len(outbox_to("bob@example.com")) == 1
    sweep_outbox()
    assert Action.objects.filter(game=game, source="order").count() == 1


def test_an_order_that_fails_unexpectedly_mails_the_prompt_instead(game, monkeypatch):
    from notifications import standing
    from notifications.models import OrderRun

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the order's move")

    monkeypatch.setattr(standing, "play", broken)
    place_order(game.pk, 0, "skip_buying")
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    mail.outbox.clear()
    move(game.pk, 0, {"type": "found_chain", "chain": "tower"})  # Tower's shares are for sale: a real choice
    (sent,) = outbox_to("ann@example.com")  # the game does not wait on the order
    assert "move 3: Which shares do you buy" in sent.subject
    assert not Action.objects.filter(game=game, source="order").exists()
    assert OrderRun.objects.get(game=game).outcome == "mailed"
