"""League pages: the public league and season pages, sign-up, and the organizers' forms.

Organizer pages answer 403 to any signed-in player who is not one of the league's
organizers (and send signed-out visitors to sign in).  A private league's pages are 404
for anyone but its organizers and its players.  Every change is a POST.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from games.titles import title_name
from leagues import draw, organizing, signups, table_html
from leagues.errors import LeagueError
from leagues.forms import LeagueEditForm, LeagueForm, SeasonForm
from leagues.models import League, Season, SeasonStatus, SignUpStatus


def _may_see(league: League, user) -> bool:
    if league.public or league.is_organizer(user):
        return True
    return bool(user.is_authenticated and league.seasons.filter(signups__user=user).exists())


def _league(request: HttpRequest, slug: str) -> League:
    league = get_object_or_404(League, slug=slug)
    if not _may_see(league, request.user):
        raise Http404("No such league.")
    return league


def _organized(request: HttpRequest, slug: str) -> League:
    """The league, if the signed-in player organizes it; 403 otherwise."""
    league = get_object_or_404(League, slug=slug)
    if not league.is_organizer(request.user):
        raise PermissionDenied("Only this league's organizers may do this.")
    return league


def _season(league: League, number: int) -> Season:
    return get_object_or_404(Season.objects.select_related("league"), league=league, number=number)


def index(request: HttpRequest) -> HttpResponse:
    """Every public league, and the ones the player organizes."""
    leagues = League.objects.filter(public=True)
    if request.user.is_authenticated:
        leagues = leagues | League.objects.filter(organizers=request.user)
    return render(request, "leagues/index.html", {"leagues": leagues.distinct().order_by("name")})


@login_required
def new_league(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            league = organizing.create_league(request.user, data["name"], data["title"], form.title_options(),
                                              slug=data["slug"], description=data["description"],
                                              public=data["public"])
        except LeagueError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, "The league is made. Open its first season to take sign-ups.")
            return redirect("leagues:league", slug=league.slug)
    return render(request, "leagues/league_form.html", {"form": form}, status=400 if form.errors else 200)


def league_page(request: HttpRequest, slug: str) -> HttpResponse:
    league = _league(request, slug)
    return render(request, "leagues/league.html", {
        "league": league, "seasons": league.seasons.order_by("-number"), "title_name": title_name(league.title),
        "is_organizer": league.is_organizer(request.user), "organizers": league.organizers.order_by("display_name"),
        "changed_options": organizing.changed_options(league),
    })


@login_required
def edit_league(request: HttpRequest, slug: str) -> HttpResponse:
    league = _organized(request, slug)
    initial = {"name": league.name, "description": league.description, "public": league.public}
    form = LeagueEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data["add_organizer"]:
                organizing.add_organizer(league, data["add_organizer"])
        except LeagueError as error:
            form.add_error("add_organizer", error.message)
        else:
            league.name, league.description, league.public = data["name"], data["description"], data["public"]
            league.save(update_fields=["name", "description", "public"])
            messages.success(request, "The league is saved.")
            return redirect("leagues:league", slug=league.slug)
    return render(request, "leagues/league_edit.html", {"form": form, "league": league},
                  status=400 if form.errors else 200)


@login_required
def new_season(request: HttpRequest, slug: str) -> HttpResponse:
    league = _organized(request, slug)
    form = SeasonForm(request.POST or None, initial=_new_season_initial(league))
    if request.method == "POST" and form.is_valid():
        try:
            season = organizing.open_season(league, form.rules())
        except LeagueError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"{season.label} is open for sign-up.")
            return redirect("leagues:season", slug=league.slug, number=season.number)
    return render(request, "leagues/season_form.html", {"form": form, "league": league, "season": None},
                  status=400 if form.errors else 200)


def _new_season_initial(league: League) -> dict[str, Any]:
    """What a new season's form starts from: the league's last season's rules (an organizer
    running season 2 expects season 1's divisions, clock and points again), else the form's
    usual four a game within what the title takes (Railroad Barons: two), with points for as
    many places.  Name and deadline are the new season's own."""
    last = league.seasons.order_by("-number").first()
    if last is not None:
        initial = SeasonForm.initial_from(organizing.rules_of(last))
        initial.pop("name")
        initial.pop("signup_deadline")
        return initial
    title = organizing.title_of(league.title)
    game_size = min(max(SeasonForm.base_fields["game_size"].initial, title.min_players), title.max_players)
    return {"game_size": game_size, "points_per_place": ", ".join(DEFAULT_POINTS[:game_size])}


