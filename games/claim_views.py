"""The pages of a game moved here from 18xx.games: its seat links, and a link's claim page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_safe

from games import seat_claims
from games.models import Game
from games.titles import title_name


@login_required
@require_safe
def seat_links(request: HttpRequest, game_id: int) -> HttpResponse:
    """The importer's page: one link per seat still empty, to send to the player it was on 18xx.games."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("There is no such game.")
    seats = seat_claims.unclaimed_seats(game, request.user)
    if not seats:
        if game.created_by_id == request.user.pk:
            messages.info(request, "Every seat of this game is taken.")
        return redirect("games:game", game_id=game_id)
    links = [{"seat": seat, "url": request.build_absolute_uri(seat_claims.claim_path(seat))} for seat in seats]
    return render(request, "games/seat_links.html", {"game": game, "links": links,
                                                     "title_name": title_name(game.title)})


@require_http_methods(["GET", "POST"])
def claim_seat(request: HttpRequest, game_id: int, token: str) -> HttpResponse:
    """A seat link: GET shows the seat it offers (or asks to sign in first); POST takes it."""
    try:
        offer = seat_claims.read_claim(game_id, token)
    except seat_claims.ClaimRefused as error:
        return _refused(request, game_id, token, error)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            seat_claims.claim(game_id, token, request.user)
        except seat_claims.ClaimRefused as error:
            return _refused(request, game_id, token, error)
        messages.success(request, f"You play the seat of {offer.seat.display_name} from now on.")
        return redirect("games:game", game_id=game_id)
    signin = reverse("accounts:signin") + "?" + urlencode({"next": request.path})
    return render(request, "games/claim.html", {"offer": offer, "signin": signin,
                                                "title_name": title_name(offer.game.title)})


def _refused(request: HttpRequest, game_id: int, token: str, error: seat_claims.ClaimRefused) -> HttpResponse:
    """The link's refusal, except to the player it seated (opened again, or a second press): their seat."""
    mine = seat_claims.held_by(game_id, token, request.user) if request.user.is_authenticated else None
    if mine is not None:
        messages.info(request, f"You play the seat of {mine.display_name}.")
        return redirect("games:game", game_id=game_id)
    return render(request, "games/claim.html", {"error": error.message}, status=error.http_status)
