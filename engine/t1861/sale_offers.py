"""A company's offer to buy from another player: a train of a company someone else presides, or
a player's private (Turnpost's option ``sale_consent``, on by default).

The rules let a company buy a train from another company "for any price from ₽1 up to the
buyer's cash, agreed between the presidents" (12.8) and a private from a player for ₽1 up to its
face value (12.1). At a table the price is agreed aloud; 18xx.games takes the buyer's price
without asking, so a president could take a rival's train or private for ₽1. Here the buyer's
``buy_train`` or ``buy_company`` becomes an offer when the seller is another player: it is
checked as if it were made now (an illegal offer is refused at once and asks nobody), and the
seller is asked (``sale_offer``) to accept or decline (``respond_offer`` with ``accept``). An
acceptance makes the purchase as offered; a decline leaves everything as it was and the buyer's
step is asked again. A player absent when asked declines (the prompt's quiet default).

``import-18xx`` turns the option off: its records hold the purchases as made, never an answer.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.prompts import ActionOption, Field, Prompt, QuickAnswer, Waiting
from engine.t1861 import company_turn
from engine.t1861 import depot as depot_rules
from engine.t1861.state import State, copy_state

OPTION = "sale_consent"
PROMPT = "sale_offer"
ANSWER = "respond_offer"
SALES = ("buy_train", "buy_company")


def pending(state: State) -> dict[str, Any] | None:
    """The offer waiting for its seller's answer, if any."""
    return state.operating.get("offer") if state.operating is not None else None


def waiting(state: State) -> Waiting:
    offer = pending(state)
    assert offer is not None
    return Waiting(offer["seller"], PROMPT, (ANSWER,))


def seller_to_ask(state: State, action: dict[str, Any]) -> int | None:
    """The seat whose consent ``action`` (the operating company's) needs, or None when it needs
    none: the option is off, it is not a sale, or the seller is the buyer's own president."""
    if not state.options.get(OPTION, True) or action.get("type") not in SALES:
        return None
    seller = _seller_seat(state, action)
    buyer = company_turn.operator(state, company_turn.turn(state)["company"])
    return None if seller is None or seller == buyer else seller


def _seller_seat(state: State, action: dict[str, Any]) -> int | None:
    if action["type"] == "buy_company":
        owner = state.privates.get(str(action.get("company", "")).lower())
        return owner if isinstance(owner, int) and not isinstance(owner, bool) else None
    source = str(action.get("source", "depot")).lower()
    if source in state.minors or source in state.majors:
        started = company_turn.company_of(state, source)["status"] == "started"
        return company_turn.operator(state, source) if started else None
    return None


def make(state: State, seller: int, action: dict[str, Any]) -> list[Event]:
    """Checks the purchase on a copy (refused in the same words as if it were made now), then
    leaves it waiting for ``seller``."""
    company_turn.act(copy_state(state), action)
    buyer = company_turn.turn(state)["company"]
    offer = {"seller": seller, "action": dict(action), "buyer": buyer}
    company_turn.turn(state)["offer"] = offer
    return [Event(f"{buyer.upper()} offers {state.players[seller]} {_deal_words(state, offer)};"
                  f" {state.players[seller]} is asked to accept or decline.", "sale_offer",
                  {"company": buyer, "seat": seller, "price": action.get("price")})]


def respond(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    """``respond_offer`` from the seller (the core asks no one else): a decline changes nothing
    but the log; an acceptance makes the purchase as it was offered and checked."""
    accept = action.get("accept")
    if not isinstance(accept, bool):
        raise IllegalAction("An answer to an offer needs accept: true or false.")
    offer = company_turn.turn(state).pop("offer")
    words = _deal_words(state, offer)
    if not accept:
        return [Event(f"{state.players[seat]} declines {offer['buyer'].upper()}'s offer of {words}.",
                      "decline_offer", {"company": offer["buyer"], "seat": seat})]
    accepted = Event(f"{state.players[seat]} accepts {offer['buyer'].upper()}'s offer of {words}.",
                     "accept_offer", {"company": offer["buyer"], "seat": seat})
    return [accepted, *company_turn.act(state, offer["action"])]


def prompt(state: State, seat: int) -> Prompt:
    """The seller's yes or no, with both answers as one-click links; absent, they decline."""
    offer = pending(state)
    assert offer is not None
    buyer, words = offer["buyer"].upper(), _deal_words(state, offer)
    president = state.players[company_turn.operator(state, offer["buyer"])]
    question = f"{president}, for {buyer}, offers {words}. Do you accept?"
    keep = _kept_words(offer["action"])
    accept = {"type": ANSWER, "accept": True}
    decline = {"type": ANSWER, "accept": False}
    quick = (QuickAnswer(f"Accept: sell for ₽{offer['action'].get('price'):,}", accept),
             QuickAnswer(f"Decline: {keep}", decline))
    option = ActionOption(ANSWER, "Answer the offer", (Field("accept", "bool", "Sell at this price"),),
                          help="A decline changes nothing; the buyer may make another offer or buy elsewhere.")
    context = {"company": offer["buyer"], "price": offer["action"].get("price"), "default": decline}
    return Prompt(seat, PROMPT, question, (option,), quick, context)


def _deal_words(state: State, offer: dict[str, Any]) -> str:
    action = offer["action"]
    price = f"₽{action.get('price'):,}"
    if action["type"] == "buy_company":
        return f"{price} for the private {str(action.get('company')).upper()}"
    train = depot_rules.train_type_of(str(action.get("train", "")))
    return f"{price} for {str(action.get('source')).upper()}'s {train}-train"


def _kept_words(action: dict[str, Any]) -> str:
    if action["type"] == "buy_company":
        return f"you keep {str(action.get('company')).upper()}"
    return f"{str(action.get('source')).upper()} keeps its train"
