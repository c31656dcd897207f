"""1861's route editor: run edited routes through the one move path, and preview them without acting.

``run_edited`` reads the editor's form (each train's stops), asks the engine to find the
track between the stops and judge the set (``engine.t1861.route_preview``), and sends the
resulting ``run_routes`` answer through ``games.views.answer_move``, the same path as every
prompt form.  A refusal shows the game page with the engine's words and the refused route
marked on the map; nothing changes in the game.

``preview`` answers the page's script with what an edited set would earn, or why the rules
refuse it, and the overlay drawn for it: a POST (so Django's CSRF check guards it), only for
the seat whose prompt waits at a routes step, never changing anything, never a 500.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_POST

from engine.core import Prompt
from games import queries, views
from games.prompt_forms import FormProblem
from games.titles.t1861.route_layer import drawn_routes, layer_svg
from games.titles.t1861.route_page import is_route_prompt, preview_post, trains_of

NOT_ASKED = "Your prompt does not wait for routes now."


@require_POST
def run_edited(request: HttpRequest, game_id: int) -> HttpResponse:
    """The editor's routes as the move; refused in the engine's words when they are not legal."""
    context = queries.game_context(game_id, request.user)  # Http404 when there is no such game
    if not context.game.has_started:
        return views.answer_move(request, game_id, _not_routes)
    position = queries.position_for(context)
    expected = request.POST.get("expected_version", "")
    if not is_route_prompt(position.prompt) or expected != str(position.version):
        return views.answer_move(request, game_id, _not_routes)  # the move path says why (moved on, not yours)
    preview = preview_post(queries.current_state(context.game), position.prompt, request.POST)
    if not preview.legal:
        return views.refused_move(request, game_id, preview.error, 400)

    def read_answer(prompt: Prompt) -> dict[str, Any]:
        if not is_route_prompt(prompt):
            raise FormProblem(NOT_ASKED)
        return preview.action

    return views.answer_move(request, game_id, read_answer)


def _not_routes(prompt: Prompt) -> dict[str, Any]:
    raise FormProblem(NOT_ASKED)


@require_POST
def preview(request: HttpRequest, game_id: int) -> JsonResponse:
    """``{legal, error, refused, total, routes: [{train, name, colour, places, revenue}], layer}`` for the
    posted stops."""
    try:
        context = queries.game_context(game_id, request.user)
    except Http404:
        return JsonResponse({"error": "There is no such game."}, status=404)
    if context.my_seat is None:
        return JsonResponse({"error": "You have no seat in this game."}, status=403)
    if not context.game.has_started:
        return JsonResponse({"error": NOT_ASKED}, status=409)
    position = queries.position_for(context)
    if not is_route_prompt(position.prompt):
        return JsonResponse({"error": NOT_ASKED}, status=409)
    if request.POST.get("expected_version", "") != str(position.version):
        return JsonResponse({"error": "The game has moved on since this page was shown; reload it."}, status=409)
    found = preview_post(queries.current_state(context.game), position.prompt, request.POST)
    view_map = (position.view.get("facts") or {}).get("map") or {}
    routes = [{"train": route.train, "segments": list(route.segments), "stops": list(route.stops),
               "revenue": route.revenue} for route in found.routes]
    trains = trains_of(position.prompt)
    legend = drawn_routes(view_map, routes, found.refused, trains)
    response = JsonResponse({
        "legal": found.legal, "error": found.error, "refused": found.refused, "total": found.revenue,
        "routes": [{"train": row.train, "name": row.name, "colour": row.colour, "places": list(row.places),
                    "revenue": row.revenue, "refused": row.refused} for row in legend],
        "layer": layer_svg(view_map, routes, found.refused, pickable=True, trains=trains),
    })
    response["Cache-Control"] = "no-store"
    return response