DEFAULT_POINTS = [part.strip() for part in str(SeasonForm.base_fields["points_per_place"].initial).split(",")]


@login_required
def edit_season(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = _organized(request, slug)
    season = _season(league, number)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_from(organizing.rules_of(season)))
    if request.method == "POST" and form.is_valid():
        try:
            organizing.edit_season(season, form.rules())
        except LeagueError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, "The season's rules are saved.")
            return redirect("leagues:season", slug=league.slug, number=season.number)
    return render(request, "leagues/season_form.html", {"form": form, "league": league, "season": season},
                  status=400 if form.errors else 200)


def season_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    league = _league(request, slug)
    season = _season(league, number)
    user = request.user if request.user.is_authenticated else None
    return render(request, "leagues/season.html", {
        "league": league, "season": season, "title_name": title_name(league.title),
        "signed": season.signups.filter(status=SignUpStatus.SIGNED).select_related("user"),
        "is_signed_up": signups.is_signed_up(season, user),
        # Past its deadline a season is no longer open, though it waits for its draw (or, if the draw
        # failed, for the organizer's new deadline): the page offers no sign-up it would refuse.
        "signup_open": season.status == SeasonStatus.SIGNUP and season.signup_deadline > timezone.now(),
        "is_organizer": league.is_organizer(request.user),
        # Once drawn: each division's table (its members before any game ends); the schedule is on the division page.
        "tables_html": table_html.season_tables(season) if season.status != SeasonStatus.SIGNUP else "",
        "notes": [line for line in season.schedule_note.splitlines() if line],
        "returning": len(signups.last_seasons_players(season)) if season.status == SeasonStatus.SIGNUP else 0,
    })


def _back_to_season(season: Season) -> HttpResponse:
    return redirect("leagues:season", slug=season.league.slug, number=season.number)


@require_POST
@login_required
def sign_up(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    season = _season(_league(request, slug), number)
    try:
        signups.sign_up(season, request.user)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"You are signed up for {season.label}.")
    return _back_to_season(season)


@require_POST
@login_required
def withdraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    season = _season(_league(request, slug), number)
    try:
        signups.withdraw(season, request.user)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"You have withdrawn from {season.label}.")
    return _back_to_season(season)


@require_http_methods(["GET", "POST"])
@login_required
def draw_now(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The organizer draws before the deadline (the beat task draws at it otherwise).

    The draw closes the sign-up and starts games, which cannot be taken back, so the season
    page's button opens a page that says so and asks again; only its POST draws.
    """
    season = _season(_organized(request, slug), number)
    if request.method == "GET":
        signed = season.signups.filter(status=SignUpStatus.SIGNED).count()
        return render(request, "leagues/draw_confirm.html", {"league": season.league, "season": season,
                                                             "signed": signed})
    try:
        draw.draw_season(season)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "The divisions are drawn; the first wave starts within a minute.")
    return _back_to_season(season)


@require_POST
@login_required
def mail_players(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    season = _season(_organized(request, slug), number)
    try:
        count = signups.mail_last_seasons_players(season)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"The invitation goes to {count} player{'s' if count != 1 else ''} of last season "
                                  "not signed up yet.")
    return _back_to_season(season)


def signup_link(request: HttpRequest, slug: str, number: int, token: str) -> HttpResponse:
    """The invitation mail's link: GET shows the season and a button; its POST signs the link's player up."""
    league = get_object_or_404(League, slug=slug)
    season = _season(league, number)
    context = {"league": league, "season": season, "title_name": title_name(league.title)}
    try:
        offer = signups.read_signup_token(season, token)
    except LeagueError as error:
        return render(request, "leagues/signup_link.html", {**context, "error": error.message}, status=400)
    wrong = signups.wrong_account(offer, request.user)
    if request.method == "POST" and not wrong and not offer.signed_up:
        try:
            signups.sign_up(season, offer.user)
        except LeagueError as error:
            return render(request, "leagues/signup_link.html", {**context, "error": error.message}, status=400)
        offer = signups.SignUpOffer(season, offer.user, signed_up=True)
    return render(request, "leagues/signup_link.html", {**context, "offer": offer, "wrong_account": wrong},
                  status=403 if wrong and request.method == "POST" else 200)
