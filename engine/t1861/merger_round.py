"""The merger round's frame (section 14.1): which minors get a turn, in what order, and its end.

In phases 3-7 a merger round follows each operating round.  Every floated minor gets one
turn, in operating order (7.4, highest price first), fixed when the round begins; a minor
that merged away or closed since then is skipped.  On its turn the minor's owner may convert
(14.2: ``convert``, then ``choose_major``, then the share buying of ``merger_shares``),
merge (14.3: ``merge`` adds minors, ``pass`` or R2 closes, ``choose_major``; ``merger``) or
pass.
When the last minor has had its turn the round marks itself ``over``; ``engine.t1861.flow``
then calls ``operating_round.after_merger_round``, which decides what follows.

State (inside ``state.round`` while ``kind`` is ``"merger"``): ``order`` (minor ids),
``index`` (the minor whose turn it is), ``step`` (``"turn"``, ``"choose_major"`` or
``"shares"``), ``merging`` (the minors of a merger being formed), ``shares``
(``merger_shares``), ``after_operating_round`` (the OR it follows) and ``over``.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import conversion, merger, merger_shares
from engine.t1861.state import State


def begin(state: State, finished: int, minors: list[str]) -> list[Event]:
    """14.1: the round after OR ``finished``; ``minors`` are the floated minors in operating order."""
    number = state.round["number"]
    state.round = {"kind": "merger", "number": number, "after_operating_round": finished,
                   "order": minors, "index": -1, "step": "turn", "shares": None, "merging": []}
    names = ", ".join(minor.upper() for minor in minors) or "no minor takes part"
    events = [Event(f"Merger round {number}.{finished}: {names}.", "merger_round", {"order": minors})]
    return events + _next_minor(state)


def minor(state: State) -> str:
    """The minor whose merger-round turn it is."""
    return state.round["order"][state.round["index"]]


def step(state: State) -> str:
    """Which prompt the round asks now: ``merger_turn``, ``choose_major`` or ``merger_shares``."""
    return {"turn": "merger_turn", "choose_major": "choose_major", "shares": "merger_shares"}[state.round["step"]]


def seat(state: State) -> int:
    """Who is asked: the buyer during share buying, else the owner of the minor whose turn it is."""
    if state.round["step"] == "shares":
        return merger_shares.buyer(state)
    owner: int = state.minors[minor(state)]["owner"]
    return owner


def act(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    """One answer to the round's prompt (14.1-14.2)."""
    kind = action["type"]
    if state.round["step"] == "shares":
        if kind == "buy_shares":
            events = merger_shares.buy(state, seat, action.get("company"), action.get("source"))
        else:
            events = merger_shares.pass_turn(state, seat)
        return events + (_next_minor(state) if merger_shares.finished(state) else [])
    if state.round["step"] == "choose_major":
        return _choose_major(state, action.get("major"))
    if kind == "merge":
        return merger.add(state, minor(state), action.get("minor"))
    if state.round.get("merging"):
        if kind == "pass":
            return merger.close(state)
        raise IllegalAction("A merger has begun: add another minor or pass to complete it.")
    if kind == "convert":
        conversion.check_convertible(state, minor(state))
        state.round["step"] = "choose_major"
        return [Event(f"{minor(state).upper()} converts into a major.", "convert", {"minor": minor(state)})]
    passing = minor(state)
    events = [Event(f"{passing.upper()} passes in the merger round.", "merger_pass", {"minor": passing})]
    return events + _next_minor(state)


def _choose_major(state: State, named: Any) -> list[Event]:
    major = conversion.check_major(state, named)
    if state.round.get("merging"):
        events = merger.form(state, major)
        return events + (_next_minor(state) if merger_shares.finished(state) else [])
    owner = seat(state)
    events = conversion.convert(state, minor(state), major)
    merger_shares.begin_after_conversion(state, major, owner)
    return events + (_next_minor(state) if merger_shares.finished(state) else [])


def _next_minor(state: State) -> list[Event]:
    """The next minor still in play, or the round's end (then the next OR or stock round)."""
    frame = state.round
    frame.update(step="turn", shares=None, merging=[])
    while frame["index"] + 1 < len(frame["order"]):
        frame["index"] += 1
        if state.minors[frame["order"][frame["index"]]]["status"] == "started":
            return []
    frame["over"] = True  # flow starts what follows: the next OR or the stock round
    finished = frame["after_operating_round"]
    return [Event(f"Merger round {frame['number']}.{finished} ends.", "merger_round_end")]
