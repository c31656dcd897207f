"""The RSR's turn in an operating round (sections 6, 12.6, 13, 16; 23 R1's "RSR turn").

The RSR operates in the phases whose data entry says ``national_operates`` (4-7), last in
every OR, after all majors; whether it does is decided when its turn comes, so it operates
in the OR in which phase 4 began and not in the one in which phase 8 began (as 18xx.games
skips it).  The player holding the priority deal when the OR began is its operator
(``state.operating["rsr_operator"]``, read by ``company_turn.operator``).

Its turn, in order:

1. St Petersburg: at its first turn its reserved E1 token (``rsr_tokens.first_operation``).
2. Routes (12.6): with a train and a route, its operator answers ``rsr_routes`` with
   ``run_routes`` (the route rules of any company, no train limit, the bonuses of privates it
   owns); with no train it runs nothing and is not asked.  A train that already ran this OR
   for the company the RSR took it from does not run again (:mod:`trains_run`).
3. All revenue goes to its treasury: no dividend, no share price.
4. Loans (13): interest on the loans held when the OR began, borrowing when short (up to
   100); then ₽50 repayments while it can.  If it still cannot pay, the interest stays
   unpaid: the RSR is never nationalised (18xx.games' ``nationalize!`` ignores it).
5. Trains (6): trainless, it buys the cheapest train the bank offers (supply or discard
   pile) on loans as needed; then, while its cash covers the next train of the line, it
   buys that.  A purchase may start a phase (``company_turn.first_purchase_effects``), which
   may put trainless majors before their presidents (15.2, R4) or leave a company over its
   limit.  The buying goes on to the end first; then the presidents answer, then the
   discards are asked (``discard_train``), and then ``flow`` resumes the buying here
   (:func:`resume`): the RSR now holds the nationalised majors' cash and buys again while
   it covers the next train.  Section 6 is silent on the timing; this is 18xx.games' order
   (its RSR buy step buys again each time the game moves on during the RSR's turn, and the
   trainless choice and the discards come before it), except where 18xx.games' buy step has
   already ended: after a purchase that leaves the RSR unable to buy any train
   (:func:`_buying_ended`), it buys nothing more that turn.

``state.operating`` carries the turn as for any company (``company`` is ``"rsr"``), plus
``rsr_operated`` (its turn in this OR is done or under way).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import company_turn, ending, loans, rsr_tokens, trainless, trains_run
from engine.t1861 import depot as depot_rules
from engine.t1861.data import DATA
from engine.t1861.state import State

RSR = company_turn.RSR_ID
ROUTES_STEP = "rsr_routes"  # waits for the operator's run_routes
BUY_STEP = "rsr_buy"  # the buying resumes here after discards (flow calls resume)
BUYING_ENDED = "rsr_buying_ended"  # set on the turn when a purchase ended the buying (no resume)
KIND: loans.LoanTaker = "national"
OPERATING_PHASES = frozenset(entry["name"] for entry in DATA.raw["phases"] if entry.get("national_operates"))


def operates(phase: str) -> bool:
    """Section 6: phases 4-7 only."""
    return phase in OPERATING_PHASES


def due(state: State) -> bool:
    """Whether the RSR's turn comes now, after the OR's last company."""
    return operates(state.phase) and not company_turn.turn(state).get("rsr_operated")


def is_waiting(state: State) -> bool:
    return state.operating is not None and state.operating.get("step") == ROUTES_STEP


def is_resuming(state: State) -> bool:
    return state.operating is not None and state.operating.get("step") == BUY_STEP


def begin(state: State) -> list[Event]:
    operating = company_turn.turn(state)
    operating.update(company=RSR, step=None, revenue=0, rsr_operated=True)
    seat = company_turn.operator(state, RSR)
    events = [Event(f"The RSR operates, run by {state.players[seat]} (priority deal).", "rsr_turn",
                    {"operator": seat})]
    events += rsr_tokens.first_operation(state)
    if company_turn.has_a_route(state, RSR):
        operating["step"] = ROUTES_STEP
        return events
    return events + _after_routes(state)


def act(state: State, action: dict[str, Any]) -> list[Event]:
    """The operator's ``run_routes``: checked in full before anything changes."""
    if action.get("type") != "run_routes":
        raise IllegalAction("The RSR's operator only enters its routes (run_routes, rules 12.6).")
    revenue = company_turn.check_run(state, RSR, action).revenue
    state.bank -= revenue
    state.rsr["cash"] += revenue
    event = Event(f"The RSR runs for ₽{revenue:,}, all to its treasury.", "run_routes",
                  {"company": RSR, "revenue": revenue})
    company_turn.turn(state)["revenue"] = revenue
    return [event, *_after_routes(state)]


def resume(state: State) -> list[Event]:
    """The discards its purchase caused are done: the RSR goes on buying, unless its buying
    ended with its last purchase (:func:`_buying_ended`)."""
    operating = company_turn.turn(state)
    operating["step"] = None
    if operating.pop(BUYING_ENDED, False):
        return []
    return _buy(state)


