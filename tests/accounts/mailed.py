"""Reading mailed account links the way a player does: the link in the mail, then the confirm page's form."""

from __future__ import annotations

import re
from html import unescape

from django.core import mail

HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')


def link_in(body: str) -> str:
    """The first link of a mail's text: the one it is about."""
    return re.search(r"https?://\S+", body).group(0)


def path_of(url: str) -> str:
    return "/" + url.split("://", 1)[-1].split("/", 1)[1]


def last_link_to(address: str) -> str:
    """The path of the link in the newest mail to ``address``."""
    message = next(m for m in reversed(mail.outbox) if m.to == [address])
    return path_of(link_in(message.body))


def confirm_form(html: str) -> dict[str, str]:
    """The hidden fields of a confirm page's form (what its button posts)."""
    return {name: unescape(value) for name, value in HIDDEN.findall(html)}


PER_RESPONSE = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|nonce="[^"]*"')


def without_per_response_values(html: str) -> str:
    """A page minus what differs on every response (CSRF token, CSP nonce), to compare two pages."""
    return PER_RESPONSE.sub("", html)
