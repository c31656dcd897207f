"""Site-wide template context."""

from functools import cache

from django.conf import settings
from django.http import HttpRequest
from django.urls import get_script_prefix, reverse

# The header's links, by URL name.  Every page shows them, and reversing a URL costs about
# 50 µs: seven of them were an eighth of a game page's CPU (benchmarks/load_site.py).
NAV_NAMES = {
    "home": "home", "mine": "games:mine", "new": "games:new", "import": "games:import", "lobby": "games:lobby",
    "leagues": "leagues:index", "ratings": "ratings:index", "inbox": "notifications:inbox",
    "account": "accounts:account", "signout": "accounts:signout", "signin": "accounts:signin",
}


def site(request: HttpRequest) -> dict:
    """``inbox_enabled``: the embedded run shows mail on the local /inbox/ page, so link it.

    ``nav``: the header's links, reversed once per process (and script prefix).
    """
    return {
        "inbox_enabled": settings.TURNPOST_LOCAL_INBOX,
        "nav": nav_urls(get_script_prefix(), settings.ROOT_URLCONF),
    }


@cache
def nav_urls(script_prefix: str, urlconf: str) -> dict[str, str]:
    return {key: reverse(name, urlconf=urlconf) for key, name in NAV_NAMES.items()}
