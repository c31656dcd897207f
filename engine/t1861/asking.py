"""Who is asked what now: the 1861 prompts as data (names and fields as in docs/titles/1861.md).

Every option offered has a legal answer, and the quick answers are complete legal actions,
so a page form, a mail's one-click links and a random player can be made from a prompt
without 1861-specific code.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.prompts import ActionOption, Choice, Field, Prompt, QuickAnswer, Waiting
from engine.t1861 import (
    company_turn,
    conversion,
    ending,
    merger,
    merger_prompts,
    merger_round,
    merger_shares,
    private_auction,
    rsr_turn,
    sale_offers,
    stock_round,
    trainless,
)
from engine.t1861.city_choices import city_answers, city_fields
from engine.t1861.data import DATA
from engine.t1861.operate_prompt import operate_prompt
from engine.t1861.rsr_prompt import rsr_routes_prompt
from engine.t1861.state import State
from engine.t1861.tokens import home_city_options

# The vocabulary of the parts not built yet (documented; refused in words until built).
LATER_ROUND_TYPES = ("lay_tile", "place_token", "run_routes", "dividend", "buy_train", "discard_train",
                     "buy_company", "redeem_shares", "convert", "merge", "choose_major", "consent",
                     "remove_token", "nationalize", "pass")
MERGER_ACCEPTS = {"merger_turn": ("convert", "merge", "pass"),  # 14.1
                  "choose_major": ("choose_major",), "merger_consent": ("consent",),
                  "remove_token": ("remove_token",), "merger_shares": ("buy_shares", "pass"),
                  "discard_train": ("discard_train",)}

# What each prompt asks, in the words after "asked to" (the refusals read them).
PROMPT_PHRASES: dict[str, str] = {
    "private_auction": "bid for the private on sale or pass",
    "minor_auction": "bid for the minor up for auction or pass",
    "home_city": "choose the home city of the major just parred",
    "stock_turn": "take a stock-round turn",
    "operate": "take the operating company's turn",
    "discard_train": "discard a train over the limit",
    "rsr_routes": "run the RSR's trains",
    sale_offers.PROMPT: "accept or decline an offer for their company's train or private",
    trainless.PROMPT: "decide whether their trainless major is nationalised",
    "merger_turn": "convert or merge their minor or pass",
    "choose_major": "choose the major the merger forms",
    "merger_consent": "accept or decline the merger",
    "remove_token": "remove a token of the new major",
    "merger_shares": "buy shares of the new major or pass",
    "operating_round": "go on with the operating round",
}


def waiting(state: State) -> list[Waiting]:
    """Who is asked now; in the record of a game its players ended by agreement (the option
    ``manual_end``, set only by ``import-18xx``) whoever is asked may also end it (``end_game``)."""
    asked = _asked(state)
    if not state.options.get(ending.MANUAL_END_OPTION):
        return asked
    return [entry._replace(accepts=(*entry.accepts, ending.END_GAME)) for entry in asked]


def _asked(state: State) -> list[Waiting]:
    if ending.is_finished(state):
        return []  # 17: a finished game waits for nobody
    if trainless.pending(state) is not None:  # 23 R4: before any other action
        return [trainless.waiting(state)]
    kind = state.round["kind"]
    if kind == "private_auction":
        assert state.auction is not None
        return [Waiting(state.auction["turn"], "private_auction", ("bid", "pass"))]
    if kind == "stock":
        assert state.stock is not None
        if state.stock["minor_auction"] is not None:
            return [Waiting(state.stock["minor_auction"]["turn"], "minor_auction", ("bid", "pass"))]
        if state.stock["home_city"] is not None:
            return [Waiting(state.stock["turn"], "home_city", ("place_token",))]
        return [Waiting(state.stock["turn"], "stock_turn", ("sell_shares", "buy_shares", "par", "bid", "pass"))]
    if kind == "operating" and rsr_turn.is_waiting(state):
        return [Waiting(company_turn.operator(state, rsr_turn.RSR), "rsr_routes", ("run_routes",))]
    if kind == "operating" and sale_offers.pending(state) is not None:
        return [sale_offers.waiting(state)]  # Turnpost's sale_consent: the seller answers first
    if kind == "operating" and company_turn.is_waiting(state):
        company = company_turn.turn(state)["company"]
        if company_turn.turn(state)["step"] == "discard":
            over = company_turn.over_limit(state) or company
            return [Waiting(company_turn.operator(state, over), "discard_train", ("discard_train",))]
        return [Waiting(company_turn.operator(state, company), "operate", company_turn.accepts(state))]
    if kind == "merger":
        prompt = merger_round.step(state)
        return [Waiting(seat, prompt, MERGER_ACCEPTS[prompt]) for seat in merger_round.seats(state)]
    return [Waiting(state.priority, "operating_round", LATER_ROUND_TYPES)]


def prompts(state: State) -> list[Prompt]:
    """One prompt per seat asked (several only while owners consent to a merger)."""
    if state.round["kind"] == "merger":
        build = {"merger_turn": _merger_turn, "choose_major": _choose_major, "merger_shares": _merger_shares,
                 "merger_consent": merger_prompts.consent_prompt, "remove_token": merger_prompts.remove_token_prompt,
                 "discard_train": merger_prompts.discard_prompt}
    else:
        build = {"private_auction": _private_auction, "minor_auction": _minor_auction, "home_city": _home_city,
                 "stock_turn": _stock_turn, "operate": operate_prompt, "discard_train": operate_prompt,
                 "rsr_routes": rsr_routes_prompt, sale_offers.PROMPT: sale_offers.prompt,
                 "operating_round": _not_built}
    build[trainless.PROMPT] = trainless.prompt  # 23 R4: asked before anything else, in any round
    return [with_quiet_default(build[asked.prompt](state, asked.seat)) for asked in waiting(state)]


def with_quiet_default(prompt: Prompt) -> Prompt:
    """``prompt`` with ``context["default"]``: the answer given for a player who is not there (a move's
    time running out, a resigned seat).  A pass whenever the prompt takes one - no bid, no share
    bought or sold, no track - else its first one-click answer (the suggested routes, the cheapest
    forced train, a payout).  Without it the site would give the first one-click answer, which in
    1861 is often a bid or a sale."""
    if "default" in prompt.context or not prompt.quick:
        return prompt
    quiet = next((answer.action for answer in prompt.quick if answer.action["type"] == "pass"), prompt.quick[0].action)
    return replace(prompt, context={**prompt.context, "default": dict(quiet)})


def _pass(label: str, help_text: str) -> ActionOption:
    return ActionOption("pass", label, help=help_text)


def _price_field(least: int, most: int, label: str) -> Field:
    return Field("price", "number", label, min=least, max=most, step=5, default=least)


def bid_answers(company: str, least: int, most: int, step: int, raises: bool,
                only_least: bool = False) -> list[QuickAnswer]:
    """The auction's one-click bids: the least allowed and one ``step`` more (when affordable), each saying which.

    ``least`` is the opening minimum, or the high bid plus a step once someone bid (``raises``);
    a reduced-price offer (``only_least``) sells at once to the first bid, so only its price is offered.
    """
    first = f"Raise to ₽{least:,} (+₽{step:,})" if raises else f"Bid the minimum, ₽{least:,}"
    answers = [QuickAnswer(first, {"type": "bid", "company": company, "price": least})]
    if not only_least and least + step <= most:
        second = f"Raise to ₽{least + step:,} (+₽{2 * step:,})" if raises else f"Bid ₽{least + step:,} (+₽{step:,})"
        answers.append(QuickAnswer(second, {"type": "bid", "company": company, "price": least + step}))
    return answers


def _private_auction(state: State, seat: int) -> Prompt:
    auction = state.auction
    assert auction is not None
    company = auction["company"]
    actions = []
    quick = []
    bounds = private_auction.bid_range(state, seat)
    if bounds is not None:
        least, most = bounds
        company_field = Field("company", "choice", "Private", choices=(Choice(company, company.upper()),))
        fields = (company_field, _price_field(least, most, "Bid"))
        actions.append(ActionOption("bid", f"Bid for {company.upper()}", fields,
                                    help="In steps of ₽5; a reduced-price offer goes to the first bid."))
        quick += bid_answers(company, least, most, private_auction.STEP, raises=auction["high_bid"] is not None,
                             only_least=bool(auction["drops"]))
    before_bid = auction["high_bid"] is None
    actions.append(_pass("Decline to open" if before_bid else "Pass", "A pass after a bid leaves this private."))
    quick.append(QuickAnswer("Pass", {"type": "pass"}))
    standing = "no bid yet" if before_bid else f"₽{auction['high_bid']:,} by {state.players[auction['high_bidder']]}"
    question = f"{company.upper()} is for sale (minimum ₽{auction['minimum']:,}, {standing}). Bid or pass?"
    if auction["drops"]:
        question = _reduced_offer(auction)
    return Prompt(seat, "private_auction", question, tuple(actions), tuple(quick),
                  {"company": company, "minimum": auction["minimum"], "high_bid": auction["high_bid"]})


def _reduced_offer(auction: dict[str, Any]) -> str:
    """The question of a reduced offer, saying why the price fell and that the first bid buys (9, 23 G1):
    a walk's player shown a minimum below the one the private opened at was not told why."""
    company, drops = auction["company"].upper(), auction["drops"]
    opening = private_auction.PRIVATES[company]["min_bid"]
    times = "once" if drops == 1 else "twice" if drops == 2 else f"{drops} times"
    return (f"{company} is offered at a reduced price: ₽{auction['minimum']:,} (it opened at ₽{opening:,}; every"
            f" player declined it, so it fell ₽{private_auction.DROP:,} {times}). The first bid buys it. Bid or pass?")


