"""Trains the RSR bought without a recorded action, placed back into the action stream.

The RSR buys its trains automatically at the end of its turn (rules section 6) and
18xx.games records no action for it.  Yet such a purchase can start a phase (in 29683 the
RSR buys the first 8-train) and the RSR later runs those trains.  The record still shows
them: the bank sells trains strictly in order (section 16), so a copy nobody bought before a
later copy was sold, or a train the RSR runs that nobody bought, went to the RSR.

Walk helper (part 2 replaces it with the RSR's real buying): each such train is put right
after the RSR's last ``run_routes`` before the first evidence of it, or just before that
evidence when the RSR has not run since the previous train was sold.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.t1861.depot import new_depot, next_train, sell, train_type_of
from engine.t1861.export import Action
from engine.t1861.walk_facts import RSR, WalkFacts


def rsr_purchases(actions: Sequence[Action], facts: WalkFacts) -> dict[int, list[str]]:
    """Position in ``actions`` -> trains the RSR bought just before that action."""
    bought_at = _explicit_purchases(actions)
    run_at = _first_rsr_runs(actions)
    rsr_runs = [i for i, action in enumerate(actions) if action["type"] == "run_routes" and action["entity"] == RSR]
    purchases: dict[int, list[str]] = {}
    for stream in _depot_streams(facts):
        previous_sale = -1
        for position, train in enumerate(stream):
            evidence = _first_evidence(train, stream[position + 1 :], bought_at, run_at, facts)
            if train in bought_at:
                previous_sale = bought_at[train]
                continue
            if evidence is None:
                break
            runs = [i for i in rsr_runs if previous_sale < i < evidence]
            before = runs[-1] + 1 if runs else evidence
            purchases.setdefault(before, []).append(train)
            previous_sale = before
    return purchases


def _first_evidence(
    train: str, later: list[str], bought_at: dict[str, int], run_at: dict[str, int], facts: WalkFacts
) -> int | None:
    """The first position that shows ``train`` was sold: a later copy sold, the RSR running
    it, or a train on sale only from the phase it starts being bought."""
    seen = [bought_at[t] for t in later if t in bought_at]
    if train in run_at:
        seen.append(run_at[train])
    starts = facts.phase_started_by.get(train_type_of(train)) if train.endswith("-0") else None
    if starts:
        gated = {t.name for t in facts.trains if t.available_from_phase == starts}
        seen += [i for t, i in bought_at.items() if train_type_of(t) in gated]
    return min(seen, default=None)


def _depot_streams(facts: WalkFacts) -> list[list[str]]:
    """The depot's fixed line (``depot.next_train``, the unlimited 8 cut at the walk's copies),
    then each side type sold beside it from its phase."""
    depot = new_depot()
    line: list[str] = []
    while (train := next_train(depot)) is not None and len(line) < _line_length(facts):
        line.append(train)
        depot = sell(depot, train, "2")
    side = [[f"{t.name}-{copy}" for copy in range(t.copies)] for t in facts.trains if t.available_from_phase]
    return [line, *side]


def _line_length(facts: WalkFacts) -> int:
    return sum(t.copies for t in facts.trains if not t.available_from_phase)


def _explicit_purchases(actions: Sequence[Action]) -> dict[str, int]:
    """Train id -> position of its first recorded purchase (from the bank)."""
    first: dict[str, int] = {}
    for index, action in enumerate(actions):
        if action["type"] == "buy_train":
            first.setdefault(action["train"], index)
    return first


def _first_rsr_runs(actions: Sequence[Action]) -> dict[str, int]:
    """Train id -> position of the first RSR ``run_routes`` that ran it."""
    first: dict[str, int] = {}
    for index, action in enumerate(actions):
        if action["type"] == "run_routes" and action["entity"] == RSR:
            for route in action.get("routes") or ():
                first.setdefault(route["train"], index)
    return first
