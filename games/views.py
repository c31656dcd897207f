"""Game pages: thin views that parse, call a service or a query, and render."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template import loader
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import engine.core as engine
from accounts.forms import ProfileForm, suggested_display_name, unused_display_name
from accounts.models import User
from games import chat, history, import_18xx, invitations, queries, resignation, services, undo_requests
from games.docs import title_doc
from games.errors import GameNotFound, GameServiceError, NotYourTurn
from games.forms import ImportForm, LobbyFilterForm, NewGameForm
from games.models import ActionSource, Game, GameStatus
from games.prompt_forms import (
    FormProblem,
    OptionForm,
    QuickGroup,
    action_from_post,
    option_forms,
    quick_groups,
    without_repeats,
    without_types,
)
from games.rule_citations import has_rules_page
from games.rules_tables import TABLES
from games.seat_names import NameTaken
from games.titles import startable_titles, title_name, ui_for


def home(request: HttpRequest) -> HttpResponse:
    user = request.user if request.user.is_authenticated else None
    invitations = queries.invitations_for(user)
    context = {
        "groups": queries.player_games(user) if user else None,
        "invitations": invitations,
        "joinable": [game for game in queries.joinable_games(user) if game not in invitations],
        "recent": queries.recent_games(),
        "titles": [title.name for title in startable_titles()],
    }
    return render(request, "home.html", context)


def lobby(request: HttpRequest) -> HttpResponse:
    """Open games with seats anyone may take, filtered by title and time limit; each seat is a button away."""
    form = LobbyFilterForm(request.GET or None)
    games = queries.lobby_games(form.filters())
    user = request.user if request.user.is_authenticated else None
    seated = queries.seated_game_ids(user, [game.pk for game in games])
    entries = [{"game": game, "seated": game.pk in seated, "title_name": title_name(game.title)} for game in games]
    return render(request, "games/lobby.html", {"form": form, "entries": entries})


@login_required
def mine(request: HttpRequest) -> HttpResponse:
    return render(request, "games/mine.html", {"groups": queries.player_games(request.user), "owner": request.user})


def player(request: HttpRequest, user_id: int) -> HttpResponse:
    """A player's public page: their games (names only, no e-mail address)."""
    owner = get_object_or_404(User, pk=user_id, is_active=True)
    return render(request, "games/mine.html", {"groups": queries.player_games(owner), "owner": owner})


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(
                request.user,
                form.cleaned_data["title"],
                form.cleaned_data["seat_count"],
                options=form.title_options(),
                invited_emails=form.cleaned_data["invitations"],
                seat_order_mode=form.cleaned_data["seat_order_mode"],
                move_time_limit=form.move_time_limit(),
                name=form.cleaned_data["name"],
            )
        except GameServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, "The game is created; it starts when every seat is taken.")
            return redirect("games:game", game_id=game.pk)
    status = 400 if form.errors else 200
    return render(request, "games/new.html", {"form": form}, status=status)


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    context = queries.game_context(game_id, request.user)
    return _render_game(request, context)


