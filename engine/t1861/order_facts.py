"""1861's order facts (engine.core.order_facts): its move events read as the changes a standing order assumed away.

A share sale by one player concerns the other holders of that major (section 10.2: the price
drops); a phase (section 16) concerns everybody; a rusting train concerns the companies that
lost one; the end of a stock round ends any order given for "this stock round".  Also which
companies a seat's orders may be about: those it runs (a major it presides, a minor it owns).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.order_facts import PHASE_CHANGED, SHARES_SOLD, STOCK_ROUND_ENDED, TRAIN_RUSTED, OrderFact
from engine.t1861.holdings import president_of, shares_words
from engine.t1861.state import State


def order_facts(state: State, events: list[Event]) -> list[OrderFact]:
    """The facts of one move's events; ``state`` is the position after the move."""
    facts = []
    for event in events:
        fact = _fact(state, event)
        if fact is not None:
            facts.append(fact)
    return facts


def _fact(state: State, event: Event) -> OrderFact | None:
    data = event.data
    if event.kind == "sell_shares":
        company, seller = data["company"], data["seat"]
        holders = {owner for owner in state.majors[company]["certificates"] if isinstance(owner, int)}
        because = f"{state.players[seller]} sold {shares_words(data['count'], company.upper())}"
        return OrderFact(SHARES_SOLD, because, frozenset(holders - {seller}), frozenset({company}))
    if event.kind == "phase":
        return OrderFact(PHASE_CHANGED, f"phase {data['phase']} began")
    if event.kind == "rust" and data.get("companies"):
        return OrderFact(TRAIN_RUSTED, f"the {data['train_type']} trains rusted", None,
                         frozenset(data["companies"]))
    if event.kind == "stock_round_end":
        return OrderFact(STOCK_ROUND_ENDED, "the stock round ended")
    return None


# The operating steps whose answer the company's player gives: a minor's dividend is always split
# 50/50 without asking (rules 12.7), so only a major's dividend is a decision an order may take.
MINOR_STEPS = ("routes",)
MAJOR_STEPS = ("routes", "dividend")


def order_subjects(state: State, seat: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """The started companies ``seat`` runs, minors first, as (id, name, the steps it is asked)."""
    minors = [m for m, entry in state.minors.items() if entry["status"] == "started" and entry["owner"] == seat]
    majors = [m for m, entry in state.majors.items() if entry["status"] == "started" and president_of(state, m) == seat]
    return [(m, m.upper(), MINOR_STEPS) for m in minors] + [(m, m.upper(), MAJOR_STEPS) for m in majors]