def _minor_auction(state: State, seat: int) -> Prompt:
    assert state.stock is not None
    auction = state.stock["minor_auction"]
    company = auction["company"]
    least, most = stock_round.minor_bid_range(state, seat)
    company_field = Field("company", "choice", "Minor", choices=(Choice(company, company.upper()),))
    actions = (ActionOption("bid", f"Raise for {company.upper()}", (company_field, _price_field(least, most, "Bid"))),
               _pass("Pass", "Leaves this minor's auction."))
    quick = (*bid_answers(company, least, most, stock_round.MINOR_STEP, raises=True),
             QuickAnswer("Pass", {"type": "pass"}))
    question = (f"{company.upper()} is up for auction: ₽{auction['high_bid']:,} by "
                f"{state.players[auction['high_bidder']]}. Raise or pass?")
    context = {"company": company, "high_bid": auction["high_bid"]}
    return Prompt(seat, "minor_auction", question, actions, quick, context)


def _home_city(state: State, seat: int) -> Prompt:
    assert state.stock is not None
    major = state.stock["home_city"]
    options = home_city_options(state.board)
    fields = city_fields(options)
    quick = city_answers(options, "Home in", {"type": "place_token"})
    question = f"Choose {major.upper()}'s home: a free city whose track leads nowhere (rules 10.4)."
    return Prompt(seat, "home_city", question, (ActionOption("place_token", "Place the home token", fields),), quick,
                  {"company": major})


