"""Sign-in by mailed link, and address changes: what the account views ask for, in one transaction each.

Links go out through the outbox (``notifications.outbox``), so a request commits its mail row
and returns whether or not the mail server answers.  Nothing about an address is created or
changed when a link is asked for; only using the link does that (``accounts.links``).
"""

from __future__ import annotations

from django.db import transaction

from accounts import limits, links
from accounts.models import User, normalize_email
from notifications.models import MailKind
from notifications.outbox import enqueue_to_address


def request_signin_link(email: str, client: str, next_url: str = "") -> bool:
    """Mail a sign-in link to ``email``; False (and no mail) when the address or the client is over its limit.

    Whether the address has an account makes no difference here: the link creates it when used.
    """
    limits.forget_old()
    with transaction.atomic():
        if not limits.allow(email, client):
            return False
        enqueue_to_address(MailKind.SIGNIN, normalize_email(email), {"next": next_url} if next_url else {})
    return True


def sign_in_with(token: str) -> User:
    """The account a sign-in link is for, created on first use; the link is spent.  LinkRefused otherwise."""
    claim = links.read(links.SIGNIN, token)
    with transaction.atomic():
        links.spend(claim)
        user, _ = User.objects.get_or_create(email=claim.email)
        if not user.is_active:
            raise links.LinkRefused("This account is closed.")
    limits.housekeeping(links.old_uses())
    return user


def request_address_change(user: User, email: str, client: str) -> bool:
    """Mail ``email`` a link that makes it ``user``'s address; False when over the limits.

    Nothing changes until that link is used, and whether another account has the address is
    not told here (its owner learns it from the link), so the form reveals no account.
    """
    limits.forget_old()
    with transaction.atomic():
        if not limits.allow(email, client):
            return False
        enqueue_to_address(MailKind.ADDRESS, normalize_email(email), {"user": user.pk})
    return True


def confirm_address_change(token: str) -> User:
    """Give the account its new address from a confirmation link; the link is spent.  LinkRefused otherwise."""
    claim = links.read(links.ADDRESS, token)
    with transaction.atomic():
        links.spend(claim)
        user = User.objects.select_for_update().filter(pk=claim.user_id, is_active=True).first()
        if user is None:
            raise links.LinkRefused("This account is closed.")
        if User.objects.filter(email=claim.email).exclude(pk=user.pk).exists():
            raise links.LinkRefused(f"{claim.email} already belongs to another Turnpost account, so it cannot "
                                    "be added to this one. Sign in with it instead.")
        user.email = claim.email
        user.save(update_fields=["email"])
    limits.housekeeping(links.old_uses())
    return user
