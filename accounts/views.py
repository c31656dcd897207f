"""Sign in by magic link, sign out, first-visit name, and the account page (thin views)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from accounts import limits, links, services
from accounts.forms import (
    AccountForm,
    ApiTokenForm,
    ProfileForm,
    SignInForm,
    suggested_display_name,
    unused_display_name,
)
from accounts.models import ApiToken


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return ""


LIMITED = ("We have already sent several links to this address, or for this connection, in the last hour. "
           "Please use the newest one we sent, or ask again in an hour.")


@require_http_methods(["GET", "POST"])
def signin(request: HttpRequest) -> HttpResponse:
    """Ask for an address and mail a sign-in link to it (the same answer whether it has an account or not)."""
    form = SignInForm(request.POST or None)
    next_url = _safe_next(request)
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        if services.request_signin_link(email, limits.client_of(request), next_url):
            return render(request, "accounts/link_sent.html", {"email": email})
        return render(request, "accounts/signin.html", {"form": form, "next": next_url, "limited": LIMITED},
                      status=429)
    return render(request, "accounts/signin.html", {"form": form, "next": next_url})


@require_http_methods(["GET", "POST"])
def signin_link(request: HttpRequest) -> HttpResponse:
    """GET confirms (mail scanners open links); only the POST signs in and spends the link."""
    token = request.POST.get("token") or request.GET.get("token") or ""
    next_url = _safe_next(request)
    try:
        if request.method == "GET":
            claim = links.read(links.SIGNIN, token)
            return render(request, "accounts/confirm.html", {"token": token, "email": claim.email, "next": next_url})
        user = services.sign_in_with(token)
    except links.LinkRefused as refused:
        if request.user.is_authenticated and links.signed_email(links.SIGNIN, token) == request.user.email:
            # The mail's link pressed again (or Back) after it signed this browser in: nothing to refuse.
            messages.info(request, f"You are signed in as {request.user.email}.")
            return redirect(next_url or "home")
        return render(request, "accounts/confirm.html", {"error": refused.message}, status=400)
    login(request, user, backend="accounts.backends.LinkBackend")
    if user.needs_display_name:
        query = "?" + urlencode({"next": next_url}) if next_url else ""
        return redirect(reverse("accounts:welcome") + query)
    return redirect(next_url or "home")


@require_http_methods(["GET", "POST"])
def confirm_address(request: HttpRequest) -> HttpResponse:
    """The link mailed to a new address: GET says what it will do; the POST changes the account's address."""
    token = request.POST.get("token") or request.GET.get("token") or ""
    try:
        if request.method == "GET":
            claim = links.read(links.ADDRESS, token)
            return render(request, "accounts/confirm_address.html", {"token": token, "email": claim.email})
        user = services.confirm_address_change(token)
    except links.LinkRefused as refused:
        return render(request, "accounts/confirm_address.html", {"error": refused.message}, status=400)
    return render(request, "accounts/confirm_address.html", {"done": True, "email": user.email})


@require_POST
def signout(request: HttpRequest) -> HttpResponse:
    logout(request)
    messages.info(request, "You are signed out.")
    return redirect("home")


@login_required
@require_http_methods(["GET", "POST"])
def welcome(request: HttpRequest) -> HttpResponse:
    """First visit: choose the name other players see."""
    suggestion = {} if request.user.display_name else {
        "display_name": unused_display_name(suggested_display_name(request.user.email), request.user.pk)}
    form = ProfileForm(request.POST or None, instance=request.user, initial=suggestion)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect(_safe_next(request) or "home")
    return render(request, "accounts/welcome.html", {"form": form, "next": _safe_next(request)})


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    """Edit name, address and time zone; issue and revoke API tokens."""
    form = AccountForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your account is saved.")
        if form.new_email:
            _ask_address_change(request, form.new_email)
        return redirect("accounts:account")
    return _account_page(request, form)


def _ask_address_change(request: HttpRequest, email: str) -> None:
    """Mail the new address its confirmation link; the page says the same whether or not the address is taken."""
    if services.request_address_change(request.user, email, limits.client_of(request)):
        messages.info(request, f"We sent a link to {email}. Your address changes to it when you follow that link; "
                               "until then it stays as it is.")
    else:
        messages.warning(request, LIMITED)


def _account_page(request: HttpRequest, form: AccountForm, new_key: str = "", status: int = 200) -> HttpResponse:
    context = {
        "form": form,
        "token_form": ApiTokenForm(),
        "tokens": request.user.api_tokens.all(),
        "new_key": new_key,
    }
    return render(request, "accounts/account.html", context, status=status)


@login_required
@require_POST
def create_token(request: HttpRequest) -> HttpResponse:
    form = ApiTokenForm(request.POST)
    if not form.is_valid():
        return _account_page(request, AccountForm(instance=request.user), status=400)
    _, key = ApiToken.issue(request.user, form.cleaned_data["name"])
    return _account_page(request, AccountForm(instance=request.user), new_key=key)


@login_required
@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    request.user.api_tokens.filter(pk=token_id).delete()
    messages.info(request, "The token is revoked.")
    return redirect("accounts:account")