def _render_game(request: HttpRequest, context: queries.GameContext, error: str = "", status: int = 200,
                 notice: str = "", refused: QueryDict | None = None, chat_box: chat.ChatBox | None = None
                 ) -> HttpResponse:
    """The game page; ``refused`` is a post the engine turned down, whose form keeps what was sent.

    ``chat_box``: the chat card after a refused message, keeping what was typed.
    """
    game = context.game
    ui = ui_for(game.title)
    page: dict[str, Any] = {"ctx": context, "game": game, "error": error, "notice": notice,
                            "title_name": title_name(game.title), "rules_note": ui.rules_note,
                            "setup_notes": ui.setup_notes(game.options or {}), "board_script": ui.board_script,
                            "sign_in_to": ui.sign_in_to, "currency": ui.currency}
    if not game.has_started:
        page["can_take_seat"] = queries.can_take_seat(context, request.user)
        return render(request, "games/open.html", page, status=status)
    position = queries.position_for(context)
    if refused is not None and refused.get("expected_version") != str(position.version):
        refused = None  # the position moved on: its forms start afresh
    # What the title's own cards (its picker, a route card) already offer is not offered twice.
    covered = ui_for(game.title).prompt_covers(position.prompt, position.picker) if position.prompt else frozenset()
    groups = without_types(_quick_groups(game, position), covered)
    page.update({
        "position": position,
        "view": position.view,
        "board_html": _board_html(game, position.view, queries.version_key(game, "board", context.seat_index)),
        "prompt": position.prompt,
        "forms": _forms(position.prompt, refused, covered, groups) if position.prompt else [],
        "quick_groups": groups,
        "pointer": ui.prompt_pointer(position.prompt, covered) if position.prompt else None,
        "picker": position.picker, "picker_template": ui_for(game.title).picker_template,
        "waiting_names": _waiting_names(context, position.waiting_seats, request.user),
        "deadlines": _deadlines(context, position.waiting_seats),
        "poll_url": reverse("games:version", args=[game.pk]) if game.status == GameStatus.ACTIVE else "",
        "log": queries.recent_log(game, context.seat_index),
        "record_public": queries.record_is_public(game),
        "resigned_seats": position.view.get("resigned", []),
        "chat": chat_box or _chat_box(context, request),
        "undo": _undo_panel(context, position.waiting_seats),
        # A game moved here from 18xx.games waits for its players to claim their seats (games.seat_claims).
        "seat_links": game.status == GameStatus.ACTIVE and request.user.is_authenticated
        and game.created_by_id == request.user.pk and any(seat.user_id is None for seat in context.seats),
    })
    return render(request, "games/game.html", page, status=status)


def _waiting_names(context: queries.GameContext, waiting: list[int], user: Any) -> list[str]:
    """Who the game waits on, by seat name; the viewer's own seat reads "you", with the seat's
    name beside it when that is not the viewer's own (a seat claimed in a game moved here from
    18xx.games keeps the name its player had there, which the log uses)."""
    names = []
    for index in waiting:
        if index >= len(context.seats):
            continue
        seat = context.seats[index]
        if context.my_seat is None or seat.index != context.my_seat.index:
            names.append(seat.display_name)
        elif seat.display_name == getattr(user, "display_name", None):
            names.append("you")
        else:
            names.append(f"you ({seat.display_name})")
    return names


def _chat_box(context: queries.GameContext, request: HttpRequest, draft: str = "", error: str = "") -> chat.ChatBox:
    return chat.chat_box(context.game, context.seats, context.my_seat, request.user.is_authenticated, draft, error)


def _undo_panel(context: queries.GameContext, waiting: list[int]) -> dict[str, Any] | None:
    """What the viewer may do about taking back a move: their own offer, a pending request, their answer buttons."""
    game, seat = context.game, context.seat_index
    if game.status != GameStatus.ACTIVE:
        return None
    names = [s.display_name for s in context.seats]
    offer = undo_requests.undo_offer(game, seat, waiting, names)
    pending = undo_requests.pending_request(game) if game.undo_asked else None
    if offer is None and pending is None:
        return None
    panel: dict[str, Any] = {"offer": offer, "version": game.version}
    if offer is not None:
        panel["consent_names"] = [names[s] for s in offer.consent_from]
    if pending is not None:
        panel["pending"] = undo_requests.describe(pending, names)
        panel["mine"] = pending.seat == seat
        panel["may_answer"] = seat in pending.waiting_seats
    return panel


def _forms(prompt: engine.Prompt, refused: QueryDict | None, covered: frozenset[str], groups: list[QuickGroup]
           ) -> list[OptionForm]:
    """The prompt card's full forms: less those of the ``covered`` types, and less those that would
    only repeat a one-click button of ``groups``."""
    forms = [form for form in option_forms(prompt, refused) if form.type not in covered]
    return without_repeats(forms, prompt, [answer for group in groups for _, answer in group.answers])


def _quick_groups(game: Game, position: queries.Position) -> list[QuickGroup]:
    """The prompt's one-click answers grouped by the chain or holding they concern, named as the view names them."""
    if position.prompt is None:
        return []
    ui = ui_for(game.title)
    names = ui.series_names(position.view)
    colours = {key: ui.series_colour(key, index, position.view) for index, key in enumerate(names)}
    return quick_groups(position.prompt, names, colours)


