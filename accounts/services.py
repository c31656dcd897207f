"""Sign-in by e-mailed magic link (django-sesame tokens), and account changes."""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from sesame.utils import get_query_string

from accounts.models import User, normalize_email


def signin_link(user: User, base_url: str, next_url: str = "") -> str:
    """An absolute one-time sign-in link for ``user`` (valid SESAME_MAX_AGE seconds)."""
    query = get_query_string(user)
    if next_url:
        query += "&" + urlencode({"next": next_url})
    return f"{base_url.rstrip('/')}{reverse('accounts:link')}{query}"


def send_signin_link(email: str, base_url: str, next_url: str = "") -> User:
    """Mail a sign-in link to ``email``, creating the account on first use.

    The account exists from the request on, but has no display name until its
    owner follows the link (the welcome page asks for one).
    """
    user, _ = User.objects.get_or_create(email=normalize_email(email))
    link = signin_link(user, base_url, next_url)
    minutes = settings.SESAME_MAX_AGE // 60
    send_mail(
        subject="Your Turnpost sign-in link",
        message=(
            f"Hello {user.name},\n\nFollow this link to sign in to Turnpost:\n\n{link}\n\n"
            f"It works once, for {minutes} minutes. If you did not ask for it, ignore this mail.\n"
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[user.email],
    )
    return user