def _stock_turn(state: State, seat: int) -> Prompt:
    assert state.stock is not None
    actions: list[ActionOption] = []
    quick: list[QuickAnswer] = []
    sellable = stock_round.sellable(state, seat)
    if sellable:
        choices = tuple(Choice(major, major.upper(), f"up to {most}", limit=most) for major, most in sellable.items())
        actions.append(ActionOption("sell_shares", "Sell shares", (
            Field("company", "choice", "Major", choices=choices),
            Field("count", "count", "Shares", min=1, max=max(sellable.values()), default=1))))
        quick += [QuickAnswer(f"Sell 1 {major.upper()} (₽{state.majors[major]['price']:,})",
                              {"type": "sell_shares", "company": major, "count": 1}) for major in sellable]
    if stock_round.must_sell(state, seat):  # 10.2: selling comes first
        question = f"Stock round {state.round['number']}: you are over a holding limit and must sell first."
        return Prompt(seat, "stock_turn", question, tuple(actions), tuple(quick))
    buyable = stock_round.buyable(state, seat)
    if buyable:
        majors = sorted({major for major, _ in buyable})
        sources = sorted({source for _, source in buyable}, reverse=True)
        actions.append(ActionOption("buy_shares", "Buy a share", (
            Field("company", "choice", "Major", choices=tuple(Choice(m, m.upper(), major_name(m)) for m in majors)),
            Field("source", "choice", "From", choices=tuple(Choice(s, s) for s in sources)))))
        quick += [QuickAnswer(f"Buy {major.upper()} ({source}, ₽{state.majors[major]['price']:,})",
                              {"type": "buy_shares", "company": major, "source": source})
                  for major, source in buyable]
    pars = stock_round.par_prices(state, seat)
    if pars:
        unstarted = [major for major, company in state.majors.items() if company["status"] == "unstarted"]
        actions.append(ActionOption("par", "Start a major", (
            Field("company", "choice", "Major", choices=tuple(Choice(m, m.upper(), major_name(m)) for m in unstarted)),
            Field("price", "choice", "Par price", choices=tuple(Choice(p, f"₽{p:,}") for p in sorted(pars)))),
            help="Pays twice the par price for the 20% president's certificate."))
    minors = stock_round.minors_for_auction(state, seat)
    if minors:
        actions.append(ActionOption("bid", "Put a minor up for auction", (
            Field("company", "choice", "Minor", choices=tuple(Choice(m, m.upper(), minor_words(m)) for m in minors)),
            _price_field(stock_round.MINOR_MINIMUM, state.cash[seat], "Opening bid")),
            help="N is the first minor to start; the others are offered once it has (rules 4)." if minors == ["n"]
            else ""))
        quick += [QuickAnswer(f"Auction {minor.upper()} at ₽{stock_round.MINOR_MINIMUM:,}",
                              {"type": "bid", "company": minor, "price": stock_round.MINOR_MINIMUM})
                  for minor in minors]
    sold = state.stock["turn_sold"]
    actions.append(_pass("End the turn" if sold else "Pass", "Ends your stock turn."))
    quick.append(QuickAnswer("End the turn" if sold else "Pass", {"type": "pass"}))
    question = f"Stock round {state.round['number']}: your turn (₽{state.cash[seat]:,})."
    return Prompt(seat, "stock_turn", question, tuple(actions), tuple(quick))


