"""The organizer's act pages: GET shows what the act does and asks why; only the POST (its button) acts.

Everyone but the game's organizers (``organizer_acts.may_act``) gets 403, on the page and on the POST.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from accounts.models import User, normalize_email
from games import organizer_acts
from games.errors import GameServiceError, SetupError
from games.models import Game, Seat

ACTS = {
    "pause": ("Pause this game", "No moves are taken and the clocks stop until the game is resumed."
              " Every player is mailed your reason."),
    "resume": ("Resume this game", "The waiting players' clocks start again from now. Every player is mailed"
               " your reason, and the waiting players their new deadline."),
    "extend": ("Extend the current deadline", "The players who owe a move now get more time for it, and a mail"
               " with your reason and their new deadline."),
    "replace": ("Replace a player", "The seat passes to another player from the next move on. The player"
                " replaced is mailed your reason."),
    "adjudicate": ("Adjudicate this game", "The game ends now with the places you enter; nobody moves again."
                   " Every player is mailed the result."),
}


@login_required
@require_http_methods(["GET", "POST"])
def act(request: HttpRequest, game_id: int, kind: str) -> HttpResponse:
    if kind not in ACTS:
        raise Http404("There is no such act.")
    game = get_object_or_404(Game, pk=game_id)
    if not organizer_acts.may_act(game, request.user):
        return render(request, "games/act_refused.html", {"game": game}, status=403)
    error = ""
    if request.method == "POST":
        try:
            outcome = _perform(request, game, kind)
        except GameServiceError as refusal:
            if refusal.http_status == 403:
                return render(request, "games/act_refused.html", {"game": game}, status=403)
            error = refusal.message
        else:
            messages.success(request, outcome.message)
            return redirect("games:history", game_id=game_id)
    heading, effect = ACTS[kind]
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    page = {"game": game, "kind": kind, "heading": heading, "effect": effect, "seats": seats, "error": error,
            "nonce": secrets.token_urlsafe(16), "form": request.POST if request.method == "POST" else {}}
    return render(request, "games/act.html", page, status=400 if error else 200)


def _perform(request: HttpRequest, game: Game, kind: str) -> organizer_acts.ActOutcome:
    post = request.POST
    common = (game.pk, request.user, post.get("reason", ""), post.get("nonce", ""))
    if kind == "pause":
        return organizer_acts.pause(*common)
    if kind == "resume":
        return organizer_acts.resume(*common)
    if kind == "extend":
        return organizer_acts.extend_deadline(*common, hours=post.get("hours"))
    if kind == "replace":
        new_player = User.objects.filter(email=normalize_email(post.get("email", ""))).first()
        if new_player is None:
            raise SetupError("There is no player with that e-mail address on Turnpost.")
        return organizer_acts.replace_player(*common, seat=post.get("seat"), new_player=new_player)
    places = {str(seat): post.get(f"place_{seat}") for seat in range(game.seat_count)}
    return organizer_acts.adjudicate(*common, places=places)
