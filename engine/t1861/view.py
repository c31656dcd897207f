"""What the replay command prints and a seat sees (everything in 1861 is public)."""

from __future__ import annotations

from typing import Any

from engine.t1861 import asking, company_turn, ending, holdings
from engine.t1861.data import DATA
from engine.t1861.depot import next_train
from engine.t1861.market import Cell, CompanyKind, Market
from engine.t1861.prices import market_of
from engine.t1861.scoring import PlayerHoldings, final_standings, final_worth, scoring_prices
from engine.t1861.state import State

PRIVATE_FACE_VALUE = {private["id"].lower(): private["face_value"] for private in DATA.raw["privates"]}


def player_shares(state: State, seat: int) -> dict[str, int]:
    """The contract's ``shares``: percent per company, zeros left out (a minor is 100%)."""
    shares = {major: holdings.percent_of(state, major, seat) for major in state.majors}
    shares.update({minor: 100 for minor, company in state.minors.items()
                   if company["owner"] == seat and company["status"] == "started"})
    return {company: percent for company, percent in shares.items() if percent}


def companies(state: State) -> dict[str, Any]:
    """Every started company: treasury, trains, loans, share price and president (or owner)."""
    found: dict[str, Any] = {}
    for minor, company in state.minors.items():
        if company["status"] == "started":
            found[minor] = {"kind": "minor", "president": company["owner"], "cash": company["cash"],
                            "price": company["price"], "trains": company["trains"], "loans": company["loans"],
                            "tokens": _tokens(state, minor)}
    for major, company in state.majors.items():
        if company["status"] == "started":
            found[major] = {"kind": "major", "president": holdings.president_of(state, major),
                            "cash": company["cash"], "price": company["price"], "trains": company["trains"],
                            "loans": company["loans"], "tokens": _tokens(state, major),
                            "treasury_percent": holdings.percent_of(state, major, "treasury"),
                            "pool_percent": holdings.percent_of(state, major, "pool")}
    return found


def _tokens(state: State, company: str) -> list[str]:
    return sorted(hex_id.lower() for hex_id in state.board.token_hexes(company.upper()))


def rsr(state: State) -> dict[str, Any]:
    """The national (section 6): treasury, trains, loans, tokens on the map, the reserved hexes
    still unused, and during an OR the seat that runs it."""
    operator = company_turn.operator(state, company_turn.RSR_ID) if state.operating is not None else None
    return {"cash": state.rsr["cash"], "trains": list(state.rsr["trains"]), "loans": state.rsr["loans"],
            "tokens": _tokens(state, company_turn.RSR_ID),
            "reserved": sorted(hex_id.lower() for hex_id in state.rsr["reserved"]), "operator": operator}


def standings(state: State) -> list[dict[str, Any]] | None:
    """The contract's final standings (17: final worth, best first), or None while the game runs.

    The one place that turns a finished state into ``scoring.final_standings``.  The loans
    were paid off on the board when the game ended (``ending.finish``), so each company's
    price is already its scoring price.
    """
    if not ending.is_finished(state):
        return None
    return final_standings((_holdings(state, seat) for seat in state.seats), _scoring_prices(state))


def worth(state: State) -> list[int]:
    """Each seat's worth if the game ended now (17's final worth at today's prices, each moved
    one step left per loan owed): the net-worth chart's figure, the score once it has ended."""
    prices = _scoring_prices(state)
    return [final_worth(_holdings(state, seat), prices) for seat in state.seats]


def _scoring_prices(state: State) -> dict[str, int]:
    companies = {**state.minors, **state.majors}
    started = {company: entry for company, entry in companies.items() if entry["status"] == "started"}
    market = market_of(state)
    cells = {company: _cell(market, entry["cell"]) for company, entry in started.items()}
    kinds: dict[str, CompanyKind] = {company: "minor" if company in state.minors else "major" for company in started}
    return scoring_prices(market, cells, kinds, {company: entry["loans"] for company, entry in started.items()})


def _holdings(state: State, seat: int) -> PlayerHoldings:
    return PlayerHoldings(
        seat=seat, name=state.players[seat], cash=state.cash[seat],
        private_face_values=tuple(PRIVATE_FACE_VALUE[private] for private, owner in state.privates.items()
                                  if owner == seat),
        major_percents={major: percent for major in state.majors
                        if (percent := holdings.percent_of(state, major, seat))},
        minors=tuple(minor for minor, entry in state.minors.items()
                     if entry["owner"] == seat and entry["status"] == "started"))


def _cell(market: Market, position: list[int]) -> Cell:
    cell = market.cell(*position)
    assert cell is not None
    return cell


def summary(state: State) -> dict[str, Any]:
    """The replay command's output: the contract's keys, then 1861's own (docs/titles/1861.md)."""
    final = standings(state)
    worths = worth(state)
    return {
        "title": state.title,
        "status": "in_progress" if final is None else "finished",
        "actions_applied": state.actions_applied,
        "waiting_for": [{"seat": asked.seat, "prompt": asked.prompt} for asked in asking.waiting(state)],
        "players": [{"seat": seat, "name": name, "cash": state.cash[seat], "shares": player_shares(state, seat),
                     "privates": sorted(p for p, owner in state.privates.items() if owner == seat),
                     "worth": worths[seat]}
                    for seat, name in enumerate(state.players)],
        "standings": final,
        "bank": state.bank,
        "phase": state.phase,
        "round": state.round,
        "priority": state.priority,
        "companies": companies(state),
        "privates": dict(state.privates),
        "rsr": rsr(state),
        "next_train": next_train(state.depot),
        "end_reason": ending.end_reason(state),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {**summary(state), "board": state.board.to_json(), "you": seat}
