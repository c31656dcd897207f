"""An 18xx.games ``run_routes`` with no routes, recorded where our rules ask for none (23 R1 step 6).

18xx.games offers a company's routes step when its graph finds two stops connected to one of
its tokens (``Graph#route_info``'s ``route_available``), counting stops no route may join, such
as two cities of one hex (Kiev D14, Moscow's 637).  With no legal route there its player can
only submit routes without a train (the oracle's seeds 37, 39, 79, 88: "KB does not run"),
revenue ₽0; its dividend step then has nothing to ask and settles
itself (a withhold of ₽0, the price a step left), recording nothing more.  Our routes step
asks only when a route exists (``route_exists``, exact) and settles the same ₽0 without a
prompt, so the state after that record is ours already: the import records nothing for it,
and Turnpost's own players are never shown a routes prompt with nothing to run.  When the
company is the operating round's last, our round has already moved on to the merger round
by then (the oracle's seeds 116, 169), so such a run is recorded there too; and a minor our
rules nationalised in its turn (unable to pay its loans' interest, 13) still has the empty run
18xx.games asked of it before the nationalisation (seeds 103, 132, 175).
"""

from __future__ import annotations

from typing import Any

from engine.t1861 import company_turn
from engine.t1861.state import State


def is_unasked_empty_run(state: State, recorded: dict[str, Any], asked_types: set[str]) -> bool:
    """Whether ``recorded`` is a run of no routes by a company with a train but no legal route,
    while our rules (waiting for ``asked_types``) ask nobody for routes."""
    if recorded.get("type") != "run_routes" or recorded.get("routes") != [] or "run_routes" in asked_types:
        return False
    if recorded.get("entity_type") != "corporation" or state.round.get("kind") not in ("operating", "merger"):
        return False
    company = str(recorded.get("entity")).lower()
    if company != company_turn.RSR_ID and company not in state.minors and company not in state.majors:
        return False
    entry = company_turn.company_of(state, company)
    if entry.get("status") == "closed":
        return True  # nationalised in its turn already (its loans, 13): 18xx.games still asks its empty run
    return bool(entry["trains"]) and not company_turn.has_a_route(state, company)
