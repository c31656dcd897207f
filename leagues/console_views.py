"""The organizer's console pages, the substitutes' pool button and the "claim this seat" link's pages.

Thin views: each parses, calls leagues.console / leagues.substitutes, and renders.  Every page
that changes something is a GET that asks (with a reason field) and a POST that acts.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from games.errors import GameServiceError
from games.models import Game, Seat
from leagues import claim_links, console, substitutes
from leagues.models import Division, League, Season, SeatOffer


def _refused(request: HttpRequest, league: League | None) -> HttpResponse:
    return render(request, "leagues/console_refused.html", {"league": league}, status=403)


@login_required
def console_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A season's games with their state and the act buttons; organizers and admins only."""
    season = get_object_or_404(Season.objects.select_related("league"), league__slug=slug, number=number)
    if not console.is_organizer(season.league, request.user):
        return _refused(request, season.league)
    page = {"season": season, "league": season.league, "rows": console.console_rows(season),
            "divisions": season.divisions.all()}
    return render(request, "leagues/console.html", page)


@login_required
@require_http_methods(["GET", "POST"])
def offer_seat(request: HttpRequest, game_id: int) -> HttpResponse:
    """Offer a seat of a league game to the league's substitutes (its player dropped)."""
    game = get_object_or_404(Game, pk=game_id)
    league = substitutes.league_of(game)
    if league is None or not console.is_organizer(league, request.user):
        return _refused(request, league)
    error = ""
    if request.method == "POST":
        try:
            offer = substitutes.offer_seat(game.pk, request.POST.get("seat"), request.user, request.POST.get("reason"))
        except GameServiceError as refusal:
            if refusal.http_status == 403:
                return _refused(request, league)
            error = refusal.message
        else:
            messages.success(request, f"Seat {offer.seat + 1} is offered to {league.name}'s substitutes.")
            return redirect("games:game", game_id=game.pk)
    seats = Seat.objects.filter(game=game).order_by("index")
    return render(request, "leagues/offer_seat.html", {"game": game, "league": league, "seats": seats,
                                                        "error": error}, status=400 if error else 200)


@login_required
@require_http_methods(["GET", "POST"])
def message_division(request: HttpRequest, division_id: int) -> HttpResponse:
    division = get_object_or_404(Division.objects.select_related("season__league"), pk=division_id)
    league = division.season.league
    if not console.is_organizer(league, request.user):
        return _refused(request, league)
    error = ""
    if request.method == "POST":
        try:
            console.message_division(division, request.user, request.POST.get("subject", ""),
                                     request.POST.get("body", ""), request.POST.get("nonce", ""))
        except GameServiceError as refusal:
            error = refusal.message
        else:
            messages.success(request, f"Your message is on its way to {division.name}.")
            return redirect("leagues:console", slug=league.slug, number=division.season.number)
    page = {"division": division, "league": league, "error": error, "nonce": secrets.token_urlsafe(16),
            "form": request.POST if request.method == "POST" else {}}
    return render(request, "leagues/message_division.html", page, status=400 if error else 200)


def pool_page(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    return render(request, "leagues/substitutes.html", {"league": league,
                                                         "in_pool": substitutes.in_pool(league, request.user)})


@login_required
@require_POST
def pool_toggle(request: HttpRequest, slug: str) -> HttpResponse:
    """Join or leave the league's pool of substitutes (the button says which)."""
    league = get_object_or_404(League, slug=slug)
    if request.POST.get("join") == "1":
        substitutes.join_pool(league, request.user)
        messages.success(request, f"You are a substitute in {league.name}: seats that need a player are mailed to you.")
    else:
        substitutes.leave_pool(league, request.user)
        messages.success(request, f"You are no longer a substitute in {league.name}.")
    return redirect(_safe_next(request.POST.get("next", ""), league))


def _safe_next(target: str, league: League) -> str:
    return target if target.startswith("/") and not target.startswith("//") else f"/leagues/{league.slug}/substitutes/"


@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest, token: str) -> HttpResponse:
    """A "claim this seat" link: GET says which seat and asks; the POST claims it (first claim wins).

    Signed out, whoever holds the link is taken for the volunteer it was mailed to, as with move
    links; signed in as someone else, the page says the link is not theirs.
    """
    try:
        found = claim_links.read_claim_token(token)
    except claim_links.BadClaimLink as error:
        return render(request, "leagues/claim.html", {"refusal": str(error)}, status=400)
    offer = SeatOffer.objects.select_related("game").filter(pk=found.offer).first()
    volunteer = User.objects.filter(pk=found.user).first()
    if offer is None or volunteer is None:
        return render(request, "leagues/claim.html", {"refusal": "This seat offer does not exist any more."},
                      status=404)
    if request.user.is_authenticated and request.user.pk != volunteer.pk:
        return render(request, "leagues/claim.html", {"refusal": "This link was mailed to another player."},
                      status=403)
    page = {"offer": offer, "game": offer.game, "volunteer": volunteer,
            "seat_name": Seat.objects.get(game=offer.game, index=offer.seat).display_name}
    if request.method == "POST":
        try:
            outcome = substitutes.claim(offer.pk, volunteer)
        except substitutes.AlreadyTaken as refusal:
            return render(request, "leagues/claim.html", {**page, "taken": refusal.message}, status=409)
        except GameServiceError as refusal:
            return render(request, "leagues/claim.html", {**page, "refusal": refusal.message},
                          status=refusal.http_status)
        return render(request, "leagues/claim.html", {**page, "claimed": outcome.message})
    if offer.is_taken:
        message = ("The seat is yours already." if offer.claimed_by_id == volunteer.pk
                   else "Already taken: another substitute claimed this seat first.")
        return render(request, "leagues/claim.html", {**page, "taken": message})
    return render(request, "leagues/claim.html", page)
