"""The merger round's prompts after the major is named (14.3, R3, 12.9): consent, token
reduction and discards, as data a web form and a mail's one-click links are built from.

``merger_consent`` goes to each owner of a taken minor other than the acting owner at once
(one prompt each); it says what the merger gives them (the major, its price, their shares,
who becomes president) and offers ``consent`` with ``accept`` true or false, both also as
quick answers.  ``remove_token`` offers the tokens R3 allows; ``discard_train`` the merged
major's trains.
"""

from __future__ import annotations

from engine.core.prompts import ActionOption, Choice, Field, Prompt, QuickAnswer
from engine.t1861 import merger_reduction, merger_round, mergers
from engine.t1861.city_choices import city_answers, city_fields
from engine.t1861.state import State


def consent_prompt(state: State, seat: int) -> Prompt:
    """One owner's yes or no to the merger that takes their minors."""
    frame = state.round
    major, merging = frame["major"], sorted(frame["merging"], key=frame["order"].index)
    acting = frame["merging"][0]
    price = mergers.merger_price([state.minors[minor]["price"] for minor in merging])
    owners: list[int] = [state.minors[minor]["owner"] for minor in merging]  # a started minor's owner is a seat
    deal = mergers.exchange(owners)
    theirs = [minor.upper() for minor in merging if state.minors[minor]["owner"] == seat]
    president = ("no one reaches the president's 20% by the exchange alone" if deal.president is None
                 else f"{state.players[deal.president]} presides")
    yours, percent = ", ".join(theirs), deal.percent_of(seat)
    question = (f"{state.players[state.minors[acting]['owner']]} merges {', '.join(m.upper() for m in merging)}"
                f" into {major.upper()} at ₽{price:,}, taking your {yours}: you would receive"
                f" {percent}% of {major.upper()} ({president}). Do you accept?")
    field = Field("accept", "bool", f"Let {yours} merge into {major.upper()}")
    goes = "goes" if len(theirs) == 1 else "go"
    quick = (QuickAnswer(f"Accept: {yours} {goes} into {major.upper()}; you get {percent}% of {major.upper()}",
                         {"type": "consent", "accept": True}),
             QuickAnswer(f"Decline: {yours} stays yours; the merger does not take place"
                         if len(theirs) == 1 else f"Decline: {yours} stay yours; the merger does not take place",
                         {"type": "consent", "accept": False}))
    option = ActionOption("consent", "Answer the merger", (field,),
                          help="A decline stops the merger; the merging player's turn goes on without your minors.")
    context = {"company": major, "minors": merging, "price": price, "percent": deal.percent_of(seat)}
    return Prompt(seat, "merger_consent", question, (option,), quick, context)


def remove_token_prompt(state: State, seat: int) -> Prompt:
    """R3: which of the merged major's tokens leaves the map now."""
    major = state.round["major"]
    places = merger_reduction.choices(state)
    fields = city_fields(places)
    quick = city_answers(places, "Remove the token in", {"type": "remove_token"})
    question = (f"{major.upper()} may keep at most 2 tokens on the map and never two in one hex: remove one"
                " (rules 14.3).")
    return Prompt(seat, "remove_token", question, (ActionOption("remove_token", "Remove a token", fields),), quick,
                  {"company": major, "tokens": [list(place) for place in places]})


def discard_prompt(state: State, seat: int) -> Prompt:
    """12.9: the merged major over its train limit discards a train."""
    company = state.round["discarding"]
    trains = merger_round.discard_choices(state)
    field = Field("train", "choice", "Train", choices=tuple(Choice(train, train) for train in trains))
    quick = tuple(QuickAnswer(f"Discard {train}", {"type": "discard_train", "train": train}) for train in trains)
    question = f"{company.upper()} is over its train limit: discard a train (rules 12.9)."
    return Prompt(seat, "discard_train", question, (ActionOption("discard_train", "Discard a train", (field,)),),
                  quick, {"company": company, "trains": list(trains)})
