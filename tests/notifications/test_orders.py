"""Standing orders: applied through the move path when their prompt reaches the seat; else the mail goes."""

import pytest
from django.core import mail

from games.models import Action
from notifications.models import Outbox
from notifications.orders import KINDS, answer_for, place_order
from tests.notifications.helpers import TO_MERGER, move, outbox_to

pytestmark = pytest.mark.django_db(transaction=True)


def test_skip_buying_answers_the_buy_prompt_without_a_mail(game):
    place_order(game.pk, 0, "skip_buying")
    mail.outbox.clear()
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert (last.payload, last.seat) == ({"type": "buy_shares", "shares": {}}, 0)
    assert last.source == "order"
    assert outbox_to("ann@example.com") == []
    assert len(outbox_to("bob@example.com")) == 1
    assert not Outbox.objects.filter(game=game, recipient__email="ann@example.com", version=1).exists()


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