def _deadlines(context: queries.GameContext, waiting: list[int]) -> list[dict[str, Any]]:
    """Who must move by when, the viewer's own deadline first (the template shows it in their time zone)."""
    due = queries.move_deadlines(context.game, waiting)
    mine = context.seat_index
    return [{"name": context.seats[seat].display_name, "due": at, "mine": seat == mine}
            for seat, at in sorted(due.items(), key=lambda item: (item[0] != mine, item[1]))]


@require_safe
def game_version(request: HttpRequest, game_id: int) -> JsonResponse:
    """``{"version": n, "status": s}``: what the game page polls to reload itself when the game moves on."""
    found = queries.game_version(game_id)
    if found is None:
        return JsonResponse({"error": "There is no such game."}, status=404)
    response = JsonResponse(found)
    response["Cache-Control"] = "no-store"
    return response


def _board_html(game: Game, view: dict[str, Any], key: str) -> str:
    """The title's board partial for ``view``, rendered once per position and seat (it has no form)."""
    html = cache.get(key)
    if html is None:
        ui = ui_for(game.title)
        html = loader.render_to_string(ui.board_template, {"view": view, "board": ui.present(view)})
        cache.set(key, html, queries.CACHE_SECONDS)
    return mark_safe(html)  # rendered by the template engine, which escaped it


@require_POST
def take_seat(request: HttpRequest, game_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"/accounts/signin/?next=/games/{game_id}/")
    try:
        services.take_seat(game_id, request.user)
    except GameServiceError as error:
        context = queries.game_context(game_id, request.user)
        return _render_game(request, context, error=error.message, status=error.http_status)
    return redirect("games:game", game_id=game_id)


@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, game_id: int, token: str) -> HttpResponse:
    """An invitation mail's link: GET shows the seat on offer (and asks a new player's name); POST takes it."""
    signed_in = request.user if request.user.is_authenticated else None
    try:
        offer = invitations.read_invitation(game_id, token, signed_in)
    except invitations.InvitationRefused as error:
        return _invitation_refused(request, game_id, error)
    if offer.taken:  # a second press, or the link opened again, by the player it seated
        messages.info(request, "You have taken this seat.")
        return redirect("games:game", game_id=game_id)
    existing = signed_in or User.objects.filter(email=offer.email).first()
    needs_profile = existing is None or existing.needs_display_name
    form = ProfileForm(request.POST if request.method == "POST" else None,
                       initial={"display_name": unused_display_name(suggested_display_name(offer.email))})
    name_taken = ""
    if request.method == "POST" and (not needs_profile or form.is_valid()):
        profile = form.cleaned_data if needs_profile else {}
        try:
            user = invitations.accept(offer, signed_in, profile.get("display_name", ""), profile.get("time_zone", ""))
        except invitations.InvitationRefused as error:
            return _invitation_refused(request, game_id, error)
        except NameTaken as error:
            name_taken = _name_taken_on(form if needs_profile else None, error)
        else:
            if signed_in is None:
                login(request, user, backend="accounts.backends.LinkBackend")
            return redirect("games:game", game_id=game_id)
    return render(request, "games/invitation.html", {
        "offer": offer, "title_name": title_name(offer.game.title), "form": form if needs_profile else None,
        "setup_notes": ui_for(offer.game.title).setup_notes(offer.game.options or {}),
        "wrong_account": invitations.wrong_account(offer, signed_in), "name_taken": name_taken,
    })


def _invitation_refused(request: HttpRequest, game_id: int,
                        error: invitations.InvitationRefused) -> HttpResponse:
    """Why the link seats no one, and where to go instead.

    Someone signed in needs no "Sign in" button (a walk was offered one): they are told who they are
    signed in as and sent to the game if they sit in it, else to their games.
    """
    seated = bool(queries.seated_game_ids(request.user if request.user.is_authenticated else None, [game_id]))
    return render(request, "games/invitation.html", {"error": error.message, "game_id": game_id, "seated": seated},
                  status=error.http_status)


