"""The stock round (section 10, 23 R5-R6) and the minor auctions inside it (section 11).

State (``state.stock``):

- ``turn``: the seat whose turn it is; ``turn_sold``: it sold in this turn (the turn counts
  as having acted; it ends by itself when nothing more is possible after a sale);
- ``passed[seat]``: R5's passed flag.  A turn that ends without a buy, sale, par or minor
  won sets it; a turn with one clears it; the auction starter who does not win keeps the
  flag it had before that turn, even if it sold first (18xx.games books the auction on the
  winner's turn, R5).  The round ends the moment every flag is
  set, and the priority deal goes to the seat after the one whose pass ended it (R6).  A
  player with no legal action is passed without being asked;
- ``sold[seat]``: majors that seat sold this round (it may not buy them again, 10.2);
- ``minor_auction``: ``company``, ``high_bid``, ``high_bidder``, ``eligible`` (seats still
  in, 11), ``turn``, ``starter``; ``home_city``: a just parred major waiting for its home
  (10.4, G8); ``last_pass``: the seat whose pass came last.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import holdings, kept_graph, prices
from engine.t1861.action_fields import missing_name, require_named
from engine.t1861.data import DATA
from engine.t1861.market import Direction
from engine.t1861.state import MAJOR_CERTIFICATES, State, certificate_limit, max_percent
from engine.t1861.tokens import check_home_token, home_city_options

GAME = DATA.raw["game"]
MINOR_MINIMUM: int = GAME["minor_auction"]["minimum_bid"]
MINOR_STEP: int = GAME["minor_auction"]["bid_multiple"]
FIRST_MINOR: str = GAME["minor_auction"]["first_minor_must_be"].lower()
POOL_LIMIT: int = GAME["bank_pool_limit_percent"]
MINORS = {minor["id"]: minor for minor in DATA.raw["minors"]}
MAJOR_PAR_FROM_PHASE = 4  # 10.4: majors are parred from phase 4 (the first 4-train)
GREEN_MINORS_FROM_PHASE = 3  # 4: green minors after the first 3-train
NO_MINORS_FROM_PHASE = 5  # 4: unstarted minors leave at the first 5-train


def begin(state: State) -> list[Event]:
    """A new stock round, the priority holder first."""
    state.round = {"kind": "stock", "number": state.round["number"] + 1}
    count = len(state.players)
    state.stock = {"turn": state.priority, "turn_sold": False, "passed": [False] * count,
                   "sold": [[] for _ in range(count)], "minor_auction": None, "home_city": None,
                   "last_pass": None}
    events = [Event(f"Stock round {state.round['number']}: {state.players[state.priority]} has the priority deal.",
                    "stock_round")]
    return events + _start_turn(state, state.priority)


# What a player may do ----------------------------------------------------------------------

def sellable(state: State, seat: int) -> dict[str, int]:
    """10.2: major -> the most 10% shares ``seat`` may sell in one action now."""
    found = {}
    for major, company in state.majors.items():
        if company["status"] != "started" or not company["operated"]:
            continue
        held = holdings.percent_of(state, major, seat)
        most = min(held // 10, (POOL_LIMIT - holdings.percent_of(state, major, "pool")) // 10)
        if holdings.president_of(state, major) == seat and not _another_holds_twenty(state, major, seat):
            most = min(most, (held - MAJOR_CERTIFICATES[0]) // 10)
        if most > 0:
            found[major] = most
    return found


def buyable(state: State, seat: int) -> list[tuple[str, str]]:
    """10.3: ``(major, source)`` for every 10% share ``seat`` may buy now."""
    if not holdings.has_room(state, seat):
        return []
    found = []
    for major, company in state.majors.items():
        if company["status"] != "started" or major in _stock(state)["sold"][seat]:
            continue
        if company["price"] > state.cash[seat] or not holdings.may_hold_more(state, major, seat):
            continue
        found += [(major, source) for source in ("treasury", "pool")
                  if holdings.ten_percent_index(state, major, source) is not None]
    return found


def par_prices(state: State, seat: int) -> list[int]:
    """10.4: the par prices ``seat`` can afford for an unstarted major (none before phase 4,
    without room for a certificate, or when no city is free for a home, G8)."""
    if int(state.phase) < MAJOR_PAR_FROM_PHASE or not holdings.has_room(state, seat):
        return []
    if not any(company["status"] == "unstarted" for company in state.majors.values()):
        return []
    affordable = [price for price in prices.major_pars(state) if 2 * price <= state.cash[seat]]
    return affordable if affordable and home_city_options(state.board) else []


def minors_for_auction(state: State, seat: int) -> list[str]:
    """11: minors ``seat`` may put up (₽100 and room needed; N first; green from phase 3)."""
    if state.cash[seat] < MINOR_MINIMUM or not holdings.has_room(state, seat):
        return []
    return available_minors(state)


def available_minors(state: State) -> list[str]:
    phase = int(state.phase)
    if phase >= NO_MINORS_FROM_PHASE:
        return []
    if state.minors[FIRST_MINOR]["status"] == "unstarted":
        return [FIRST_MINOR]
    return [minor for minor, company in state.minors.items() if company["status"] == "unstarted"
            and (MINORS[minor.upper()]["availability"] == "yellow" or phase >= GREEN_MINORS_FROM_PHASE)]


def must_sell(state: State, seat: int) -> bool:
    """10.2: a player over the certificate limit, or over 60%/70% of a major, sells before
    anything else (while there is something it may sell)."""
    over_limit = holdings.certificates_held(state, seat) > certificate_limit(len(state.players))
    over_cap = any(holdings.percent_of(state, major, seat) > max_percent(len(state.players)) for major in state.majors)
    return (over_limit or over_cap) and bool(sellable(state, seat))


def can_act(state: State, seat: int) -> bool:
    return bool(sellable(state, seat) or buyable(state, seat) or par_prices(state, seat)
                or minors_for_auction(state, seat) or par_offered(state, seat))


def only_pass(state: State, seat: int) -> bool:
    """Whether ``seat``'s stock turn is asked only because of :func:`par_offered`: its one answer is ``pass``."""
    return par_offered(state, seat) and not (sellable(state, seat) or buyable(state, seat) or par_prices(state, seat)
                                             or minors_for_auction(state, seat))


