"""The merger round's frame (section 14.1): which minors get a turn, in what order, and its end.

In phases 3-7 a merger round follows each operating round.  Every floated minor gets one
turn, in operating order (7.4, highest price first), fixed when the round begins; a minor
that merged away or closed since then is skipped.  On its turn the minor's owner may convert
(14.2: ``convert``, then ``choose_major``, then the share buying of ``merger_shares``),
merge (14.3: ``merge`` adds minors, ``pass`` or R2 closes, ``choose_major``, the other
owners' ``consent``, ``remove_token`` when the major holds too many tokens, the share buying,
``discard_train`` when it holds too many trains; ``merger``) or pass.
When the last minor has had its turn the round marks itself ``over``; ``engine.t1861.flow``
then calls ``operating_round.after_merger_round``, which decides what follows.

State (inside ``state.round`` while ``kind`` is ``"merger"``): ``order`` (minor ids),
``index`` (the minor whose turn it is), ``step`` (``"turn"``, ``"choose_major"``,
``"consent"``, ``"remove_token"``, ``"shares"`` or ``"discard"``: ``PROMPTS`` names each
one's prompt), ``merging`` (the minors of a merger being formed), ``refused`` (minors not
offered again this turn, ``merger``), ``major``, ``consent`` (seats still to answer),
``before_merger`` (the snapshot a failed merger is undone from), ``charter``
(``merger_reduction``), ``shares`` (``merger_shares``), ``discarding`` (a merged major over
its train limit, 12.9), ``after_operating_round`` (the OR it follows) and ``over``.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import conversion, holdings, merger, merger_reduction, merger_shares, train_limits
from engine.t1861 import depot as depot_rules
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


PROMPTS = {"turn": "merger_turn", "choose_major": "choose_major", "consent": "merger_consent",
           "remove_token": "remove_token", "shares": "merger_shares", "discard": "discard_train"}


def step(state: State) -> str:
    """Which prompt the round asks now (``PROMPTS``)."""
    return PROMPTS[state.round["step"]]


def seats(state: State) -> list[int]:
    """Who is asked: every owner still to consent (each their own prompt), else one seat."""
    if state.round["step"] == "consent":
        return list(state.round["consent"])
    return [seat(state)]


def seat(state: State) -> int:
    """The one seat asked outside consent: the buyer during share buying, the president
    removing tokens or discarding, else the owner of the minor whose turn it is."""
    frame_step = state.round["step"]
    if frame_step == "shares":
        return merger_shares.buyer(state)
    if frame_step == "remove_token":
        return merger_reduction.chooser(state)
    if frame_step == "discard":
        president = holdings.president_of(state, state.round["discarding"])
        assert president is not None
        return president
    owner: int = state.minors[minor(state)]["owner"]
    return owner


def answers_in_place(state: State, action: dict[str, Any]) -> bool:
    """Whether ``act`` refuses ``action`` before its first change, so it needs no copy of the state:
    - a minor's pass at its turn with no merger under way (14.1), which only moves the round on
      (``_next_minor``, which refuses nothing);
    - any answer while shares are sold (14.2, R7): a purchase refuses at once (another company's
      share, or one the player may not buy: ``merger_shares.buy``) and a pass refuses nothing,
      and what follows either - the queue, the presidency swap, a failed merger put back, the
      next minor - refuses nothing (issue 13: the most frequent of the round's answers)."""
    step = state.round["step"]
    if step == "shares":
        return True
    return action.get("type") == "pass" and step == "turn" and not state.round.get("merging")


def act(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    """One answer to the round's prompt (14.1-14.3)."""
    kind = action["type"]
    frame_step = state.round["step"]
    if frame_step == "shares":
        if kind == "buy_shares":
            events = merger_shares.buy(state, seat, action.get("company"), action.get("source"))
        else:
            events = merger_shares.pass_turn(state, seat)
        return events + _after_shares(state)
    if frame_step == "choose_major":
        return _choose_major(state, action.get("major"))
    if frame_step == "consent":
        return merger.consent(state, seat, action.get("accept")) + _after_forming(state)
    if frame_step == "remove_token":
        events = merger_reduction.remove(state, action.get("hex"), action.get("city"))
        if not merger_reduction.pending(state):
            merger.after_reduction(state)
        return events + _after_forming(state)
    if frame_step == "discard":
        return _discard(state, action.get("train"))
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
        return merger.choose(state, major) + _after_forming(state)
    owner = seat(state)
    events = conversion.convert(state, minor(state), major)
    merger_shares.begin_after_conversion(state, major, owner)
    return events + _after_shares(state)


def _after_forming(state: State) -> list[Event]:
    """Once the major formed and its tokens are within limits, the share buying may already be over."""
    return _after_shares(state) if state.round["step"] == "shares" else []


def _after_shares(state: State) -> list[Event]:
    """The share buying is over: a failed merger is undone; a major over its train limit
    discards (12.9); then the next minor."""
    if not merger_shares.finished(state):
        return []
    if merger_shares.failed(state):
        return merger.undo_failed(state)
    company = merger_shares.major(state)
    if train_limits.excess("major", state.phase, state.majors[company]["trains"]):
        state.round.update(step="discard", discarding=company)
        return [Event(f"{company.upper()} holds more trains than its limit and must discard (rules 12.9).",
                      "must_discard", {"company": company})]
    return _next_minor(state)


def discard_choices(state: State) -> tuple[str, ...]:
    """The trains the merged major may discard now (12.9)."""
    company = state.round["discarding"]
    return train_limits.discard_choices("major", state.phase, state.majors[company]["trains"])


def _discard(state: State, train: Any) -> list[Event]:
    """12.9: one train to the open market; the next minor once the major is within its limit."""
    company = state.round["discarding"]
    entry = state.majors[company]
    if train not in entry["trains"]:
        raise IllegalAction(f"{company.upper()} has no train {train} to discard (rules 12.9).")
    entry["trains"].remove(train)
    state.depot = depot_rules.discard(state.depot, train)
    events = [Event(f"{company.upper()} discards its {train} train.", "discard_train", {"company": company})]
    if train_limits.excess("major", state.phase, entry["trains"]):
        return events
    state.round.pop("discarding")
    return events + _next_minor(state)


def _next_minor(state: State) -> list[Event]:
    """The next minor still in play, or the round's end (then the next OR or stock round)."""
    frame = state.round
    frame.update(step="turn", shares=None, merging=[], refused=[])
    for key in ("major", "before_merger", "shares_owners", "acting_owner"):
        frame.pop(key, None)
    while frame["index"] + 1 < len(frame["order"]):
        frame["index"] += 1
        if state.minors[frame["order"][frame["index"]]]["status"] == "started":
            return []
    frame["over"] = True  # flow starts what follows: the next OR or the stock round
    finished = frame["after_operating_round"]
    return [Event(f"Merger round {frame['number']}.{finished} ends.", "merger_round_end")]