def _name_taken_on(form: ProfileForm | None, error: NameTaken) -> str:
    """Where a refused name is said: under the name field it was typed in (kept there), else above the button."""
    if form is None:
        return error.message
    form.add_error("display_name", error.message)
    return ""


@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """Read a prompt form into an action, against the prompt the one move path finds under its lock."""
    return answer_move(request, game_id, lambda prompt: action_from_post(prompt, request.POST))


def answer_move(request: HttpRequest, game_id: int, read_answer: Callable[[engine.Prompt], Any]) -> HttpResponse:
    """A posted move through the one move path, its refusals shown on the game page in the engine's words.

    Also for pages that read a move some other way than the prompt's forms (1861's route editor,
    ``games.t1861_route_views``); FormProblem from ``read_answer`` is a refusal too.
    """
    try:
        expected = int(request.POST.get("expected_version", ""))
    except ValueError:
        return _refused(request, game_id, "The form did not say which move it was made on.", 400)
    user = request.user if request.user.is_authenticated else None
    try:
        outcome = services.answer_prompt(game_id, user, read_answer, expected, ActionSource.WEB)
    except GameNotFound as error:
        raise Http404(error.message) from error
    except NotYourTurn as error:
        context = queries.game_context(game_id, request.user)
        names = ", ".join(context.seats[s].display_name for s in error.waiting if s < len(context.seats))
        return _render_game(request, context, error=f"It is not your move; the game is waiting for {names}.",
                            status=400)
    except FormProblem as error:
        return _refused(request, game_id, str(error), 400)
    except GameServiceError as error:
        return _refused(request, game_id, error.message, error.http_status)
    if not outcome.applied:
        return _render_game(request, queries.game_context(game_id, request.user), notice=outcome.message, status=409)
    return redirect("games:game", game_id=game_id)


@login_required
@require_http_methods(["GET", "POST"])
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET asks "Resign from this game?" and changes nothing; only the POST (its button) resigns."""
    if request.method == "POST":
        try:
            outcome = resignation.resign(game_id, request.user)
        except GameNotFound as error:
            raise Http404(error.message) from error
        except GameServiceError as error:
            context = queries.game_context(game_id, request.user)
            return _render_game(request, context, error=error.message, status=error.http_status)
        messages.success(request, outcome.message)
        return redirect("games:game", game_id=game_id)
    context = queries.game_context(game_id, request.user)
    refusal = resignation.refusal_for(context.game, context.my_seat.index if context.my_seat else None)
    others = [seat.display_name for seat in resignation.players_left(context.game, context.seats)
              if seat is not context.my_seat]
    page = {"ctx": context, "game": context.game, "title_name": title_name(context.game.title),
            "refusal": refusal.message if refusal else "", "ends_the_game": resignation.ends_the_game(context.game),
            "others": others}
    return render(request, "games/resign.html", page, status=refusal.http_status if refusal else 200)


@require_POST
def post_chat(request: HttpRequest, game_id: int) -> HttpResponse:
    """Post a chat message; a refusal shows the game page with the message still in its box."""
    user = request.user if request.user.is_authenticated else None
    try:
        chat.post_message(game_id, user, request.POST.get("body"), request.POST.get("nonce"))
    except GameNotFound as error:
        raise Http404(error.message) from error
    except GameServiceError as error:
        context = queries.game_context(game_id, request.user)
        if not context.game.has_started:
            return _render_game(request, context, error=error.message, status=error.http_status)
        box = _chat_box(context, request, draft=str(request.POST.get("body", ""))[:10 * chat.MAX_LENGTH],
                        error=error.message)
        return _render_game(request, context, status=error.http_status, chat_box=box)
    return redirect(reverse("games:game", args=[game_id]) + "#chat")


def refused_move(request: HttpRequest, game_id: int, message: str, status: int) -> HttpResponse:
    """The game page with why a posted move was refused (for title move pages: ``answer_move``)."""
    return _refused(request, game_id, message, status)


def _refused(request: HttpRequest, game_id: int, message: str, status: int) -> HttpResponse:
    """The game page with why the move was refused; a visitor without a seat is told that first."""
    context = queries.game_context(game_id, request.user)
    if context.my_seat is None:
        message, status = "You have no seat in this game, so you cannot move in it.", 403
    return _render_game(request, context, error=message, status=status, refused=request.POST)


def history_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The public history at ``?step=N`` (default: the latest step); a player also finds the undo controls here."""
    context = queries.game_context(game_id, None)
    mine = next((seat for seat in context.seats if request.user.is_authenticated and seat.user_id == request.user.pk),
                None)
    viewer = queries.GameContext(context.game, context.seats, mine)  # the undo controls are the signed-in player's
    game = context.game
    if not game.has_started:
        raise Http404("This game has not started, so it has no history yet.")
    step = history.clamp_step(request.GET.get("step"), game.version)
    view = history.public_view_at(game, step)
    names = [seat.display_name for seat in context.seats]
    page = {
        "ctx": context,
        "game": game,
        "title_name": title_name(game.title),
        "rules_note": ui_for(game.title).rules_note,
        "setup_notes": ui_for(game.title).setup_notes(game.options or {}),
        "board_script": ui_for(game.title).board_script,
        "currency": ui_for(game.title).currency,
        "step": step,
        "last": game.version,
        "view": view,
        "board_html": _board_html(game, view, queries.game_key(game, "history-board", step, game.resigned_count)),
        "log": queries.recent_log(game, None, upto=step),
        "charts": history.charts(game, step, names),
        "record_public": queries.record_is_public(game),
        "worth_public": history.worth_is_public(game),
        "chat_lines": chat.lines_of(game, context.seats, upto=step, limit=history.CHAT_LINES),
        "undo": _undo_panel(viewer, queries.position_for(viewer).waiting_seats) if game.has_started else None,
    }
    return render(request, "games/history.html", page)


