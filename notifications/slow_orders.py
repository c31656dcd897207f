"""Standing orders for slow 18xx games (issue 14 item 6): each built from the prompt alone.

Pass for the rest of the stock round; pass auctions whose lowest bid is above a limit; run the
optimiser's suggested routes for a company; a fixed dividend policy for a company.  The names
are the title's vocabulary (docs/titles/1861.md); when the answer an order gives is not among
the prompt's options at that moment, it builds none and the player is asked by mail as usual.
"""

from __future__ import annotations

from typing import Any

import engine.core as engine
from engine.core.order_facts import PHASE_CHANGED, SHARES_SOLD, STOCK_ROUND_ENDED, TRAIN_RUSTED
from notifications.order_kinds import OrderKind, Params, field, option

TITLES = ("1861",)
PASS = {"type": "pass"}
DIVIDENDS = (("payout", "pay out"), ("half", "pay half"), ("withhold", "withhold"))


def pass_if_offered(prompt: engine.Prompt, params: Params) -> dict[str, Any] | None:
    """Pass, when the prompt offers it (a player over a holding limit must sell first: no pass)."""
    return dict(PASS) if option(prompt, "pass") is not None else None


def pass_above_limit(prompt: engine.Prompt, params: Params) -> dict[str, Any] | None:
    """Pass when the lowest bid allowed is above the limit (or no bid is possible); else the player decides."""
    if option(prompt, "pass") is None:
        return None
    bid = option(prompt, "bid")
    price = field(bid, "price") if bid is not None else None
    least = price.min if price is not None else None
    if least is None or least > int(params["limit"]):
        return dict(PASS)
    return None


def suggested_routes(prompt: engine.Prompt, params: Params) -> dict[str, Any] | None:
    """The prompt's one-click route answer: the optimiser's best set (operate_prompt's quick answer)."""
    return next((dict(answer.action) for answer in prompt.quick if answer.action.get("type") == "run_routes"), None)


def fixed_dividend(prompt: engine.Prompt, params: Params) -> dict[str, Any] | None:
    """The policy, when the dividend field offers it (a minor may not offer half, say)."""
    offered = option(prompt, "dividend")
    kind = field(offered, "kind") if offered is not None else None
    if kind is None or params["policy"] not in {choice.value for choice in kind.choices}:
        return None
    return {"type": "dividend", **offered.fixed, "kind": params["policy"]}


SLOW_KINDS = (
    OrderKind("pass_stock_round", "pass for the rest of the stock round", ("stock_turn",), pass_if_offered,
              TITLES, disarmed_by=(SHARES_SOLD,), ends_with=(STOCK_ROUND_ENDED,), on_game_page=True,
              form_label="Pass for the rest of the stock round"),
    OrderKind("bid_limit", "in auctions: pass when the lowest bid is above ₽{limit}",
              ("private_auction", "minor_auction"), pass_above_limit, TITLES, needs=("limit",),
              disarmed_by=(PHASE_CHANGED,), on_game_page=True,
              form_label="In auctions: pass when the lowest bid is above a limit"),
    OrderKind("auto_routes", "{company}: always run the suggested best routes", ("operate",), suggested_routes,
              TITLES, step="routes", needs=("company",), disarmed_by=(TRAIN_RUSTED,), on_game_page=True,
              form_label="Always run a company's suggested best routes"),
    OrderKind("dividend_policy", "{company}: always {policy}", ("operate",), fixed_dividend, TITLES,
              step="dividend", needs=("company", "policy"), policies=DIVIDENDS,
              disarmed_by=(PHASE_CHANGED, TRAIN_RUSTED), on_game_page=True,
              form_label="A fixed dividend for a company"),
)