def _buying_ended(state: State) -> bool:
    """18xx.games' RSR buy step ends with a purchase after which the RSR could buy no train at
    all: its cash below the cheapest train the bank offers, and no other company holding a
    train (one costs ₽1 there, though the RSR never buys one).  It does not buy again then,
    even once the nationalised majors' cash is its own (the oracle's seed 3145: its first
    8-train left every major trainless)."""
    cheapest = depot_rules.cheapest_offer(state.depot, state.phase)
    if cheapest is not None and state.rsr["cash"] >= depot_rules.train_def(cheapest).price:
        return False
    others = [*state.minors.values(), *state.majors.values()]
    return state.rsr["cash"] < 1 or not any(entry["status"] == "started" and entry["trains"] for entry in others)


def _after_routes(state: State) -> list[Event]:
    """Its revenue is booked (run or not): its trains have run this OR, as 18xx.games marks them.

    A revenue the bank cannot cover breaks it (G10) now, before the RSR's purchases pay it back
    in the same step (the oracle's seed 201: the bank at ₽23 paid ₽130, then sold ₽3,250 of
    trains, and 18xx.games ended the game with that OR)."""
    trains_run.mark(state, state.rsr["trains"])
    return ending.note_bank_break(state) + _loan_step(state) + _buy(state)


def _loan_step(state: State) -> list[Event]:
    rsr = state.rsr
    at_start = company_turn.turn(state)["loans_at_start"].get(RSR, 0)
    outcome = loans.loan_step(company_turn.LOANS, KIND, rsr["cash"], rsr["loans"], state.loans_in_supply, at_start)
    if outcome.cannot_pay:
        owed = loans.interest_due(company_turn.LOANS, at_start)
        return [Event(f"The RSR cannot pay ₽{owed:,} interest; it stays unpaid (the RSR is never nationalised).",
                      "loans", {"company": RSR, "interest": 0, "unpaid": owed})]
    state.bank += rsr["cash"] - outcome.cash
    rsr.update(cash=outcome.cash, loans=outcome.loans)
    state.loans_in_supply = outcome.supply
    if not (outcome.interest_paid or outcome.loans_repaid or outcome.loans_taken):
        return []
    return [Event(loans.loan_step_words(company_turn.LOANS, "The RSR", outcome.interest_paid, outcome.loans_repaid,
                                        outcome.loans_taken),
                  "loans", {"company": RSR, "interest": outcome.interest_paid, "repaid": outcome.loans_repaid,
                            "taken": outcome.loans_taken})]


def _buy(state: State) -> list[Event]:
    """Section 6's automatic buying, one train at a time (a purchase may change the offer).

    What the purchases started waits until the buying stops, as on 18xx.games: trainless
    majors' presidents answer (``flow`` waits for them), then the discards; after both the
    buying goes on, since a nationalised major's cash may now cover another train."""
    events: list[Event] = []
    bought = False
    while (choice := _next_purchase(state)) is not None:
        train, borrowed = choice
        events += _book(state, train, borrowed)
        bought = True
    operating = company_turn.turn(state)
    if bought and _buying_ended(state):
        operating[BUYING_ENDED] = True
    if company_turn.over_limit(state) is not None:  # 16: the phase changed; discards, then buy again
        operating.update(step="discard", resume=BUY_STEP)
    elif state.trainless_majors:  # 15.2, R4: answered first, then buy again
        operating["step"] = BUY_STEP
    else:
        operating["step"] = None
    return events


def _next_purchase(state: State) -> tuple[str, int] | None:
    """The train the RSR buys next and the loans it takes for it, or None when it stops."""
    rsr = state.rsr
    if not rsr["trains"]:
        cheapest = depot_rules.cheapest_offer(state.depot, state.phase)
        if cheapest is None:
            return None
        borrowing = loans.borrow_to_cover(company_turn.LOANS, KIND, rsr["cash"], rsr["loans"],
                                          state.loans_in_supply, depot_rules.train_def(cheapest).price)
        return None if borrowing is None else (cheapest, borrowing.loans_taken)
    line = depot_rules.next_train(state.depot)
    if line is None or rsr["cash"] < depot_rules.train_def(line).price:
        return None
    return line, 0


def _book(state: State, train: str, borrowed: int) -> list[Event]:
    rsr, price = state.rsr, depot_rules.train_def(train).price
    events = _take_loans(state, borrowed)
    from_market = train in state.depot.open_market
    phase_events, fired = company_turn.first_purchase_effects(state, train)
    events += phase_events
    state.depot = depot_rules.sell(state.depot, train, state.phase)
    rsr["cash"] -= price
    state.bank += price
    rsr["trains"].append(train)
    source = "the discard pile" if from_market else "the bank"
    events.append(Event(f"The RSR buys {depot_rules.a_train(train)} from {source} for ₽{price:,}.", "buy_train",
                        {"company": RSR, "train": train, "source": "depot", "price": price}))
    if fired:  # 16: after rusting, the events and the trainless check (15.1), once the RSR holds it
        events += trainless.after_first_purchase(state, fired, depot_rules.train_type_of(train))
    return events


def _take_loans(state: State, count: int) -> list[Event]:
    if count == 0:
        return []
    received = count * company_turn.LOANS.cash_received
    state.rsr["loans"] += count
    state.rsr["cash"] += received
    state.bank -= received
    state.loans_in_supply -= count
    return [Event(f"The RSR takes {loans.loans_words(count)} (₽{received:,}).", "loan",
                  {"company": RSR, "count": count})]