@login_required
@require_http_methods(["GET", "POST"])
def undo(request: HttpRequest, game_id: int) -> HttpResponse:
    """GET: what "take back my last move" would do (or why it cannot); POST: do it, or ask those who saw it."""
    context = queries.game_context(game_id, request.user)
    if request.method == "POST":
        try:
            expected = int(request.POST.get("expected_version", ""))
            outcome = undo_requests.take_back(game_id, request.user, expected, ActionSource.WEB)
        except ValueError:
            return _undo_page(request, context, "The form did not say which move it was made on.", 400)
        except GameServiceError as error:
            return _undo_page(request, context, error.message, error.http_status)
        if outcome.status == "already_done":
            return _undo_page(request, queries.game_context(game_id, request.user), outcome.message, 409)
        messages.success(request, outcome.message)
        return redirect("games:game", game_id=game_id)
    return _undo_page(request, context)


def _undo_page(request: HttpRequest, context: queries.GameContext, error: str = "", status: int = 200) -> HttpResponse:
    game = context.game
    page: dict[str, Any] = {"ctx": context, "game": game, "title_name": title_name(game.title), "error": error}
    if context.my_seat is None or not game.has_started:
        page["refusal"] = "You have no seat in this game, so you have no move to take back."
        return render(request, "games/undo.html", page, status=status if error else 403)
    waiting = queries.position_for(context).waiting_seats
    names = [s.display_name for s in context.seats]
    offer = undo_requests.undo_offer(game, context.seat_index, waiting, names)
    if offer is None:
        page["refusal"] = undo_requests.why_not(game, context.seat_index, waiting, names)
    else:
        moves = {entry["seq"]: entry for entry in queries.recent_log(game, context.seat_index)}
        page.update(offer=offer, consent_names=[names[s] for s in offer.consent_from],
                    lines=[line for seq in offer.withdraws for line in moves.get(seq, {}).get("lines", [])])
    return render(request, "games/undo.html", page, status=status)


@login_required
@require_POST
def undo_answer(request: HttpRequest, game_id: int, request_id: int) -> HttpResponse:
    """An asked player's answer to an undo request, from the game or history page."""
    answer = request.POST.get("answer")
    if answer not in ("allow", "refuse"):
        return _render_game(request, queries.game_context(game_id, request.user),
                            error="The form did not say whether you allow it.", status=400)
    try:
        outcome = undo_requests.answer_request(request_id, request.user, answer == "allow", ActionSource.WEB)
    except GameServiceError as error:
        return _render_game(request, queries.game_context(game_id, request.user), error=error.message,
                            status=error.http_status)
    messages.info(request, outcome.message)
    return redirect("games:game", game_id=game_id)