def par_offered(state: State, seat: int) -> bool:
    """R5 as 18xx.games counts a par: from phase 4, with room and an unstarted major, a player
    with twice the market's lowest par price (₽100: its cheapest cell is a minor's) is offered
    ``par`` even when no major par price is affordable, so the turn waits for a ``pass``
    (167259 id 633: Player 4, ₽125, passes).  Nor does 18xx.games ask whether a home city is
    free (G8): its offer (``can_ipo_any?``) only counts money and certificates, and only its
    par buttons say "No home token locations are available"; a par there would wait for a home
    token nowhere to be placed.  So a recorded game holds that player's ``pass``, and the
    round's end (10.5's sold-out rise, R6's priority) waits for it.  ``par_prices`` stays the
    real choice, free home city included: the prompt then offers only the pass."""
    market = prices.market_of(state)
    lowest = min((*market.minor_par_prices, *market.major_par_prices))
    return (int(state.phase) >= MAJOR_PAR_FROM_PHASE and holdings.has_room(state, seat)
            and state.cash[seat] >= 2 * lowest
            and any(company["status"] == "unstarted" for company in state.majors.values()))


# Turn actions ------------------------------------------------------------------------------

def sell_shares(state: State, seat: int, major: Any, count: Any) -> list[Event]:
    require_named(major, "company", "major")
    _require_count(count)
    most = sellable(state, seat).get(major) if isinstance(major, str) else None
    if most is None:
        raise IllegalAction(f"{state.players[seat]} cannot sell shares of {str(major).upper()} now.")
    if count > most:
        raise IllegalAction(f"{state.players[seat]} may sell at most {holdings.shares_words(most)}"
                            f" of {major.upper()} now.")
    company = state.majors[major]
    price = company["price"]
    was_president = holdings.president_of(state, major) == seat
    if was_president:
        successor = holdings.most_shares_after(state, major, seat)
        remaining = holdings.percent_of(state, major, seat) - 10 * count
        if successor is not None and holdings.percent_of(state, major, successor) > remaining:
            holdings.hand_over_presidency(state, major, successor)
    for _ in range(count):
        holdings.move_ten_percent(state, major, seat, "pool")
    state.cash[seat] += price * count
    state.bank -= price * count
    _stock(state)["sold"][seat].append(major)
    _stock(state)["turn_sold"] = True
    if was_president:
        prices.move(state, company, Direction.DOWN, "major")
    sold = f"a share of {major.upper()} for ₽{price:,}" if count == 1 else (
        f"{count} shares of {major.upper()} at ₽{price:,} (₽{price * count:,})")
    events = [Event(f"{state.players[seat]} sells {sold}; the price is ₽{company['price']:,}.",
                    "sell_shares", {"seat": seat, "company": major, "count": count, "price": price})]
    if not can_act(state, seat):  # nothing more to do: the turn ends by itself, as it has acted (R5)
        return [*events, *_end_turn(state, seat, acted=True)]
    return events


