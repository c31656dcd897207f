"""Standing orders: a player's answer given in advance for one kind of prompt.

Each kind builds its answer from the prompt's own data (field bounds, fixed values), so
it stays legal whatever the position; the engine still decides when it is applied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine.core as engine
from notifications.models import StandingOrder


@dataclass(frozen=True)
class OrderKind:
    key: str
    label: str
    prompt: str
    build: Callable[[engine.Prompt], dict[str, Any] | None]


def _option(prompt: engine.Prompt, action_type: str) -> engine.ActionOption | None:
    return next((option for option in prompt.actions if option.type == action_type), None)


def _field(option: engine.ActionOption, name: str) -> engine.Field | None:
    return next((item for item in option.fields if item.name == name), None)


def _dispose(prompt: engine.Prompt, sell_all: bool, trade_most: bool) -> dict[str, Any] | None:
    option = _option(prompt, "dispose_shares")
    if option is None:
        return None
    sell_field, trade_field = _field(option, "sell"), _field(option, "trade")
    held = int(prompt.context.get("held", sell_field.max if sell_field and sell_field.max is not None else 0))
    trade = int(trade_field.max or 0) if trade_field and trade_most else 0
    trade -= trade % 2
    sell = held - trade if sell_all else 0
    return {"type": option.type, **option.fixed, "sell": sell, "trade": trade}


def _skip_buying(prompt: engine.Prompt) -> dict[str, Any] | None:
    option = _option(prompt, "buy_shares")
    return None if option is None else {"type": option.type, **option.fixed, "shares": {}}


KINDS: dict[str, OrderKind] = {
    kind.key: kind
    for kind in (
        OrderKind("sell_all", "in mergers: sell all", "dispose_shares", lambda p: _dispose(p, True, False)),
        OrderKind(
            "trade_keep",
            "in mergers: trade the most, keep the rest",
            "dispose_shares",
            lambda p: _dispose(p, False, True),
        ),
        OrderKind(
            "trade_sell",
            "in mergers: trade the most, sell the rest",
            "dispose_shares",
            lambda p: _dispose(p, True, True),
        ),
        OrderKind("keep_all", "in mergers: keep all", "dispose_shares", lambda p: _dispose(p, False, False)),
        OrderKind("skip_buying", "skip buying shares", "buy_shares", _skip_buying),
    )
}


def active_orders(game_id: int, seat: int) -> list[StandingOrder]:
    return list(StandingOrder.objects.filter(game_id=game_id, seat=seat, active=True).order_by("created", "id"))


def answer_for(prompt: engine.Prompt, orders: list[StandingOrder]) -> tuple[StandingOrder, dict[str, Any]] | None:
    """The first active order that answers this prompt, with its action."""
    for order in orders:
        kind = KINDS.get(order.kind)
        if kind is None or kind.prompt != prompt.name:
            continue
        action = kind.build(prompt)
        if action is not None:
            return order, action
    return None


def place_order(game_id: int, seat: int, key: str) -> StandingOrder:
    """Set an order; an order for the same prompt replaces the earlier one."""
    kind = KINDS[key]
    same_prompt = [other.key for other in KINDS.values() if other.prompt == kind.prompt]
    StandingOrder.objects.filter(game_id=game_id, seat=seat, kind__in=same_prompt, active=True).update(active=False)
    return StandingOrder.objects.create(game_id=game_id, seat=seat, kind=key)


def label_of(order: StandingOrder) -> str:
    kind = KINDS.get(order.kind)
    return kind.label if kind else order.kind
