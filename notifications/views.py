"""Pages behind mail links (confirm a move, unsubscribe, cancel an order), mail settings, audit, inbox.

Thin views: parse, call ``confirm``/``preferences``/``orders``, render.  Pages reached from a
mail link hold a token in their address: the site-wide referrer policy (``SECURE_REFERRER_POLICY``
in the settings says why it is ``same-origin``) keeps it from other sites, and
``turnpost.no_store`` keeps every page with a ``token`` out of caches.
"""

from __future__ import annotations

from datetime import date, time, timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.models import GameStatus
from notifications import confirm, deadlines, link_pages, links, orders, preferences, standing, undo_consent
from notifications.audit import audit_for
from notifications.gameplay import Game, seats_of
from notifications.models import (
    GameMailSettings,
    InboxMessage,
    MailProfile,
    StandingOrder,
    Stream,
    TimeoutPolicy,
    VacationDay,
)
from notifications.order_kinds import OrderRefused
from notifications.order_pages import order_forms

MAX_VACATION_DAYS = 60
# As long as the longest time per move the new-game form offers (30 days): an earlier reminder
# would come before the turn.
MAX_REMINDER_HOURS = 24 * 30
INBOX_PAGE_SIZE = 20


def inbox(request: HttpRequest) -> HttpResponse:
    """The embedded run's mail: who got how much, then one recipient's mails, newest first, a page at a time.

    Only the embedded run has this page: it shows every mail, sign-in links included, to anyone.
    """
    if not settings.TURNPOST_LOCAL_INBOX:
        raise Http404("The local inbox is off: this site sends real mail.")
    recipients = InboxMessage.objects.values("to").annotate(count=Count("id"), newest=Max("created"))
    context: dict = {"recipients": recipients.order_by("-newest", "to")}
    address = request.GET.get("to")
    if address:
        mails = Paginator(InboxMessage.objects.filter(to=address), INBOX_PAGE_SIZE)
        context.update(address=address, mails=mails.get_page(request.GET.get("page")))
    return render(request, "notifications/inbox.html", context)


