"""The ``rsr_routes`` prompt: the RSR's operator enters its routes (sections 6, 12.6).

The only thing the operator does in the RSR's turn.  The optimiser's best set is the
suggested one-click answer; any legal set of routes for the RSR's trains is accepted.
"""

from __future__ import annotations

from engine.core.prompts import ActionOption, Prompt, QuickAnswer
from engine.t1861 import company_turn
from engine.t1861.route_preview import suggestion_context
from engine.t1861.rsr_turn import RSR
from engine.t1861.state import State


def rsr_routes_prompt(state: State, seat: int) -> Prompt:
    best = company_turn.suggested_routes(state, RSR)
    revenue = company_turn.check_run(state, RSR, {"routes": best}).revenue
    action = ActionOption("run_routes", "Run the RSR's trains on the suggested routes",
                          help=f"The best routes found earn ₽{revenue:,}, all to the RSR's treasury; the bonuses of"
                               " privates it owns count (rules 6, 12.6).", fixed={"routes": best})
    quick = QuickAnswer(f"Run the suggested routes (₽{revenue:,})", {"type": "run_routes", "routes": best})
    rsr = state.rsr
    runnable = company_turn.runnable_trains(state, RSR)  # not a train that ran this OR for another company
    context = {"company": RSR, "step": "rsr_routes", "cash": rsr["cash"], "trains": runnable,
               **suggestion_context(state, RSR, best)}
    question = (f"RSR (₽{rsr['cash']:,}): you run the RSR this round (priority deal); enter its routes"
                f" (best found: ₽{revenue:,}).")
    return Prompt(seat, "rsr_routes", question, (action,), (quick,), context)