def buy_shares(state: State, seat: int, major: Any, source: Any) -> list[Event]:
    if (major, source) not in buyable(state, seat):
        raise IllegalAction(_buy_refusal(state, seat, major, source))
    company = state.majors[major]
    price = company["price"]
    holdings.move_ten_percent(state, major, source, seat)
    state.cash[seat] -= price
    if source == "treasury":
        company["cash"] += price
    else:
        state.bank += price
    holdings.check_presidency_after_buy(state, major, seat)
    events = [Event(f"{state.players[seat]} buys a 10% share of {major.upper()} from the {source} for ₽{price:,}.",
                    "buy_shares", {"seat": seat, "company": major, "source": source, "price": price})]
    return events + _end_turn(state, seat, acted=True)


def par(state: State, seat: int, major: Any, price: Any) -> list[Event]:
    require_named(major, "company", "major")
    allowed = par_prices(state, seat)
    if not isinstance(major, str) or state.majors.get(major, {}).get("status") != "unstarted":
        raise IllegalAction(f"{str(major).upper()} is not a major that can be started.")
    if price not in allowed or isinstance(price, bool):
        raise IllegalAction(f"{state.players[seat]} cannot start a major at {price!r} now"
                            f" (possible: {', '.join(map(str, allowed)) or 'none'}).")
    company = state.majors[major]
    company["status"] = "started"
    company["certificates"][holdings.PRESIDENT] = seat
    state.cash[seat] -= 2 * price
    company["cash"] += 2 * price
    prices.start(state, company, price, "major")
    _stock(state)["home_city"] = major
    return [Event(f"{state.players[seat]} starts {major.upper()} at ₽{price:,} and pays ₽{2 * price:,}.", "par",
                  {"seat": seat, "company": major, "price": price})]


def place_home(state: State, seat: int, hex_id: Any, city: Any) -> list[Event]:
    major = _stock(state)["home_city"]
    if not isinstance(hex_id, str) or isinstance(city, bool) or not isinstance(city, int):
        raise IllegalAction("A home city needs a hex and a city number.")
    if (hex_id.upper(), city) not in home_city_options(state.board):
        raise IllegalAction(f"{hex_id.upper()} city {city} is not a free, unconnected city (rules 10.4).")
    check_home_token(state.board, major.upper(), hex_id.upper(), city)
    state.board = state.board.place_token(major.upper(), hex_id.upper(), city)
    kept_graph.forget(state)  # a token action, as on 18xx.games
    _stock(state)["home_city"] = None
    events = [Event(f"{major.upper()} places its home token in {hex_id.upper()}.", "place_token",
                    {"company": major, "hex": hex_id, "city": city})]
    return events + _end_turn(state, seat, acted=True)


def pass_turn(state: State, seat: int) -> list[Event]:
    acted = _stock(state)["turn_sold"]
    text = "ends the turn" if acted else "passes"
    return [Event(f"{state.players[seat]} {text}.", "pass"), *_end_turn(state, seat, acted=acted)]


