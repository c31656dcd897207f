"""One company's operating turn (section 12, 23 R1's step protocol), for minors and majors.

Steps in order, each either *waiting* for its president's action or skipped silently when
R1's condition fails (so a recorded game needs no invented passes):

0. ``redeem`` (12.2): a major whose cash covers a pool share at the price waits for
   ``redeem_shares`` or ``pass``; after it, nothing more is redeemed that turn (18xx.games'
   redeem step blocks: 29683 id 579; this overrides 23 G2's "at any step").
1. ``track`` (12.3): waits while the next lay's fee (₽0, then ₽20) is within cash plus ₽45
   per loan the company may still take; ``lay_tile`` or ``pass``; closes after two lays.
   Costs are paid at once, loans taken automatically to cover them (G11).
2. ``token`` (12.4): majors with an unplaced token whose printed price they can pay and a
   reachable city for it; ``place_token`` or ``pass``.  Minors have no spare token.
3. ``routes`` (12.5): waits for ``run_routes`` when the company owns a train and a route
   exists; otherwise it earns nothing.
4. ``dividend`` (12.7): a major with revenue waits for ``dividend``; minors and ₽0 are settled.
4a. ``private`` (12.1, R1 step 8): in phases 3-5, while a player holds a private and the
   company has ₽1, ``buy_company`` (₽1 to face value, to the player) or ``pass``.  The
   same purchase is accepted at any other waiting step too (R1 step 2).
5. Loans (12.8, 13): automatic.
6. ``discard`` (12.9): every company over its train limit (after a phase change), in the
   18xx.games company order (majors, then minors; R1 step 10), discards (``discard_train``,
   asked of its own president under the ``discard_train`` prompt); a purchase that changed the
   phase resumes its buy step after.
7. ``buy_train`` (12.10): forced (trainless, and a bank train is financeable) it must buy;
   otherwise it waits for ``buy_train``/``pass`` while it has room and its cash covers the
   cheapest candidate (bank train at face value, ₽1 for any train another company owns).
   A first train of its type sets off section 16's effects, nationalisations among them
   (``trainless``); trainless majors' presidents are asked before the turn goes on.
7a. ``trainless`` (12.10, 15.1): a company that ends step 7 without a train is nationalised
   (``national_takeover``); so is one that cannot pay its interest in step 5 (13).  Either
   ends its turn.
8. ``last_private`` (12.1, R1 step 12): the last chance to buy a private, as in 4a.

Every action is checked before the state changes (``rules.perform`` also applies it to a
copy).
Not built yet: private abilities other than revenue and route bonuses.  The RSR's turn is
:mod:`engine.t1861.rsr_turn`; it uses this module's route, discard and purchase helpers
with the company id ``rsr``.

``state.operating`` keeps the turn: ``company``, ``step``, ``lays`` (hexes laid, whether one
upgraded), ``revenue`` (of the run); and for the whole OR ``trains_run`` (:mod:`trains_run`:
every train held when a dividend step passed; none of them runs again this OR).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import (
    charters,
    ending,
    holdings,
    kept_graph,
    loans,
    phase_changes,
    prices,
    rsr_tokens,
    train_limits,
    trainless,
    trains_run,
)
from engine.t1861 import depot as depot_rules
from engine.t1861.data import DATA
from engine.t1861.dividends import DividendKind, MajorDividend, major_dividend, minor_dividend, per_share_words
from engine.t1861.lays import LaysThisTurn, TileLay, check_lay
from engine.t1861.map_replay import private_bonuses, train_of
from engine.t1861.market import CompanyKind
from engine.t1861.national_takeover import nationalise
from engine.t1861.network import Network
from engine.t1861.optimiser import STEP_LIMIT, best_routes
from engine.t1861.revenue import Bonuses
from engine.t1861.route_exists import route_exists
from engine.t1861.routes import RoutePlan, RouteSet, check_routes
from engine.t1861.state import State
from engine.t1861.tokens import TokenPlacement, check_token, has_legal_token
from engine.t1861.track_network import build_network
from engine.t1861.train_purchase import Buyer, bank_purchase, company_purchase, must_buy

LOANS = loans.loan_rules_from_json(DATA.raw["game"])
SECOND_LAY_FEE = 20
MAJOR_TOKENS = {major["id"].lower(): tuple(major["tokens"]) for major in DATA.raw["majors"]}
STEPS = ("redeem", "track", "token", "routes", "dividend", "private", "loans", "discard", "buy_train", "trainless",
         "last_private")
PRIVATE_PHASES = ("3", "4", "5")  # 12.1
FACE_VALUE = {private["id"].lower(): private["face_value"] for private in DATA.raw["privates"]}
ACCEPTS = {"redeem": ("redeem_shares", "pass"),
           "track": ("lay_tile", "pass"), "token": ("place_token", "pass"), "routes": ("run_routes",),
           "dividend": ("dividend",), "private": ("buy_company", "pass"), "last_private": ("buy_company", "pass"),
           "discard": ("discard_train",), "buy_train": ("buy_train", "pass")}


# Who and what ------------------------------------------------------------------------------

def company_of(state: State, company: str) -> dict[str, Any]:
    if company == RSR_ID:
        return state.rsr
    return state.minors[company] if company in state.minors else state.majors[company]


RSR_ID: str = DATA.companies.rsr_id.lower()  # the national in the state's lower-case ids


def kind_of(company: str) -> CompanyKind:
    return "minor" if company in DATA_MINORS else "major"


DATA_MINORS = frozenset(minor["id"].lower() for minor in DATA.raw["minors"])


def operator(state: State, company: str) -> int:
    """The seat acting for ``company``: a minor's owner, a major's president, the RSR's
    operator (the priority deal's holder when the OR began, section 6)."""
    if company == RSR_ID:
        return state.operating.get("rsr_operator", state.priority) if state.operating else state.priority
    if company in state.minors:
        return state.minors[company]["owner"]
    president = holdings.president_of(state, company)
    assert president is not None, company
    return president


def turn(state: State) -> dict[str, Any]:
    assert state.operating is not None
    return state.operating


def is_waiting(state: State) -> bool:
    return state.operating is not None and state.operating.get("step") in ACCEPTS


def accepts(state: State) -> tuple[str, ...]:
    step, company = turn(state)["step"], turn(state)["company"]
    answers = ("buy_train",) if step == "buy_train" and forced(state, company) else ACCEPTS[step]
    if may_buy_private(state, company) and "buy_company" not in answers:
        answers = (*answers, "buy_company")  # 12.1, R1 step 2: at any point of the turn
    return answers


def may_buy_private(state: State, company: str) -> bool:
    return company_of(state, company)["cash"] >= 1 and bool(players_privates(state))


def may_redeem(state: State, company: str) -> bool:
    """12.2: a major may redeem at the start of its turn (the ``redeem`` step), once, while the
    pool has its shares and its cash covers one at the current price.  18xx.games' redeem step
    blocks like every step that does not say otherwise, so it waits first and, once passed or
    skipped, is over (29683 id 579: MKN passes before its track; this overrides 23 G2)."""
    if company not in state.majors or turn(state).get("redeemed") or turn(state).get("step") != "redeem":
        return False
    entry = state.majors[company]
    return "pool" in entry["certificates"] and entry["cash"] >= entry["price"]


def redeemable(state: State, company: str) -> int:
    """How many pool shares the major may take back now (cash at the current price; G2)."""
    entry = state.majors[company]
    return min(entry["certificates"].count("pool"), entry["cash"] // entry["price"])


def buyer(state: State, company: str) -> Buyer:
    entry = company_of(state, company)
    return Buyer(company.upper(), kind_of(company), entry["cash"], entry["loans"], tuple(entry["trains"]))


def forced(state: State, company: str) -> bool:
    """12.10: must the company buy a train now (``must_buy``)?  One that holds a train never must,
    which most turns show without the buyer's view being put together."""
    if company_of(state, company)["trains"]:
        return False
    return must_buy(buyer(state, company), state.depot, state.phase)


def lays_done(state: State) -> LaysThisTurn:
    lays = turn(state)["lays"]
    return LaysThisTurn(tuple(lays["hexes"]), lays["upgraded"])


def network(state: State) -> Network:
    """The board's track as routes see it; the last one built is reused while board and phase
    are the same (a turn asks for it when probing for a route and again to check the run)."""
    board, phase, built = _LAST_NETWORK
    if board is not state.board or phase != state.phase:
        built = build_network(state.board, state.phase)
        _LAST_NETWORK[:] = [state.board, state.phase, built]
    return built


_LAST_NETWORK: list[Any] = [None, None, None]  # boards are immutable: identity is a safe key


def bonuses(state: State, company: str) -> dict[str, int]:
    owned = [private.upper() for private, owner in state.privates.items() if owner == company]
    return private_bonuses(owned)


def suggested_routes(state: State, company: str, step_limit: int = STEP_LIMIT) -> list[dict[str, Any]]:
    """The optimiser's best set as a ``run_routes`` answer (``routes: [{train, segments}]``);
    ``step_limit`` bounds its search (the random player's quick runs ask for less)."""
    trains = runnable_trains(state, company)
    found = best_routes(network(state), company.upper(), [train_of(t) for t in trains], bonuses(state, company),
                        step_limit=step_limit)
    free = list(trains)
    answer = []
    for plan in found.plans:
        train = next(t for t in free if train_of(t) == plan.train)
        free.remove(train)
        answer.append({"train": train, "segments": list(plan.segments)})
    return answer


def has_a_route(state: State, company: str) -> bool:
    """R1 step 6's "a route exists": some train of the company can run (without the optimiser).
    A company with no train left to run has none, and its board's network is not built for it."""
    trains = runnable_trains(state, company)
    return bool(trains) and route_exists(network(state), company.upper(), [train_of(t) for t in trains])


def runnable_trains(state: State, company: str) -> list[str]:
    """The company's trains that have not run yet this OR (``trains_run``: as on 18xx.games)."""
    return trains_run.runnable(state, company_of(state, company)["trains"])


def next_token_price(state: State, company: str) -> int | None:
    """12.4, R3: the price per hex of the major's next unplaced token (None if all are placed)."""
    if company not in MAJOR_TOKENS:
        return None
    if charters.has_charter(state, company):  # converted or merged: 23 R3's charter
        return charters.next_price(state, company)
    placed = len(state.board.token_hexes(company.upper()))
    prices_left = MAJOR_TOKENS[company][placed:]
    return prices_left[0] if prices_left else None


# The turn's steps --------------------------------------------------------------------------

def begin(state: State, company: str) -> list[Event]:
    operating = turn(state)
    operating.update(company=company, step=None, lays={"hexes": [], "upgraded": False}, revenue=0, redeemed=False)
    company_of(state, company)["operated"] = True  # 10.2: a major's shares may be sold once it has operated
    return _advance(state, 0)


def _advance(state: State, start: int) -> list[Event]:
    """Run steps from ``STEPS[start]`` on, stopping at the first that waits."""
    operating = turn(state)
    company = operating["company"]
    events: list[Event] = []
    for step in STEPS[start:]:
        operating["step"] = step
        if _waits(state, company, step):
            return events
        events += _settle(state, company, step)
        if company_of(state, company)["status"] != "started":
            break  # nationalised (12.10, 13): its turn is over
    operating["step"] = None
    return events


def _after(state: State, step: str) -> list[Event]:
    """``step`` is finished: go on with the next steps.

    When none of them waits the turn is over; ``flow`` then starts the next company's, so
    this module never reaches up into the operating round.
    """
    return _advance(state, STEPS.index(step) + 1)


def _waits(state: State, company: str, step: str) -> bool:
    entry = company_of(state, company)
    if step == "redeem":
        return may_redeem(state, company)
    if step == "track":
        laid = len(turn(state)["lays"]["hexes"])
        fee = 0 if laid == 0 else SECOND_LAY_FEE
        return laid < 2 and fee <= loans.buying_power(LOANS, kind_of(company), entry["cash"], entry["loans"])
    if step == "token":
        price = next_token_price(state, company)
        return (price is not None and entry["cash"] >= price
                and has_legal_token(state.board, company.upper()))
    if step == "routes":
        return has_a_route(state, company)
    if step == "dividend":
        return kind_of(company) == "major" and turn(state)["revenue"] > 0
    if step in ("private", "last_private"):
        return bool(players_privates(state)) and entry["cash"] >= 1
    if step == "discard":
        return over_limit(state) is not None
    if step == "buy_train":
        return _buy_step_waits(state, company)
    return False


def has_room(state: State, company: str) -> bool:
    return train_limits.has_room(kind_of(company), state.phase, company_of(state, company)["trains"])


def _buy_step_waits(state: State, company: str) -> bool:
    entry = company_of(state, company)
    if forced(state, company):
        return True
    if not train_limits.has_room(kind_of(company), state.phase, entry["trains"]):
        return False
    offer = depot_rules.cheapest_offer(state.depot, state.phase)
    cheapest = [depot_rules.train_def(offer).price] if offer else []
    others = [other for other in _all_companies(state) if other != company]
    if any(company_of(state, other)["trains"] for other in others) or state.rsr["trains"]:
        cheapest.append(1)
    return bool(cheapest) and entry["cash"] >= min(cheapest)


def _settle(state: State, company: str, step: str) -> list[Event]:
    """What a skipped step does by itself: a minor's dividend, a ₽0 withhold, the loan step."""
    if step == "dividend":
        return _pay(state, company, DividendKind.WITHHOLD)
    if step == "loans":
        return _loan_step(state, company)
    if step == "trainless" and not company_of(state, company)["trains"]:
        return nationalise(state, company, "it ended its train-buying step without a train (12.10)")
    return []


# Actions -----------------------------------------------------------------------------------

PASS_WORDS = {"redeem": "redeems no shares", "track": "lays no track", "token": "places no token",
              "private": "buys no private", "last_private": "buys no private", "buy_train": "buys no train"}


def _passed(state: State, company: str, step: str) -> Event:
    """The log's line for a step passed, so that every move of the game says what it was (a history
    stepped through a run of silent passes seemed to stand still)."""
    words = "lays no more track" if step == "track" and turn(state)["lays"]["hexes"] else PASS_WORDS[step]
    return Event(f"{company.upper()} {words}.", "pass", {"company": company, "step": step})


def act(state: State, action: dict[str, Any]) -> list[Event]:
    operating = turn(state)
    step, kind = operating["step"], action["type"]
    if kind == "pass":
        if step == "buy_train" and forced(state, operating["company"]):
            raise IllegalAction(f"{operating['company'].upper()} has no train and must buy one (rules 12.10).")
        return [_passed(state, operating["company"], step), *_after(state, step)]
    if kind == "redeem_shares":
        return _redeem(state, operating["company"], action)
    handler = {"buy_company": _buy_company, "lay_tile": _lay_tile, "place_token": _place_token,
               "run_routes": _run_routes, "dividend": _dividend, "discard_train": _discard,
               "buy_train": _buy_train}[kind]
    return handler(state, operating["company"], action)


def _lay_tile(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    hex_id, tile, rotation = str(action.get("hex", "")).upper(), str(action.get("tile", "")), action.get("rotation")
    if not isinstance(rotation, int) or isinstance(rotation, bool):
        raise IllegalAction("A tile lay needs a rotation from 0 to 5.")
    lay = _checked_lay(state, company, hex_id, tile, rotation)
    cost_events = _pay_with_loans(state, company, lay.cost, f"the tile in {hex_id}")  # the last refusal
    kept_graph.forget(state)  # 18xx.games clears its kept graph with every lay
    state.board = state.board.lay(hex_id, tile, rotation)
    lays = turn(state)["lays"]
    lays["hexes"].append(hex_id)
    lays["upgraded"] = lays["upgraded"] or lay.upgrade
    events = [*cost_events, Event(f"{company.upper()} lays tile {tile} in {hex_id}" +
                                  (f" for ₽{lay.cost:,}." if lay.cost else "."), "lay_tile",
                                  {"company": company, "hex": hex_id, "tile": tile, "rotation": rotation}),
              *rsr_tokens.after_lay(state, hex_id, tile)]
    if _waits(state, company, "track"):
        return events
    return events + _after(state, "track")


def _checked_lay(state: State, company: str, hex_id: str, tile: str, rotation: int) -> TileLay:
    """The lay if the board allows it; in a record imported from 18xx.games, also one that only a
    token its kept graph has not seen yet refused (``kept_graph``).  Otherwise the board's refusal."""
    name, done = company.upper(), lays_done(state)
    return kept_graph.judged(state, name, lambda board: check_lay(board, name, state.phase, hex_id, tile, rotation,
                                                                  done))


def _pay_with_loans(state: State, company: str, amount: int, what: str) -> list[Event]:
    """G11: loans one at a time until cash covers ``amount``; refused if even the maximum cannot."""
    entry = company_of(state, company)
    if amount == 0:
        return []
    borrowed = loans.borrow_to_cover(LOANS, kind_of(company), entry["cash"], entry["loans"],
                                     state.loans_in_supply, amount)
    if borrowed is None:
        raise IllegalAction(f"{company.upper()} cannot pay ₽{amount:,} for {what}, even with every loan it may take.")
    events = _take_loans(state, company, borrowed.loans_taken)
    entry["cash"] -= amount
    state.bank += amount
    return events


def _take_loans(state: State, company: str, count: int) -> list[Event]:
    if count == 0:
        return []
    entry = company_of(state, company)
    entry["loans"] += count
    entry["cash"] += count * LOANS.cash_received
    state.bank -= count * LOANS.cash_received
    state.loans_in_supply -= count
    return [Event(f"{company.upper()} takes {loans.loans_words(count)} (₽{count * LOANS.cash_received:,}).", "loan",
                  {"company": company, "count": count})]


def _place_token(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    price = next_token_price(state, company)
    if price is None:
        raise IllegalAction(f"{company.upper()} has no station token left to place.")
    hex_id, city = str(action.get("hex", "")).upper(), action.get("city", 0)
    if not isinstance(city, int):
        raise IllegalAction("A token needs the index of its city in the hex.")
    placement = checked_token(state, company, hex_id, city, price)
    entry = company_of(state, company)
    if placement.cost > entry["cash"]:
        raise IllegalAction(f"{company.upper()} has ₽{entry['cash']:,} and cannot pay ₽{placement.cost:,} for a token"
                            f" in {hex_id} (rules 12.4).")
    entry["cash"] -= placement.cost
    state.bank += placement.cost
    state.board = state.board.place_token(company.upper(), hex_id, city)
    kept_graph.forget(state)  # as every token action clears 18xx.games' kept graph
    charters.record_placed(state, company, hex_id, city)
    event = Event(f"{company.upper()} places a token in {hex_id} for ₽{placement.cost:,}.", "place_token",
                  {"company": company, "hex": hex_id, "city": city, "cost": placement.cost})
    return [event, *_after(state, "token")]


def checked_token(state: State, company: str, hex_id: str, city: int, price: int) -> TokenPlacement:
    """The token if the board allows it; in a record imported from 18xx.games, also one that only a
    token its kept graph has not seen yet cut off (``kept_graph``): the slot is judged on the board
    as it is, the reach as that graph walks it.  Otherwise the board's refusal."""
    name = company.upper()
    return kept_graph.judged(state, name, lambda reach: check_token(state.board, name, hex_id, city, price,
                                                                    reach_board=reach))


def check_run(state: State, company: str, action: dict[str, Any]) -> RouteSet:
    """The submitted routes as the route rules see them (each train of the company at most once)."""
    submitted = action.get("routes")
    if not isinstance(submitted, list):
        raise IllegalAction("run_routes needs a list of routes, each {train, segments}.")
    owned = list(company_of(state, company)["trains"])
    plans = []
    for route in submitted:
        train = depot_rules.named(str(route.get("train", "")), owned) if isinstance(route, dict) else ""
        segments = route.get("segments") if isinstance(route, dict) else None
        if train not in owned:
            raise IllegalAction(f"{company.upper()} has no train {train or '(none named)'} to run.")
        if trains_run.has_run(state, train):
            raise IllegalAction(f"The {train} train has already run in this operating round; a train runs once a"
                                " round, whoever holds it now (as on 18xx.games).")
        if not isinstance(segments, list) or not all(isinstance(s, str) for s in segments):
            raise IllegalAction(f"The {train} train's route needs its track segments.")
        owned.remove(train)
        plans.append(RoutePlan(train_of(train), tuple(segments)))
    return check_routes(network(state), company.upper(), plans, Bonuses.of(bonuses(state, company)))


def _run_routes(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    routes = check_run(state, company, action)
    turn(state)["revenue"] = routes.revenue
    event = Event(f"{company.upper()} runs for ₽{routes.revenue:,}.", "run_routes",
                  {"company": company, "revenue": routes.revenue})
    if kind_of(company) == "minor" or routes.revenue == 0:
        return [event, *_pay(state, company, DividendKind.WITHHOLD), *_after(state, "dividend")]
    return [event, *_after(state, "routes")]


# The log's verb per dividend kind ("payouts ₽80" read as a noun).
def _dividend(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    requested: Any = action.get("kind")  # whatever the action holds: the enum refuses all but its values
    try:
        kind = DividendKind(requested)
    except ValueError:
        raise IllegalAction("A dividend is payout, half or withhold (rules 12.7).") from None
    return [*_pay(state, company, kind), *_after(state, "dividend")]


def _pay(state: State, company: str, kind: DividendKind) -> list[Event]:
    """12.7: the revenue paid by the bank as ``kind`` says (minors: always half), the price moved.
    Every train the company holds now has run this OR (``trains_run``), as 18xx.games marks them."""
    entry = company_of(state, company)
    trains_run.mark(state, entry["trains"])
    revenue = turn(state)["revenue"]
    market = prices.market_of(state)
    cell = market.cell(*entry["cell"])
    assert cell is not None
    if kind_of(company) == "minor":
        split = minor_dividend(market, cell, revenue)
        owner = entry["owner"]
        entry["cash"] += split.to_minor
        state.cash[owner] += split.to_owner
        state.bank -= revenue
        before = entry["price"]
        prices.place(state, entry, split.cell_after)
        words = (f"keeps ₽{split.to_minor:,}, {state.players[owner]} receives ₽{split.to_owner:,}; the price is"
                 f" ₽{entry['price']:,}" if revenue else f"earns nothing{_price_move(before, entry['price'])}")
        return [Event(f"{company.upper()} {words}.", "dividend",
                      {"company": company, "revenue": revenue, "price": entry["price"]})]
    paid = major_split(state, company, kind)
    entry["cash"] += paid.to_company
    for holder, amount in paid.to_holders:
        state.cash[int(holder)] += amount
    state.bank -= paid.revenue - paid.unpaid
    prices.place(state, entry, paid.cell_after)
    return [Event(f"{company.upper()} {dividend_words(paid)}; the price is ₽{entry['price']:,}.", "dividend",
                  {"company": company, "revenue": revenue, "kind": paid.kind.value, "price": entry["price"]})]


def _price_move(before: int, after: int) -> str:
    """"; the price falls from ₽50 to ₽45" (7.3 moves it left when nothing is paid), or where it stays."""
    if after < before:
        return f"; the price falls from ₽{before:,} to ₽{after:,}"
    return f"; the price stays at ₽{after:,}"


def major_split(state: State, company: str, kind: DividendKind) -> MajorDividend:
    """What paying this turn's revenue as ``kind`` would give whom (12.7), without paying it."""
    entry = company_of(state, company)
    market = prices.market_of(state)
    cell = market.cell(*entry["cell"])
    assert cell is not None
    holders = {str(seat): holdings.percent_of(state, company, seat) for seat in state.seats}
    holders = {seat: percent for seat, percent in holders.items() if percent}
    return major_dividend(market, cell, kind, turn(state)["revenue"], holders,
                          holdings.percent_of(state, company, "treasury"))


def dividend_words(paid: MajorDividend) -> str:
    """A major's dividend in words, with what one share earns ("pays out ₽60, ₽6 a share")."""
    share = per_share_words(paid)
    if paid.kind is DividendKind.PAYOUT:
        return f"pays out ₽{paid.distributed:,}, {share}"
    if paid.kind is DividendKind.HALF:
        return f"pays half, ₽{paid.distributed:,} ({share}), and keeps ₽{paid.withheld:,}"
    return f"withholds ₽{paid.revenue:,}"


def _redeem(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    """G2 (12.2): pool shares back to the treasury at the current price; the price stays."""
    count = action.get("count")
    most = redeemable(state, company) if may_redeem(state, company) else 0
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= most:
        allowed = "no shares" if most == 0 else "1 share" if most == 1 else f"1 to {most} shares"
        raise IllegalAction(f"{company.upper()} may redeem {allowed} now (once a turn, from the pool,"
                            " at the current price; rules 12.2).")
    entry = state.majors[company]
    for _ in range(count):
        holdings.move_ten_percent(state, company, "pool", "treasury")
    entry["cash"] -= count * entry["price"]
    state.bank += count * entry["price"]
    turn(state)["redeemed"] = True
    paid = f"₽{count * entry['price']:,}"
    event = Event(f"{company.upper()} redeems {holdings.shares_words(count)} for {paid}.", "redeem_shares",
                  {"company": company, "count": count})
    return [event, *_recheck(state, company)]


def _recheck(state: State, company: str) -> list[Event]:
    """After a purchase outside the steps' order (a private, a redemption) the company has
    less cash: the waiting step goes on only while its condition still holds (R1)."""
    step = turn(state)["step"]
    return [] if _waits(state, company, step) else _after(state, step)


def players_privates(state: State) -> list[str]:
    """12.1: the privates a company may buy now (held by a player, phases 3-5)."""
    if state.phase not in PRIVATE_PHASES:
        return []
    return [private for private, owner in state.privates.items() if isinstance(owner, int)]


def _buy_company(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    private, price = str(action.get("company", "")).lower(), action.get("price")
    entry = company_of(state, company)
    if private not in players_privates(state):
        raise IllegalAction(f"{private.upper()} is not a private a company may buy now (rules 12.1).")
    most = min(FACE_VALUE[private], entry["cash"])
    if not isinstance(price, int) or isinstance(price, bool) or not 1 <= price <= most:
        raise IllegalAction(f"{private.upper()} costs ₽1 to ₽{most:,} here (face value, the company's cash; 12.1).")
    seller = state.privates[private]
    assert isinstance(seller, int)
    entry["cash"] -= price
    state.cash[seller] += price
    state.privates[private] = company
    event = Event(f"{company.upper()} buys {private.upper()} from {state.players[seller]} for ₽{price:,}.",
                  "buy_company", {"company": company, "private": private, "price": price})
    return [event, *_recheck(state, company)]  # R1 steps 8 and 12 stay open while another is buyable


def _loan_step(state: State, company: str) -> list[Event]:
    entry = company_of(state, company)
    at_start = turn(state)["loans_at_start"].get(company, 0)
    outcome = loans.loan_step(LOANS, kind_of(company), entry["cash"], entry["loans"], state.loans_in_supply,
                              at_start)
    state.bank += entry["cash"] - outcome.cash  # interest and repayments less loans taken
    entry.update(cash=outcome.cash, loans=outcome.loans)
    state.loans_in_supply = outcome.supply
    if outcome.cannot_pay:  # 13: the loans it could take are taken, then the RSR takes it over
        return nationalise(state, company, "it cannot pay its loan interest even with its maximum loans (13)")
    if not (outcome.interest_paid or outcome.loans_repaid or outcome.loans_taken):
        return []
    return [Event(loans.loan_step_words(LOANS, company.upper(), outcome.interest_paid, outcome.loans_repaid,
                                        outcome.loans_taken), "loans", {"company": company,
                                                                        "interest": outcome.interest_paid,
                                         "repaid": outcome.loans_repaid, "taken": outcome.loans_taken})]


def over_limit(state: State) -> str | None:
    """12.9: the first company holding more trains than the phase allows, in 18xx.games' company
    list order (23 R1 step 10): that list starts with the yellow minors, and the majors and then
    the green minors join it when the green minors become available (phase 3), each group in data
    file order. A phase change can put several companies over at once, so the order decides who
    is asked first."""
    groups: tuple[tuple[dict[str, dict[str, Any]], CompanyKind, bool | None], ...] = (
        (state.minors, "minor", False), (state.majors, "major", None), (state.minors, "minor", True))
    for companies, kind, green in groups:
        for company, entry in companies.items():  # asked at every step: the entries straight
            if green is not None and (company in GREEN_MINORS) != green:
                continue
            if entry["status"] == "started" and train_limits.excess(kind, state.phase, entry["trains"]):
                return company
    return None


GREEN_MINORS = frozenset(entry["id"].lower() for entry in DATA.raw["minors"] if entry["availability"] == "green")


def _discard(state: State, operating_company: str, action: dict[str, Any]) -> list[Event]:
    company = over_limit(state)
    assert company is not None
    entry = company_of(state, company)
    train = depot_rules.named(str(action.get("train", "")), entry["trains"])
    if train not in entry["trains"]:
        raise IllegalAction(f"{company.upper()} has no train {train} to discard.")
    entry["trains"].remove(train)
    state.depot = depot_rules.discard(state.depot, train)
    events = [Event(f"{company.upper()} discards its {train} train.", "discard_train", {"company": company})]
    if over_limit(state) is not None:
        return events
    resume = turn(state).pop("resume", None)
    if resume not in (None, "buy_train"):  # another turn's step (the RSR's buying): flow goes on with it
        turn(state)["step"] = resume
        return events
    if resume == "buy_train":
        turn(state)["step"] = "buy_train"
        if _buy_step_waits(state, operating_company):
            return events
        return events + _after(state, "buy_train")
    return events + _after(state, "discard")


def _buy_train(state: State, company: str, action: dict[str, Any]) -> list[Event]:
    train, source = str(action.get("train", "")).lower(), str(action.get("source", "depot")).lower()
    entry = company_of(state, company)
    if source == "depot":
        train = depot_rules.named(train, (*depot_rules.bank_offer(state.depot, state.phase), *state.depot.open_market))
        purchase = bank_purchase(buyer(state, company), train, state.depot, state.phase)
        events = _take_loans(state, company, purchase.loans)
        phase_events, fired = first_purchase_effects(state, train)
        events += phase_events
        state.depot = depot_rules.sell(state.depot, train, state.phase)
        state.bank += purchase.price
    else:
        seller = company_of(state, source) if source in state.minors or source in state.majors else None
        train = depot_rules.named(train, seller["trains"] if seller else ())
        if seller is None or train not in seller["trains"] or seller["status"] != "started":
            raise IllegalAction(f"{source.upper()} has no train {train} to sell.")
        price = action.get("price")
        if not isinstance(price, int) or isinstance(price, bool):
            raise IllegalAction("A train bought from another company needs the agreed price.")
        purchase = company_purchase(buyer(state, company), source.upper(), train, price, state.phase)
        seller["trains"].remove(train)
        seller["cash"] += purchase.price
        events, fired = [], ()
    entry["cash"] -= purchase.price
    entry["trains"].append(train)
    seller_name = "the bank" if source == "depot" else str(source).upper()
    events.append(Event(f"{company.upper()} buys {depot_rules.a_train(train)} from {seller_name}"
                        f" for ₽{purchase.price:,}.",
                        "buy_train", {"company": company, "train": train, "source": source,
                                      "price": purchase.price}))
    if fired:  # 16: after rusting, the events and the trainless check (15.1)
        events += trainless.after_first_purchase(state, fired, depot_rules.train_type_of(train))
        if entry["status"] != "started":  # a minor buying the first 8-train goes with the rest
            turn(state)["step"] = None
            return events
    if over_limit(state) is not None:  # 16: the phase changed; discards first, then this step again
        turn(state).update(step="discard", resume="buy_train")
        return events
    if _buy_step_waits(state, company):
        return events
    return events + _after(state, "buy_train")


def first_purchase_effects(state: State, train: str) -> tuple[list[Event], tuple[str, ...]]:
    """Section 16: a first copy of a type changes the phase and rusts older trains; the type's
    events are returned, to fire once the buyer holds the train."""
    sold = frozenset(kind for kind, count in state.depot.sold if count)
    effects = phase_changes.first_purchase(depot_rules.train_type_of(train), state.phase, sold)
    if effects is None:
        return [], ()
    events = []
    if effects.phase is not None:
        state.phase = effects.phase
        events.append(Event(phase_words(effects.phase), "phase", {"phase": effects.phase}))
        if effects.phase == ending.FINAL_PHASE:
            events += ending.note_final_phase(state)
    for rusted in effects.rusts:
        losers = []  # ids of the companies that lost trains: standing orders about their routes are disarmed
        for company in _all_companies(state):
            entry = company_of(state, company)
            kept = [t for t in entry["trains"] if depot_rules.train_type_of(t) != rusted]
            if len(kept) < len(entry["trains"]):
                losers.append(company)
            entry["trains"] = kept
        kept = [t for t in state.rsr["trains"] if depot_rules.train_type_of(t) != rusted]
        names = [company.upper() for company in losers] + (["the RSR"] if len(kept) < len(state.rsr["trains"]) else [])
        state.rsr["trains"] = kept
        state.depot = depot_rules.rust(state.depot, rusted)
        lost = f": {', '.join(names)} lose{'s' if len(names) == 1 else ''} theirs" if names else ""
        events.append(Event(f"The {rusted}-trains rust{lost}.", "rust", {"train_type": rusted, "companies": losers}))
    return events, effects.events


def phase_words(phase: str) -> str:
    """A phase change as players need to hear it: the tile colours and train limits it brings (16)."""
    rules = DATA.phase(phase)
    limits = ", ".join(f"{kind}s {limit}" for kind, limit in rules.train_limit if limit is not None)
    return (f"Phase {phase} begins: {', '.join(rules.tile_colours)} tiles"
            + (f"; train limit {limits}." if limits else "."))


def _all_companies(state: State) -> list[str]:
    return [*state.minors, *state.majors]