def title_help(request: HttpRequest, title_id: str) -> HttpResponse:
    """A title's rules page, from its docs; it says which rules are Turnpost's own reconstruction."""
    doc = title_doc(title_id) if title_id in {title.id for title in engine.available_titles()} else None
    if doc is None:
        raise Http404("There is no help page for that game.")
    page = {"doc": doc, "title_name": title_name(title_id), "rules_note": ui_for(title_id).rules_note}
    return render(request, "games/help.html", page)


@require_safe
def rules_page(request: HttpRequest, title_id: str) -> HttpResponse:
    """How to play a title, for players, each rule beside the number the engine's refusals cite."""
    if not has_rules_page(title_id):
        raise Http404("There is no rules page for that game.")
    page = {"title_id": title_id, "title_name": title_name(title_id), "has_spec": title_doc(title_id) is not None,
            **TABLES[title_id]()}
    return render(request, f"games/rules/{title_id}.html", page)


def record_download(request: HttpRequest, game_id: int) -> HttpResponse:
    context = queries.game_context(game_id, None)
    if not context.game.has_started:
        raise Http404("This game has not started, so it has no record yet.")
    if not queries.record_is_public(context.game):
        return HttpResponseForbidden(
            loader.render_to_string("403.html", {"reason": queries.record_withheld_reason(context.game)}, request)
        )
    record = services.record_for(context.game)
    response = HttpResponse(json.dumps(record, indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="turnpost-{context.game.title}-{context.game.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            export = import_18xx.is_18xx_export(text)
            if export:
                game = import_18xx.import_export(text, request.user)
            else:
                game = services.import_record(text, request.user)
        except GameServiceError as error:
            form.add_error(None, error.message if export else _neither(error.message, text))
        else:
            if game.status == GameStatus.ACTIVE:  # an 18xx.games game still running there goes on here
                messages.success(request, "The game goes on here: send each player the link of their seat.")
                return redirect("games:seat_links", game_id=game.pk)
            messages.success(request, "The record is imported as a read-only game.")
            return redirect("games:history", game_id=game.pk)
    return render(request, "games/import.html", {"form": form}, status=400 if form.errors else 200)


def _neither(record_refusal: str, text: str) -> str:
    """A file read as our record and found to be no record at all may have been meant as an
    18xx.games export, so the words say what an export needs too (an export is told from a
    record by its players).  A record that reads but breaks a rule is plainly a record, and a
    file that is not a JSON object at all is neither: its own sentence says so."""
    if not record_refusal.startswith(services.UNREADABLE_RECORD) or not import_18xx.is_json_object(text):
        return record_refusal
    return (f"{record_refusal} If it is an 18xx.games export instead, its players must be listed as"
            " objects with an id and a name, as 18xx.games writes them.")


# get_object_or_404 says "No League matches the given query.": the model's name, in a
# programmer's words.  A player reads what is missing instead.
_MISSING_THINGS = {"User": "player", "Game": "game", "League": "league", "Season": "season", "Division": "division"}
_NO_MATCH = re.compile(r"No (\w+) matches the given query\.")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # Only our own sentences; the resolver's 404 carries the URL patterns tried, which stay private.
    args = getattr(exception, "args", ())
    message = args[0] if type(exception) is Http404 and args and isinstance(args[0], str) else ""
    if match := _NO_MATCH.fullmatch(message):
        thing = _MISSING_THINGS.get(match.group(1))
        message = f"There is no such {thing} here." if thing else ""
    return render(request, "404.html", {"exception_message": message}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's own 400 view renders without the request, so the page would lack its CSP nonce."""
    return render(request, "400.html", status=400)


def server_error(request: HttpRequest) -> HttpResponse:
    return HttpResponse(loader.render_to_string("500.html"), status=500)