# The minor auction (section 11) ------------------------------------------------------------

def open_minor_auction(state: State, seat: int, minor: Any, price: Any) -> list[Event]:
    require_named(minor, "company", "minor")
    _require_price(price)
    if minor not in minors_for_auction(state, seat):
        allowed = ", ".join(name.upper() for name in available_minors(state)) or "none"
        raise IllegalAction(f"{state.players[seat]} cannot put {str(minor).upper()} up for auction now"
                            f" (₽{MINOR_MINIMUM:,} and room for a certificate needed; minors available: {allowed}).")
    if price < MINOR_MINIMUM or price % MINOR_STEP or price > state.cash[seat]:
        raise IllegalAction(f"An opening bid is ₽{MINOR_MINIMUM:,} or more in steps of ₽{MINOR_STEP:,},"
                            f" at most your cash (₽{state.cash[seat]:,}).")
    home = MINORS[minor.upper()]
    city = _home_city(state, minor.upper())
    state.board = state.board.place_token(minor.upper(), home["home_hex"], city)
    kept_graph.note_token(state, minor.upper(), home["home_hex"], city)  # placed by the rules, not an action
    _stock(state)["minor_auction"] = {"company": minor, "high_bid": price, "high_bidder": seat,
                                      "eligible": list(state.seats), "turn": seat, "starter": seat}
    events = [Event(f"{state.players[seat]} puts {minor.upper()} ({home['name']}) up for auction with ₽{price:,}.",
                    "bid", {"seat": seat, "company": minor, "price": price})]
    return events + _next_minor_bidder(state)


def _home_city(state: State, minor: str) -> int:
    """The city of the minor's home hex that holds its slot now (upgrades renumber cities),
    else the printed one."""
    home = MINORS[minor]
    held = state.board.held_city(home["home_hex"], minor)
    return home["home_city_index"] if held is None else held


def minor_bid(state: State, seat: int, minor: Any, price: Any) -> list[Event]:
    auction = _minor_auction(state)
    _require_price(price)
    if minor != auction["company"]:
        raise IllegalAction(f"The minor up for auction is {auction['company'].upper()}, so the bid must name it.")
    least = auction["high_bid"] + MINOR_STEP
    if price < least or price % MINOR_STEP or price > state.cash[seat]:
        raise IllegalAction(f"A raise must be at least ₽{least:,}, in steps of ₽{MINOR_STEP:,},"
                            f" and at most your cash (₽{state.cash[seat]:,}).")
    auction["high_bid"], auction["high_bidder"] = price, seat
    raised = Event(f"{state.players[seat]} bids ₽{price:,} for {minor.upper()}.", "bid",
                   {"seat": seat, "company": minor, "price": price})
    return [raised, *_next_minor_bidder(state)]


def minor_pass(state: State, seat: int) -> list[Event]:
    auction = _minor_auction(state)
    auction["eligible"].remove(seat)
    return [Event(f"{state.players[seat]} passes on {auction['company'].upper()}.", "pass"), *_next_minor_bidder(state)]


def minor_bid_range(state: State, seat: int) -> tuple[int, int]:
    auction = _minor_auction(state)
    return auction["high_bid"] + MINOR_STEP, state.cash[seat]


def _next_minor_bidder(state: State) -> list[Event]:
    """11: players who cannot cover the next bid or are at the limit are out; the last one in wins."""
    auction = _minor_auction(state)
    leader = auction["high_bidder"]
    auction["eligible"] = [seat for seat in auction["eligible"] if seat == leader or (
        state.cash[seat] >= auction["high_bid"] + MINOR_STEP and holdings.has_room(state, seat))]
    if auction["eligible"] == [leader]:
        return _minor_won(state)
    auction["turn"] = next(seat for seat in state.seats_from(leader)[1:] if seat in auction["eligible"])
    return []


