"""Strict parsing of environment settings: a typo fails at start-up, not at 3 a.m."""

from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean word (true/false), not {raw!r}.")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}.") from error


def proxy_ssl_header(header: str) -> tuple[str, str] | None:
    """``X-Forwarded-Proto`` -> Django's ``("HTTP_X_FORWARDED_PROTO", "https")``; empty -> None (not trusted)."""
    header = header.strip()
    if not header:
        return None
    if not header.replace("-", "").replace("_", "").isalnum():
        raise ImproperlyConfigured(
            f"TURNPOST_PROXY_SSL_HEADER must be a header name such as X-Forwarded-Proto, not {header!r}."
        )
    return "HTTP_" + header.upper().replace("-", "_"), "https"


def database_from_url(url: str) -> dict:
    """A Django DATABASES entry from ``sqlite:///path`` or ``postgres://user:pw@host:port/name``."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": _sqlite_path(parsed.path)}
    if parsed.scheme in {"postgres", "postgresql"}:
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parsed.path.lstrip("/")),
            "USER": unquote(parsed.username or ""),
            "PASSWORD": unquote(parsed.password or ""),
            "HOST": parsed.hostname or "",
            "PORT": str(parsed.port or ""),
            "CONN_MAX_AGE": 60,
            # Parameters bound by the server, and a statement seen twice on a connection is prepared:
            # the move path runs the same dozen statements every time, and PostgreSQL then skips
            # parsing and planning them (benchmarks/load_site.py: 3.5 -> 2.1 ms of database CPU per
            # move).  A transaction-mode pooler in front would need prepare_threshold None.
            "OPTIONS": {"server_side_binding": True, "prepare_threshold": 2},
        }
    raise ImproperlyConfigured(f"DATABASE_URL scheme {parsed.scheme!r} is not supported (sqlite or postgres).")


def _sqlite_path(path: str) -> str:
    """``sqlite:////abs/file`` is an absolute path, ``sqlite:///rel/file`` a relative one (dj-database-url's rule)."""
    path = unquote(path)
    if path.startswith("//"):
        return path[1:]
    return path[1:] or ":memory:"


def cache_from_url(url: str) -> dict:
    """A Django CACHES entry from ``locmem://`` (one per process) or ``redis://host:port/db`` (shared)."""
    parsed = urlparse(url)
    if parsed.scheme == "locmem":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": parsed.netloc or "turnpost"}
    if parsed.scheme in {"redis", "rediss"}:
        return {"BACKEND": "turnpost.cache.RedisCache", "LOCATION": url}
    raise ImproperlyConfigured(f"TURNPOST_CACHE_URL scheme {parsed.scheme!r} is not supported (locmem or redis).")
