"""The ``operate`` prompt: what a company's president is asked at the waiting step of its turn.

One prompt name for the whole turn (docs/titles/1861.md); ``context.step`` says which step
waits.  Track lays list the map layer's legal lays (G3's menu) as choices and quick answers;
routes carry the optimiser's best set as the suggested one-click answer; the forced train
purchase offers no pass.  Every option offered has a legal answer (the property tests).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any, cast

from engine.core.errors import IllegalAction
from engine.core.prompts import ActionOption, Choice, Field, Prompt, QuickAnswer
from engine.t1861 import company_turn, loans
from engine.t1861 import depot as depot_rules
from engine.t1861.data import DATA
from engine.t1861.dividends import DividendKind, MajorDividend, per_share_words
from engine.t1861.fitting import turned_keys
from engine.t1861.geometry import edge_name
from engine.t1861.lays import TileLay, legal_lays
from engine.t1861.route_preview import suggestion_context
from engine.t1861.state import State
from engine.t1861.tokens import legal_tokens
from engine.t1861.train_purchase import bank_purchase

QUICK_LAYS = 12  # one-click lays in a mail; the form lists all


def _other_trains(state: State, company: str) -> list[tuple[str, str]]:
    """(train, owner) of every train another started company owns (never the RSR's, 12.10)."""
    return [(train, other) for other in [*state.minors, *state.majors] if other != company
            if company_turn.company_of(state, other)["status"] == "started"
            for train in company_turn.company_of(state, other)["trains"]]


def company_trade(state: State, company: str) -> dict[str, Any] | None:
    """The ₽1 purchase of the first train another company owns, whoever its president (the random
    player's rare trade), or None when the company may buy none now."""
    sellers = _other_trains(state, company)
    if not sellers or company_turn.buyer(state, company).cash < 1 or not company_turn.has_room(state, company):
        return None
    return _trade(*sellers[0])


def _trade(train: str, owner: str) -> dict[str, Any]:
    return {"type": "buy_train", "train": train, "source": owner, "price": 1}


def operate_prompt(state: State, seat: int) -> Prompt:
    operating = company_turn.turn(state)
    company, step = operating["company"], operating["step"]
    # Each step's question, options and quick answers; the steps that place things take the places too.
    builders: dict[str, Callable[..., tuple[str, list, list]]] = {
        "redeem": _redeem, "track": _track, "token": _token, "routes": _routes, "dividend": _dividend,
        "private": _private, "last_private": _private, "discard": _discard, "buy_train": _buy_train}
    build = builders[step]
    name = "operate"
    if step == "discard":
        company, name = company_turn.over_limit(state) or company, "discard_train"
    places = _places(state, company, step) if name == "operate" else {}
    question, actions, quick = build(state, company, places) if places else build(state, company)
    if name == "operate" and step not in ("private", "last_private") and company_turn.may_buy_private(state, company):
        actions = [*actions, *_private_forms(state, company)]
    if name == "operate" and company_turn.may_redeem(state, company):
        actions, quick = [*actions, _redeem_option(state, company)], [*quick, QuickAnswer(
            f"Redeem 1 share (₽{state.majors[company]['price']:,})", {"type": "redeem_shares", "count": 1})]
    entry = company_turn.company_of(state, company)
    context = {"company": company, "step": step, "cash": entry["cash"], "trains": list(entry["trains"])}
    context.update({kind: [asdict(place) for place in found] for kind, found in places.items()})
    if step == "routes":  # the trains that may run, the suggested routes' stops and revenues, for the map
        context["trains"] = company_turn.runnable_trains(state, company)
        context.update(suggestion_context(state, company, quick[0].action["routes"]))
    return Prompt(seat, name, f"{company.upper()} (₽{entry['cash']:,}): {question}", tuple(actions), tuple(quick),
                  context)


def _redeem_option(state: State, company: str) -> ActionOption:
    most = company_turn.redeemable(state, company)
    return ActionOption("redeem_shares", "Redeem shares from the pool", (
        Field("count", "count", "Shares", min=1, max=most, default=1),),
        help="Once a turn, at the current price; the price does not move (rules 12.2, G2).")


def _redeem(state: State, company: str) -> tuple[str, list, list]:
    """12.2: the turn starts with the redeem step (the option itself is added with the others)."""
    option, answer = _pass("Redeem no shares")
    return "redeem shares from the pool first?", [option], [answer]


def _pass(label: str) -> tuple[ActionOption, QuickAnswer]:
    return ActionOption("pass", label), QuickAnswer(label, {"type": "pass"})


def _places(state: State, company: str, step: str) -> dict[str, list]:
    """Every lay or token place on offer, found once: the options and quick answers are made from
    it, and the context carries it whole (with costs) for a page to draw on the map, since the
    quick answers hold only the first few lays and the form's fields hexes and tiles apart."""
    if step == "track":
        lays = legal_lays(state.board, company.upper(), state.phase, company_turn.lays_done(state))
        return {"lays": [lay for lay in distinct_track(lays) if can_pay(state, company, lay.cost)]}
    if step == "token":
        price = company_turn.next_token_price(state, company) or 0
        cash = company_turn.company_of(state, company)["cash"]
        return {"tokens": [place for place in legal_tokens(state.board, company.upper(), price) if place.cost <= cash]}
    return {}


def distinct_track(lays: list[TileLay]) -> list[TileLay]:
    """``lays`` without those that lay the very track of an earlier one: a straight or a symmetric
    tile turned half round is the same lay, and a mail listing both (rotations 1 and 4 of tile 4)
    offered one choice twice, and more choices than the page's picker."""
    seen: set[tuple[str, str, frozenset]] = set()
    kept = []
    for lay in lays:
        same = (lay.hex, lay.tile, turned_keys(lay.tile, lay.rotation))
        if same not in seen:
            seen.add(same)
            kept.append(lay)
    return kept


def nothing_to_lay(state: State, company: str) -> bool:
    """The track step offers nothing but its pass: no legal lay, or none the company can pay for."""
    return not _places(state, company, "track")["lays"]


def _track(state: State, company: str, places: dict[str, list]) -> tuple[str, list, list]:
    affordable = places["lays"]
    actions, quick = [], []
    if affordable:
        hexes = sorted({lay.hex for lay in affordable})
        tiles = sorted({lay.tile for lay in affordable})
        actions.append(ActionOption("lay_tile", "Lay or upgrade a tile", (
            Field("hex", "choice", "Hex", choices=tuple(Choice(h.lower(), h) for h in hexes)),
            Field("tile", "choice", "Tile", choices=tuple(Choice(t, t) for t in tiles)),
            Field("rotation", "number", "Rotation", min=0, max=5, step=1, default=0)),
            help="Two tile actions a turn, the second ₽20 dearer; never two upgrades (rules 12.3)."))
        quick += [QuickAnswer(f"Tile {lay.tile} in {lay.hex}, {turn_words(lay.rotation)}:"
                              f" {edge_words(lay.tile, lay.rotation)}; {_cost_words(state, company, lay.cost)}",
                              {"type": "lay_tile", "hex": lay.hex.lower(), "tile": lay.tile,
                               "rotation": lay.rotation}) for lay in affordable[:QUICK_LAYS]]
    option, answer = _pass("No (more) track")
    if not affordable:  # asked all the same (18xx.games records the pass), so say why nothing is offered
        return "no track to lay (no legal lay it can pay for); go on?", [option], [answer]
    return "lay track?", [*actions, option], [*quick, answer]


def turn_words(rotation: int) -> str:
    """"rotation 2 (120° clockwise)"; "rotation 0 (as printed)": the mail's lay links and the page's
    lay picker say a rotation in the same words."""
    return "rotation 0 (as printed)" if rotation == 0 else f"rotation {rotation} ({60 * rotation}° clockwise)"


def edge_words(tile: str, rotation: int) -> str:
    """"south, north-west, north-east": the edges the tile's track reaches at ``rotation`` (a mail
    shows no map; the page's lay picker says it beside each drawing)."""
    return ", ".join(edge_name(edge) for edge in sorted(DATA.tiles[tile].exits_at(rotation))) or "no edge"


def _cost_words(state: State, company: str, cost: int) -> str:
    """"₽80", or "₽80, takes 2 loans" when cash falls short: loans are taken without asking (G11)."""
    taken = loans_to_pay(state, company, cost)
    return f"₽{cost:,}" + (f", takes {loans.loans_words(taken)}" if taken else "")


def _borrowing(state: State, company: str, cost: int) -> loans.Borrowing | None:
    entry = company_turn.company_of(state, company)
    return loans.borrow_to_cover(company_turn.LOANS, company_turn.kind_of(company), entry["cash"], entry["loans"],
                                 state.loans_in_supply, cost)


def can_pay(state: State, company: str, cost: int) -> bool:
    """Whether the company can pay ``cost`` with its cash and the loans it may still take (G11)."""
    return _borrowing(state, company, cost) is not None


def loans_to_pay(state: State, company: str, cost: int) -> int:
    """The loans the company takes, without asking (G11), to pay ``cost``: 0 when its cash covers it
    (or when it cannot pay at all, which the lays offered never ask)."""
    borrowed = _borrowing(state, company, cost)
    return borrowed.loans_taken if borrowed else 0


def _token(state: State, company: str, places: dict[str, list]) -> tuple[str, list, list]:
    options = places["tokens"]
    actions, quick = [], []
    if options:
        actions.append(ActionOption("place_token", "Place a station token", (
            Field("hex", "choice", "Hex", choices=tuple(Choice(o.hex.lower(), f"{o.hex} (₽{o.cost:,})")
                                                        for o in options)),
            Field("city", "number", "City", min=0, max=max(o.city for o in options), step=1, default=0))))
        quick += [QuickAnswer(f"Token in {o.hex} for ₽{o.cost:,}", {"type": "place_token", "hex": o.hex.lower(),
                                                                   "city": o.city}) for o in options]
    option, answer = _pass("No token")
    return "place a station token?", [*actions, option], [*quick, answer]


def _routes(state: State, company: str) -> tuple[str, list, list]:
    best = company_turn.suggested_routes(state, company)
    revenue = company_turn.check_run(state, company, {"routes": best}).revenue
    # The generic form runs the suggested set, as its button does: routes written stop by stop go
    # through the map's route card (route_stops), and a form posting no routes could only be refused.
    action = ActionOption("run_routes", "Run the suggested routes",
                          help=f"The best routes found earn ₽{revenue:,} (rules 12.5).", fixed={"routes": best})
    return (f"run your trains (best found: ₽{revenue:,})?", [action],
            [QuickAnswer(f"Run the suggested routes (₽{revenue:,})", {"type": "run_routes", "routes": best})])


def _dividend(state: State, company: str) -> tuple[str, list, list]:
    revenue = company_turn.turn(state)["revenue"]
    kinds = [DividendKind.PAYOUT, DividendKind.HALF, DividendKind.WITHHOLD]
    field = Field("kind", "choice", "Dividend", choices=tuple(Choice(k.value, k.value) for k in kinds))
    president = str(company_turn.operator(state, company))
    quick = [QuickAnswer(_dividend_label(company_turn.major_split(state, company, kind), president),
                         {"type": "dividend", "kind": kind.value}) for kind in kinds]
    return f"the trains earned ₽{revenue:,}: pay out, half or withhold?", [
        ActionOption("dividend", "Dividend", (field,))], quick


def _dividend_label(paid: MajorDividend, president: str) -> str:
    """A dividend link that says what each share earns, what the president asked gets and where the
    price goes ("Pay out ₽60 (₽6 a share, ₽18 to you; price to ₽165)")."""
    yours = dict(paid.to_holders).get(president, 0)
    share = f"{per_share_words(paid)}, ₽{yours:,} to you"
    price = f"price to ₽{paid.cell_after.price:,}"
    if paid.kind is DividendKind.PAYOUT:
        return f"Pay out ₽{paid.distributed:,} ({share}; {price})"
    if paid.kind is DividendKind.HALF:
        return f"Pay half: ₽{paid.distributed:,} out ({share}), ₽{paid.withheld:,} kept ({price})"
    return f"Withhold ₽{paid.revenue:,} (₽0 a share; {price})"


def _private(state: State, company: str) -> tuple[str, list, list]:
    option, answer = _pass("Buy no private")
    return "buy a private from a player?", [*_private_forms(state, company), option], [answer]


def _private_forms(state: State, company: str) -> list[ActionOption]:
    """One form per private a player holds, its price field bounded by that private's own face
    value (and the company's cash): one form for all showed the dearest private's range whatever
    private was chosen (a walk)."""
    cash = company_turn.company_of(state, company)["cash"]
    forms = []
    for private in company_turn.players_privates(state):
        face = company_turn.FACE_VALUE[private]
        most = min(face, cash)
        owner = state.players[cast(int, state.privates[private])]  # a seat: players_privates holds players' only
        name = DATA.company("privates", private)["name"]
        forms.append(ActionOption(
            "buy_company", f"Buy {private.upper()} from {owner}",
            (Field("price", "number", "Price", min=1, max=most, step=1, default=1),),
            fixed={"company": private},
            help=f"{name}, face value ₽{face:,}: any price from ₽1 to ₽{most:,}, paid to {owner} (rules 12.1)."))
    return forms


def _discard(state: State, company: str) -> tuple[str, list, list]:
    trains = company_turn.company_of(state, company)["trains"]
    field = Field("train", "choice", "Train", choices=tuple(Choice(t, t) for t in trains))
    quick = [QuickAnswer(f"Discard {t}", {"type": "discard_train", "train": t}) for t in trains]
    return "over the train limit: discard a train (rules 12.9).", [
        ActionOption("discard_train", "Discard a train", (field,))], quick


def _from_other_companies(sellers: list[tuple[str, str]], cash: int) -> list[ActionOption]:
    """One form per selling company, its seller fixed: a form asking the train and the seller
    apart let a player pick one company's train and another company as its seller."""
    by_owner: dict[str, list[str]] = {}
    for train, owner in sellers:
        by_owner.setdefault(owner, []).append(train)
    return [ActionOption("buy_train", f"Buy a train from {owner.upper()}", (
        Field("train", "choice", "Train", choices=tuple(
            Choice(train, f"{owner.upper()}'s {depot_rules.train_type_of(train)}-train") for train in trains)),
        Field("price", "number", "Agreed price", min=1, max=cash, step=1, default=1)),
        fixed={"source": owner},
        help=f"Any price from ₽1 to the company's ₽{cash:,}; {owner.upper()}'s president is asked to accept it"
        " unless that is you. No loan pays for it (rules 12.10).")
        for owner, trains in by_owner.items()]


def _buy_train(state: State, company: str) -> tuple[str, list, list]:
    buyer = company_turn.buyer(state, company)
    actions, quick = [], []
    for train in depot_rules.bank_offer(state.depot, state.phase):
        try:
            purchase = bank_purchase(buyer, train, state.depot, state.phase)
        except IllegalAction:  # not affordable or no room: not offered
            continue
        quick.append(QuickAnswer(f"Buy {depot_rules.a_train(train)} from the bank (₽{purchase.price:,})",
                                 {"type": "buy_train", "train": train, "source": "depot"}))
    if quick:
        trains = tuple(Choice(answer.action["train"], answer.label) for answer in quick)
        actions.append(ActionOption("buy_train", "Buy a train from the bank", (
            Field("train", "choice", "Train", choices=trains),), fixed={"source": "depot"}))
    sellers = _other_trains(state, company)
    if sellers and buyer.cash >= 1 and company_turn.has_room(state, company):
        actions += _from_other_companies(sellers, buyer.cash)
        # One click buys a train for ₽1 only from a company of the same president: from another
        # player's company the price is theirs to agree (12.10), so only the form offers it.
        president = company_turn.operator(state, company)
        own = [(train, owner) for train, owner in sellers if company_turn.operator(state, owner) == president]
        if own:
            train, owner = own[0]
            quick.append(QuickAnswer(f"Buy {owner.upper()}'s {depot_rules.train_type_of(train)}-train for ₽1",
                                     _trade(train, owner)))
    forced = company_turn.forced(state, company)
    if forced:
        return "buy a train (you must: no train)?", actions, quick
    if buyer.trains:
        option, answer = _pass("Buy no (more) trains")
        return "buy a train?", [*actions, option], [*quick, answer]
    # 12.10: not bound to buy (no bank train within reach), but a company ending this step without
    # a train is nationalised; a walk's minor passed on a ₽1 train and lost the company unwarned.
    option, answer = _pass(f"Buy no train: {company.upper()} is nationalised")
    return (f"buy a train? {company.upper()} has none; without one it is nationalised at the end of this step"
            " (rules 12.10)."), [*actions, option], [*quick, answer]