def minor_words(minor: str) -> str:
    """"Riga-Orel Railway, home Riga (B4)": what a minor's id alone does not tell a player choosing one."""
    entry = DATA.company("minors", minor)
    return f"{entry['name']}, home {entry['home_location']} ({entry['home_hex']})"


def major_name(major: str) -> str:
    """"North Western Railway": the name behind a major's id, as a choice's detail."""
    return DATA.company("majors", major)["name"]


def _merger_turn(state: State, seat: int) -> Prompt:
    """14.1-14.3: the minor's owner may merge (connected minors), convert (in the convert range)
    or pass; once a merger has begun, add another minor or complete it."""
    minor = merger_round.minor(state)
    actions, quick = [], []
    partners = merger.addable(state, minor)
    if partners:
        field = Field("minor", "choice", "Minor",
                      choices=tuple(Choice(m, m.upper(), _consent_detail(state, minor, m)) for m in partners))
        actions.append(ActionOption("merge", "Add a connected minor to the merger", (field,)))
        quick += [QuickAnswer(f"Merge {m.upper()}", {"type": "merge", "minor": m}) for m in partners]
    if state.round.get("merging"):
        actions.append(_pass("Complete the merger", "Then choose the major it forms."))
        quick.append(QuickAnswer("Complete the merger", {"type": "pass"}))
        question = f"{minor.upper()}'s merger: {', '.join(m.upper() for m in state.round['merging'])}. Add or complete?"
        return Prompt(seat, "merger_turn", question, tuple(actions), tuple(quick), {"company": minor})
    if conversion.can_convert_now(state, minor):
        price = conversion.major_price(state, minor)
        actions.append(ActionOption("convert", f"Convert {minor.upper()} into a major",
                                    help=f"The major starts at ₽{price:,}; you receive its president's certificate."))
        quick.append(QuickAnswer(f"Convert (₽{price:,})", {"type": "convert"}))
    actions.append(_pass("Pass", f"{minor.upper()} stays a minor this merger round."))
    quick.append(QuickAnswer("Pass", {"type": "pass"}))
    question = (f"Merger round {state.round['number']}.{state.round['after_operating_round']}: {minor.upper()}'s"
                f" turn (₽{state.minors[minor]['price']:,}). Convert, merge or pass?")
    return Prompt(seat, "merger_turn", question, tuple(actions), tuple(quick), {"company": minor})


def _consent_detail(state: State, acting: str, partner: str) -> str:
    """Turnpost's merger_consent: says whose consent taking ``partner`` will ask for."""
    owner = state.minors[partner]["owner"]
    if not state.options.get("merger_consent", True) or owner == state.minors[acting]["owner"]:
        return ""
    return f"{state.players[owner]}'s minor: they are asked to consent once the major is chosen"


def _choose_major(state: State, seat: int) -> Prompt:
    """14.2: which unstarted major the converting minor becomes."""
    minor = merger_round.minor(state)
    majors = conversion.unstarted_majors(state)
    field = Field("major", "choice", "Major", choices=tuple(Choice(m, m.upper(), major_name(m)) for m in majors))
    quick = tuple(QuickAnswer(f"Become {m.upper()}", {"type": "choose_major", "major": m}) for m in majors)
    return Prompt(seat, "choose_major", f"Which major does {minor.upper()} become?",
                  (ActionOption("choose_major", "Choose the major", (field,)),), quick, {"company": minor})


def _merger_shares(state: State, seat: int) -> Prompt:
    """14.2, R7: buy a 10% share of the new major from its treasury, or pass."""
    major = merger_shares.major(state)
    price = state.majors[major]["price"]
    buy = {"type": "buy_shares", "company": major, "source": "treasury"}
    fields = (Field("company", "choice", "Major", choices=(Choice(major, major.upper()),)),
              Field("source", "choice", "From", choices=(Choice("treasury", "treasury"),)))
    actions = (ActionOption("buy_shares", f"Buy a {major.upper()} share (₽{price:,})", fields),
               _pass("Pass", "Buys no more shares of the new major."))
    quick = (QuickAnswer(f"Buy {major.upper()} (treasury, ₽{price:,})", buy), QuickAnswer("Pass", {"type": "pass"}))
    question = (f"{major.upper()} sells shares from its treasury at ₽{price:,} (you have ₽{state.cash[seat]:,})."
                f" {merger_shares.situation(state, seat)}")
    return Prompt(seat, "merger_shares", question, actions, quick, {"company": major})


def _not_built(state: State, seat: int) -> Prompt:
    return Prompt(seat, waiting(state)[0].prompt, "This part of the game is not available in Turnpost's 1861 yet.", ())
