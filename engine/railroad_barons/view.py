"""What players see (everything is public), the replay summary, and the final standings (D-20)."""

from __future__ import annotations

from typing import Any

from engine.core.ranking import competition_standings
from engine.railroad_barons import asking, market, names, railroads, shares, tables
from engine.railroad_barons.company import BANK, Company
from engine.railroad_barons.state import FINISHED, State


def worth(state: State, seat: int) -> int:
    """Cash plus every share at its current price; investors, treasuries and railroads count nothing (D-20)."""
    held = sum(
        shares.percent_held(company, seat) // tables.SHARE_UNIT * market.price(company)
        for company in state.companies.values()
        if company.started
    )
    return state.cash[seat] + held


def standings(state: State) -> list[dict[str, Any]] | None:
    """Best first with competition places, or None while the game runs."""
    if state.phase != FINISHED:
        return None
    entries = [
        {"seat": seat, "name": name, "score": worth(state, seat), "cash": state.cash[seat]}
        for seat, name in enumerate(state.players)
    ]
    return competition_standings(entries)


def waiting_for(state: State) -> list[dict[str, Any]]:
    seat = asking.asked_seat(state)
    return [] if seat is None else [{"seat": seat, "prompt": state.phase}]


def certificate_owners(company: Company) -> dict[str, int | str]:
    """Certificate size -> owning seat, or "bank"."""
    return {
        str(size): "bank" if owner is BANK else owner
        for size, owner in zip(shares.SIZES, company.owners, strict=True)
    }


def holding_summary(company: Company) -> dict[str, Any]:
    return {
        "started": company.started,
        "floated": company.floated,
        "par": company.par,
        "price": market.price(company) if company.started else None,
        "director": company.director,
        "cash": company.cash,
        "railroads": dict(company.railroads),
        "certificates": certificate_owners(company),
    }


def summary(state: State) -> dict[str, Any]:
    """The replay command's output (record contract, Railroad Barons section)."""
    return {
        "title": state.title,
        "status": "finished" if state.phase == FINISHED else "in_progress",
        "actions_applied": state.actions_applied,
        "waiting_for": waiting_for(state),
        "players": [
            {"seat": seat, "name": name, "cash": state.cash[seat], "shares": shares.shares_of(state, seat),
             "investors": investors_held(state, seat)}
            for seat, name in enumerate(state.players)
        ],
        "standings": standings(state),
        "holdings": {key: holding_summary(company) for key, company in state.companies.items()},
        "pile": list(state.pile),
        "obsolete_levels": sorted(state.obsolete_levels),
        "round": names.round_label(state.set_number, state.or_number),
        "end_reason": state.end_reason,
    }


def investors_held(state: State, seat: int) -> list[str]:
    """The seat's investor ids in the table's order (cheapest first), whatever order they came in."""
    return [spec.id for spec in tables.INVESTORS if spec.id in state.investors[seat]]


def railroad_view(railroad_id: str, side: str) -> dict[str, Any]:
    face = railroads.face(railroad_id, side)
    return {"id": railroad_id, "name": tables.RAILROADS[railroad_id].name, "category": face.category, "side": side,
            "level": face.level, "cost": face.cost, "income": face.income}


def holding_view(state: State, company: Company) -> dict[str, Any]:
    spec = tables.HOLDING_BY_ID[company.id]
    return {
        "id": company.id,
        "name": spec.name,
        "short_name": spec.short,
        "colour": spec.colour,
        "started": company.started,
        "floated": company.floated,
        "par": company.par,
        "price": market.price(company) if company.started else None,
        "director": company.director,
        "director_name": None if company.director is None else state.players[company.director],
        "cash": company.cash,
        "income": railroads.income(company),
        "tokens": spec.tokens,
        "free_tokens": railroads.free_tokens(company),
        "railroads": [railroad_view(railroad_id, side) for railroad_id, side in company.railroads.items()],
        "certificates": [
            {"percent": size, "owner": owner, "owner_name": "bank" if owner is BANK else state.players[owner]}
            for size, owner in zip(shares.SIZES, company.owners, strict=True)
        ],
        "player_percent": 100 - shares.percent_held(company, BANK),
    }


def pile_view(state: State) -> dict[str, Any]:
    top = railroads.top_card(state)
    top_view = None
    if top is not None:
        card = tables.RAILROADS[top]
        live = railroads.live_sides(state, top)
        top_view = {"id": top, "name": card.name, "category": card.category,
                    "sides": [{**railroad_view(top, side), "available": side in live} for side in card.sides]}
    return {"count": len(state.pile), "ids": list(state.pile), "top": top_view}


def track_view(state: State) -> list[dict[str, Any]]:
    return [
        {"price": price, "par": price in tables.PAR_VALUES,
         "holdings": [key for key, company in state.companies.items() if company.price_index == index]}
        for index, price in enumerate(tables.SHARE_TRACK)
    ]


def player_view(state: State, seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": state.players[seat],
        "cash": state.cash[seat],
        "shares": shares.shares_of(state, seat),
        "certificates": [
            {"holding": key, "percent": size}
            for key, company in state.companies.items()
            for size in shares.sizes_held(company, seat)
        ],
        "certificate_count": shares.certificate_count(state, seat),
        "certificate_limit": tables.CERTIFICATE_LIMIT,
        "investors": [
            {"id": card, "value": tables.INVESTOR_BY_ID[card].value, "ability": tables.INVESTOR_BY_ID[card].text}
            for card in investors_held(state, seat)
        ],
        "priority": state.priority == seat,
        "worth": worth(state, seat),
    }


def round_view(state: State) -> dict[str, Any]:
    """Details of the round in progress: the draft offer, the stock turn, or the operating holding."""
    stock = state.stock
    return {
        "label": names.round_label(state.set_number, state.or_number),
        "set": state.set_number,
        "operating_round": state.or_number or None,
        "draft": {"slot": state.draft.slot + 1, "left": list(state.draft.left), "investor": state.draft.investor,
                  "value": state.draft.value} if state.set_number == 0 else None,
        "stock": {"turn": stock.turn, "passes": stock.passes, "sold_this_round": [list(s) for s in stock.sold],
                  "sold_this_turn": dict(stock.turn_prices)} if state.set_number and not state.or_number else None,
        "operating": {"holding": state.turn.company, "income": state.turn.income, "bought": state.turn.bought,
                      "declined": list(state.turn.declined), "offer_railroad": state.turn.offer_railroad,
                      "offer_price": state.turn.offer_price} if state.turn.company else None,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything is public in this title; ``seat`` only marks who is looking."""
    return {
        "title": state.title,
        "you": seat,
        "status": "finished" if state.phase == FINISHED else "in_progress",
        "phase": state.phase,
        "round": round_view(state),
        "waiting_for": [{**entry, "name": state.players[entry["seat"]]} for entry in waiting_for(state)],
        "priority": state.priority,
        "players": [player_view(state, player) for player in range(len(state.players))],
        "holdings": [holding_view(state, company) for company in state.companies.values()],
        "pile": pile_view(state),
        "track": track_view(state),
        "obsolete_levels": sorted(state.obsolete_levels),
        "removed_railroads": list(state.removed),
        "end_trigger": state.end_trigger,
        "end_after_set": state.end_after_set,
        "end_reason": state.end_reason,
        "standings": standings(state),
    }
