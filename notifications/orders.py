"""Standing orders: a player's answer given in advance for one kind of prompt.

Each kind builds its answer from the prompt's own data (field bounds, fixed values), so
it stays legal whatever the position; the engine still decides when it is applied.
"""

from __future__ import annotations

from typing import Any

import engine.core as engine
from notifications.gameplay import moves_after
from notifications.models import StandingOrder
from notifications.order_kinds import OrderKind, Params, field, option
from notifications.slow_orders import SLOW_KINDS
from turnpost import rows


def _dispose(prompt: engine.Prompt, sell_all: bool, trade_most: bool) -> dict[str, Any] | None:
    offered = option(prompt, "dispose_shares")
    if offered is None:
        return None
    sell_field, trade_field = field(offered, "sell"), field(offered, "trade")
    held = int(prompt.context.get("held", sell_field.max if sell_field and sell_field.max is not None else 0))
    trade = int(trade_field.max or 0) if trade_field and trade_most else 0
    trade -= trade % 2
    sell = held - trade if sell_all else 0
    return {"type": offered.type, **offered.fixed, "sell": sell, "trade": trade}


def _skip_buying(prompt: engine.Prompt, params: Params) -> dict[str, Any] | None:
    offered = option(prompt, "buy_shares")
    return None if offered is None else {"type": offered.type, **offered.fixed, "shares": {}}


ACQUIRE = ("acquire",)


KINDS: dict[str, OrderKind] = {
    kind.key: kind
    for kind in (
        OrderKind("sell_all", "in mergers: sell all", ("dispose_shares",), lambda p, _: _dispose(p, True, False),
                  ACQUIRE),
        OrderKind("trade_keep", "in mergers: trade the most, keep the rest", ("dispose_shares",),
                  lambda p, _: _dispose(p, False, True), ACQUIRE),
        OrderKind("trade_sell", "in mergers: trade the most, sell the rest", ("dispose_shares",),
                  lambda p, _: _dispose(p, True, True), ACQUIRE),
        OrderKind("keep_all", "in mergers: keep all", ("dispose_shares",), lambda p, _: _dispose(p, False, False),
                  ACQUIRE),
        OrderKind("skip_buying", "skip buying shares", ("buy_shares",), _skip_buying, ACQUIRE),
        *SLOW_KINDS,
    )
}


def kinds_for(title_id: str) -> list[OrderKind]:
    """The kinds a game of this title offers, in the order the pages list them."""
    return [kind for kind in KINDS.values() if kind.offered_in(title_id)]


def active_orders(game_id: int, seat: int) -> list[StandingOrder]:
    return list(StandingOrder.objects.filter(game_id=game_id, seat=seat, active=True).order_by("created", "id"))


# Every game page of a seated player asks, so the statement is written out (see games.game_rows).
_SEAT_ORDERS_SQL = (
    'SELECT * FROM notifications_standingorder WHERE game_id = %s AND seat = %s'
    ' AND (active OR disarmed_version IS NOT NULL) ORDER BY created, id'
)


def seat_orders(game_id: int, seat: int) -> tuple[list[StandingOrder], list[StandingOrder]]:
    """The seat's active orders and its disarmed ones (oldest first), in one query."""
    found = rows.fetch(StandingOrder, _SEAT_ORDERS_SQL, [game_id, seat])
    return [order for order in found if order.active], [order for order in found if not order.active]


def answer_for(prompt: engine.Prompt, orders: list[StandingOrder]) -> tuple[StandingOrder, dict[str, Any]] | None:
    """The first active order that answers this prompt, with its action."""
    for order in orders:
        kind = KINDS.get(order.kind)
        params, subject = getattr(order, "params", None) or {}, getattr(order, "subject", "")
        if kind is None or not kind.answers(prompt, subject):
            continue
        action = kind.build(prompt, params)
        if action is not None:
            return order, action
    return None


def offered_now(prompt: engine.Prompt, title_id: str) -> list[tuple[OrderKind, str]]:
    """The kinds a mail about ``prompt`` may offer to set, each with the company it would be about."""
    subject = str(prompt.context.get("company", ""))
    return [(kind, subject if "company" in kind.needs else "") for kind in kinds_for(title_id)
            if kind.answers(prompt, subject if "company" in kind.needs else "")]


def place_order(game_id: int, seat: int, key: str, params: Params | None = None, subject: str = "") -> StandingOrder:
    """Set an order; an order for the same decision (prompts, step, company) replaces the earlier one."""
    kind = KINDS[key]
    same = [other.key for other in KINDS.values() if set(other.prompts) & set(kind.prompts) and other.step == kind.step]
    StandingOrder.objects.filter(game_id=game_id, seat=seat, kind__in=same, subject=subject, active=True).update(
        active=False)
    return StandingOrder.objects.create(game_id=game_id, seat=seat, kind=key, params=dict(params or {}),
                                        subject=subject)


def label_of(order: StandingOrder) -> str:
    kind = KINDS.get(order.kind)
    return kind.words(order.params or {}, order.subject) if kind else order.kind


def disarmed_notices(game_id: int, seat: int, cancelled: list[StandingOrder] | None = None) -> list[str]:
    """"Your order ... was cancelled because ...", for orders disarmed since the seat's last move of its own.

    ``cancelled``: the seat's disarmed orders when the caller has read them (``seat_orders``).
    """
    if cancelled is None:
        cancelled = seat_orders(game_id, seat)[1]
    notices = []
    for order in sorted(cancelled, key=lambda order: (order.disarmed_version, order.id)):
        if not moves_after(game_id, seat, order.disarmed_version).exclude(source="order").exists():
            notices.append(f'Your standing order "{label_of(order)}" was cancelled because {order.disarmed_because}.')
    return notices