@require_http_methods(["GET", "POST"])
def move(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows what the link will do (mail scanners fetch links); only the POST moves."""
    viewer = request.user if request.user.is_authenticated else None
    page = confirm.act(token, viewer) if request.method == "POST" else confirm.inspect(token, viewer)
    return render(request, "notifications/move.html", {"page": page, "token": token}, status=page.status)


@require_http_methods(["GET", "POST"])
def undo_answer(request: HttpRequest, token: str) -> HttpResponse:
    """An undo request's Allow or Refuse link: GET shows what the button answers; only the POST answers."""
    viewer = request.user if request.user.is_authenticated else None
    page = undo_consent.act(token, viewer) if request.method == "POST" else undo_consent.inspect(token, viewer)
    return render(request, "notifications/undo_answer.html", {"page": page}, status=page.status)


def _refusal(request: HttpRequest, error: Exception, title: str) -> HttpResponse:
    """A link that cannot be read, on the move link's page but titled after what the link was for."""
    page = link_pages.LinkPage("refused", str(error), status=400)
    return render(request, "notifications/move.html", {"page": page, "title": title}, status=400)


@csrf_exempt  # RFC 8058: mail providers POST "List-Unsubscribe=One-Click" with no cookie; the token authenticates
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        user_id, game_id, stream = links.read_unsubscribe_token(token)
        stream = Stream(stream)
    except (links.BadLink, ValueError) as error:
        return _refusal(request, error, "Unsubscribe")
    game = Game.objects.filter(pk=game_id).first() if game_id else None
    context = {"stream": stream, "game": game, "done": False}
    if request.method == "POST":
        active = game is not None and game.status == "active"
        message = preferences.unsubscribe(user_id, game_id, stream, game_active=active)
        confirm.record_simple_use(
            token, links.UNSUBSCRIBE, user_id, f"unsubscribe from {stream.label}", message, game_id
        )
        context.update(done=True, message=message)
    return render(request, "notifications/unsubscribe.html", context)


@require_http_methods(["GET", "POST"])
def cancel_order(request: HttpRequest, token: str) -> HttpResponse:
    try:
        order_id, user_id = links.read_cancel_order_token(token)
    except links.BadLink as error:
        return _refusal(request, error, "Cancel a standing order")
    order = StandingOrder.objects.filter(pk=order_id).first()
    if order is None:
        raise Http404("There is no such standing order.")
    context = {"order": order, "label": orders.label_of(order), "done": not order.active}
    if request.method == "POST" and order.active:
        StandingOrder.objects.filter(pk=order.pk).update(active=False)
        confirm.record_simple_use(
            token, links.CANCEL_ORDER, user_id, f"cancel order: {context['label']}", "Cancelled.", order.game_id
        )
        context["done"] = True
    return render(request, "notifications/cancel_order.html", context)


ACTS_NOW = " It answers the move waiting for you, so it acts at once; the game page shows the move."


@require_http_methods(["GET", "POST"])
def set_order(request: HttpRequest, token: str) -> HttpResponse:
    """A mail's one-click offer of a standing order: GET says what it will set (and asks a bid limit), POST sets it."""
    try:
        claim = links.read_set_order_token(token)
    except links.BadLink as error:
        return _refusal(request, error, "Set a standing order")
    kind = orders.KINDS.get(claim.kind)
    game = Game.objects.filter(pk=claim.game).first()
    if kind is None or game is None:
        raise Http404("There is no such standing order to set.")
    raw = {**claim.params, "company": claim.subject, "limit": request.POST.get("limit", claim.params.get("limit"))}
    context = {"game": game, "kind": kind, "label": kind.words(raw, claim.subject), "limit": raw["limit"],
               "asks_limit": "limit" in kind.needs, "done": False, "error": ""}
    if request.method == "POST":
        if _seat_of(game, claim.user) != claim.seat:
            context["error"] = "You no longer sit in this seat, so nothing was set."
            return render(request, "notifications/set_order.html", context, status=400)
        try:
            placed = standing.set_order(game.pk, claim.seat, claim.kind, raw)
        except OrderRefused as refused:
            context["error"] = f"{refused} Nothing was set."
            return render(request, "notifications/set_order.html", context, status=400)
        context.update(done=True, label=orders.label_of(placed.order), acts_now=placed.acts_now)
        confirm.record_simple_use(token, links.SET_ORDER, claim.user, f"set order: {context['label']}",
                                  "Set.", game.pk)
    return render(request, "notifications/set_order.html", context)


@login_required
def audit(request: HttpRequest) -> HttpResponse:
    """Every mail sent to the player and every link they used (linked from the account page)."""
    return render(request, "notifications/audit.html", audit_for(request.user))


def _my_seat(game: Game, user) -> int | None:
    return _seat_of(game, user.pk)


def _seat_of(game: Game, user_id: int) -> int | None:
    return next((seat.index for seat in seats_of(game) if seat.user_id == user_id), None)


@login_required
@require_http_methods(["GET", "POST"])
def game_mail(request: HttpRequest, game_id: int) -> HttpResponse:
    """Per-game mail settings: streams, standing orders, vacation days; deadline rules for the creator."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:  # said as every other page says it, not as if the game existed without the reader
        raise Http404("There is no such game.")
    seat = _my_seat(game, request.user)
    if seat is None:
        raise Http404("You have no seat in this game.")
    is_creator = game.created_by_id == request.user.pk
    if request.method == "POST":
        _apply_setting(request, game, seat, is_creator)
        return redirect(_back_to(request.POST.get("next", "")) or request.path)
    rules = deadlines.mail_settings(game.pk)
    context = {
        "game": game,
        "streams": [(s, s.label, preferences.wants(request.user.pk, game.pk, s)) for s in Stream],
        **order_forms(game, seat),
        "vacation": VacationDay.objects.filter(game=game, user=request.user).order_by("day"),
        "rules": rules,
        # The saved reminder, so saving the form again keeps it (empty: the default, a quarter of the limit).
        "reminder_hours": int(rules.reminder_before.total_seconds() // 3600) if rules.reminder_before else None,
        "is_creator": is_creator,
        "policies": TimeoutPolicy.choices,
        "profile": MailProfile.objects.filter(user=request.user).first(),
    }
    return render(request, "notifications/game_mail.html", context)


def _back_to(path: str) -> str:
    """A site path to go back to (the game page's order forms), or "" for anything else (never a view name)."""
    if path.startswith("/") and not path.startswith("//") and url_has_allowed_host_and_scheme(path, allowed_hosts=None):
        return path
    return ""


def _apply_setting(request: HttpRequest, game: Game, seat: int, is_creator: bool) -> None:
    op, data = request.POST.get("op", ""), request.POST
    if op == "streams":
        _set_streams(request, game)
    elif op == "stream" and data.get("stream") in Stream.values:  # a page from before the one form
        preferences.set_stream(request.user.pk, game.pk, data["stream"], data.get("enabled") == "on")
    elif op == "order" and data.get("kind") in orders.KINDS:
        try:
            placed = standing.set_order(game.pk, seat, data["kind"], data)
        except OrderRefused as refused:
            messages.error(request, f"{refused} Nothing was set.")
        else:
            messages.success(request, f'Standing order set: "{orders.label_of(placed.order)}".'
                                      f"{ACTS_NOW if placed.acts_now else ''}")
    elif op == "cancel_order":
        StandingOrder.objects.filter(game=game, seat=seat, pk=_count(data.get("order"))).update(active=False)
    elif op == "vacation":
        _add_vacation(request, game)
    elif op == "quiet":
        _set_quiet_hours(request)
    elif op == "rules" and is_creator and data.get("policy") in TimeoutPolicy.values:
        hours, days = _count(data.get("reminder_hours")), _count(data.get("vacation_days"))
        if hours > MAX_REMINDER_HOURS:
            messages.error(request, f"A reminder can come at most {MAX_REMINDER_HOURS} hours before the deadline; "
                                    "nothing was changed.")
            return
        GameMailSettings.objects.update_or_create(
            game=game,
            defaults={
                "timeout_policy": data["policy"],
                "reminder_before": timedelta(hours=hours) if hours else None,
                "vacation_days": min(days, MAX_VACATION_DAYS),
            },
        )
        messages.success(request, "Deadline rules saved.")
    elif op == "resume" and is_creator:
        deadlines.resume(game.pk)


def _set_streams(request: HttpRequest, game: Game) -> None:
    """Every stream from the one form: a box left unticked is off.  One Save per box lost the
    boxes changed beside the one whose Save was pressed (a walk found it)."""
    chosen = set(request.POST.getlist("enabled"))
    for stream in Stream:
        preferences.set_stream(request.user.pk, game.pk, stream, stream.value in chosen)
    on = [stream.label for stream in Stream if stream.value in chosen]
    messages.success(request, "Saved: " + (f"you get {', '.join(on)} for this game." if on
                                           else "you get no mail about this game."))
    if Stream.TURN not in chosen and Stream.DIGEST not in chosen and game.status == GameStatus.ACTIVE:
        messages.warning(request, "Neither turn mails nor the daily digest are on: no mail will tell you"
                                  " when this game waits for you.")


def _count(raw: str | None) -> int:
    """A non-negative whole number from a form field; anything else counts as 0."""
    try:
        return max(0, int(raw or 0))
    except ValueError:
        return 0


def _add_vacation(request: HttpRequest, game: Game) -> None:
    try:
        day = date.fromisoformat(request.POST.get("day", ""))
    except ValueError:
        return
    allowance = deadlines.mail_settings(game.pk).vacation_days
    if VacationDay.objects.filter(game=game, user=request.user).count() < allowance:
        VacationDay.objects.get_or_create(game=game, user=request.user, day=day)
        deadlines.recompute_for(request.user)


def _set_quiet_hours(request: HttpRequest) -> None:
    try:
        start = time.fromisoformat(request.POST["quiet_start"]) if request.POST.get("quiet_start") else None
        end = time.fromisoformat(request.POST["quiet_end"]) if request.POST.get("quiet_end") else None
    except ValueError:
        return
    MailProfile.objects.update_or_create(user=request.user, defaults={"quiet_start": start, "quiet_end": end})
    deadlines.recompute_for(request.user)