def _minor_won(state: State) -> list[Event]:
    stock = _stock(state)
    auction = _minor_auction(state)
    minor, winner, price = auction["company"], auction["high_bidder"], auction["high_bid"]
    company = state.minors[minor]
    state.cash[winner] -= price
    company.update(status="started", owner=winner, cash=price)
    start = prices.minor_start_price(state, price)
    prices.start(state, company, start, "minor")
    stock["minor_auction"] = None
    stock["passed"][winner] = False  # R5: the starter, if someone else won, keeps the flag it had
    events = [Event(f"{state.players[winner]} wins {minor.upper()} for ₽{price:,}; it starts at ₽{start:,}.",
                    "minor_won", {"seat": winner, "company": minor, "price": price, "start_price": start})]
    return events + _start_turn(state, state.next_seat(winner))


# Turn order and the end of the round -------------------------------------------------------

def _end_turn(state: State, seat: int, acted: bool) -> list[Event]:
    stock = _stock(state)
    stock["passed"][seat] = not acted
    if not acted:
        stock["last_pass"] = seat
        if all(stock["passed"]):
            return _end_round(state)
    return _start_turn(state, state.next_seat(seat))


def _start_turn(state: State, seat: int) -> list[Event]:
    """Give ``seat`` its turn, passing for everyone with no legal action (R5)."""
    stock = _stock(state)
    events: list[Event] = []
    for candidate in state.seats_from(seat):
        stock["turn"], stock["turn_sold"] = candidate, False
        if can_act(state, candidate):
            return events
        stock["passed"][candidate] = True
        stock["last_pass"] = candidate
        events.append(Event(f"{state.players[candidate]} can do nothing and passes.", "auto_pass"))
        if all(stock["passed"]):
            return events + _end_round(state)
    return events + _end_round(state)


def _end_round(state: State) -> list[Event]:
    """10.5 sold-out majors up (operating order); R6 priority to the seat after the last pass."""
    stock = _stock(state)
    events = []
    started = [major for major, company in state.majors.items() if company["status"] == "started"]
    for major in sorted(started, key=lambda name: prices.order_key(state.majors[name])):
        company = state.majors[major]
        if all(isinstance(holder, int) for holder in company["certificates"]):
            prices.move(state, company, Direction.UP, "major")
            events.append(Event(f"{major.upper()} is sold out and rises to ₽{company['price']:,}.", "sold_out"))
    state.priority = state.next_seat(stock["last_pass"])
    state.stock = None
    events.append(Event(f"The stock round ends; {state.players[state.priority]} has the priority deal.",
                        "stock_round_end", {"priority": state.priority}))
    return events  # flow sees state.stock gone and starts the operating rounds


# Helpers -----------------------------------------------------------------------------------

def _stock(state: State) -> dict[str, Any]:
    assert state.stock is not None
    return state.stock


def _minor_auction(state: State) -> dict[str, Any]:
    auction = _stock(state)["minor_auction"]
    assert auction is not None
    return auction


def _another_holds_twenty(state: State, major: str, seat: int) -> bool:
    return any(holdings.percent_of(state, major, other) >= 20 for other in state.seats if other != seat)


def _require_count(count: Any) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise IllegalAction("The number of shares must be a whole number, 1 or more.")


def _require_price(price: Any) -> None:
    if isinstance(price, bool) or not isinstance(price, int):
        raise IllegalAction("A bid needs a price in whole roubles.")


def _buy_refusal(state: State, seat: int, major: Any, source: Any) -> str:
    name = state.players[seat]
    missing = missing_name(major, "company", "major")
    if missing is not None:
        return missing
    if not isinstance(major, str) or major not in state.majors or state.majors[major]["status"] != "started":
        return f"{str(major).upper()} is not a started major."
    if source not in ("treasury", "pool"):
        return "Shares come from the treasury or the pool."
    if major in _stock(state)["sold"][seat]:
        return f"{name} sold {major.upper()} this round and may not buy it again (10.2)."
    if not holdings.has_room(state, seat):
        return f"{name} is at the certificate limit."
    if not holdings.may_hold_more(state, major, seat):
        return f"{name} may not hold more of {major.upper()}."
    if state.majors[major]["price"] > state.cash[seat]:
        return f"{name} cannot pay ₽{state.majors[major]['price']:,}."
    return f"The {source} has no share of {major.upper()}."
