"""The merger round's frame (section 14.1): which minors get a turn, in what order, and its end.

In phases 3-7 a merger round follows each operating round.  Every floated minor gets one
turn, in operating order (7.4, highest price first), fixed when the round begins; a minor
that merged away or closed since then is skipped.  On its turn the minor's owner may convert
(14.2), merge (14.3) or pass.  Conversions and mergers are not built yet: they are refused in
words and not offered, so a game can only pass here for now.  When the last minor has had its
turn the round ends and :func:`operating_round.after_merger_round` decides what follows.

State (inside ``state.round`` while ``kind`` is ``"merger"``): ``order`` (minor ids),
``index`` (the minor whose turn it is) and ``after_operating_round`` (the OR it follows).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import operating_round
from engine.t1861.state import State

NOT_BUILT = "Conversions and mergers (sections 14.2-14.3) are not built yet in Turnpost's 1861; only pass is possible."


def begin(state: State, finished: int) -> list[Event]:
    """14.1: the round after OR ``finished``; every floated minor, in operating order."""
    minors = [company for company in operating_round.order_now(state) if company in state.minors]
    number = state.round["number"]
    state.round = {"kind": "merger", "number": number, "after_operating_round": finished,
                   "order": minors, "index": -1}
    names = ", ".join(minor.upper() for minor in minors) or "no minor takes part"
    events = [Event(f"Merger round {number}.{finished}: {names}.", "merger_round", {"order": minors})]
    return events + _next_minor(state)


def minor(state: State) -> str:
    """The minor whose merger-round turn it is."""
    return state.round["order"][state.round["index"]]


def seat(state: State) -> int:
    """Who answers the ``merger_turn`` prompt: the owner of the minor whose turn it is."""
    owner: int = state.minors[minor(state)]["owner"]
    return owner


def act(state: State, action_type: str) -> list[Event]:
    """One ``merger_turn`` answer; only ``pass`` is built (14.1)."""
    if action_type != "pass":
        raise IllegalAction(NOT_BUILT)
    passing = minor(state)
    events = [Event(f"{passing.upper()} passes in the merger round.", "merger_pass", {"minor": passing})]
    return events + _next_minor(state)


def _next_minor(state: State) -> list[Event]:
    """The next minor still in play, or the round's end (then the next OR or stock round)."""
    merger = state.round
    while merger["index"] + 1 < len(merger["order"]):
        merger["index"] += 1
        if state.minors[merger["order"][merger["index"]]]["status"] == "started":
            return []
    finished = merger["after_operating_round"]
    end = Event(f"Merger round {merger['number']}.{finished} ends.", "merger_round_end")
    return [end, *operating_round.after_merger_round(state, finished)]
