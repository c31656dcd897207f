"""Sessions kept in the database and read through a shared cache (Redis) while that cache answers.

Django's ``cached_db`` store made a cache outage a 500 on every signed-in page: a failed read
falls back to the database, but the cache write that follows it, a sign-out's delete and the
existence check raise.  Here a cache call that fails is a miss (reads) or is skipped (writes);
the first failure of an outage is logged as a warning, and the process then leaves the cache
alone for ``RETRY_AFTER_SECONDS``, so while it is down a request costs a database read rather
than a connection attempt (or a timeout) first.

A session ended or changed while the cache could not be told would live on in it if the cache
comes back with its keys (a network partition rather than a restart): the process remembers
those keys and deletes them from the cache before it uses the cache again.  Until then, another
process could still read such an entry; docs/operations.md says so.

The async variants stay Django's: the site runs under WSGI.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore

logger = logging.getLogger(__name__)

# After a failed cache call, this process reads sessions from the database only, for this long.
RETRY_AFTER_SECONDS = 5.0

T = TypeVar("T")


class CacheGuard:
    """Runs this process's session cache calls: a failure gives the fallback and rests the cache a while."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._resting_until = 0.0
        self._down = False
        self._stale: set[str] = set()

    def call(self, cache: Any, operation: Callable[[], T], fallback: T, writes: str | None = None) -> T:
        """``operation()``, or ``fallback`` if the cache fails or rests; ``writes``: the key it changes."""
        if time.monotonic() < self._resting_until:
            self._forget_later(writes)
            return fallback
        try:
            self._delete_stale(cache)
            result = operation()
        except Exception as error:  # any client error: refused, timed out, reset, a bad reply
            self._forget_later(writes)
            self._rest(error)
            return fallback
        if self._down:
            self._down = False
            logger.warning("the session cache answers again; sessions are read through it")
        return result

    def _forget_later(self, key: str | None) -> None:
        if key is not None:
            with self._lock:
                self._stale.add(key)

    def _delete_stale(self, cache: Any) -> None:
        if not self._stale:
            return
        with self._lock:
            keys, self._stale = self._stale, set()
        try:
            cache.delete_many(list(keys))
        except Exception:
            with self._lock:
                self._stale |= keys
            raise

    def _rest(self, error: Exception) -> None:
        self._resting_until = time.monotonic() + RETRY_AFTER_SECONDS
        if not self._down:
            self._down = True
            logger.warning("the session cache failed (%r); reading sessions from the database", error)

    def reset(self) -> None:
        with self._lock:
            self._resting_until, self._down, self._stale = 0.0, False, set()


_guard = CacheGuard()


def reset() -> None:
    """Forget this process's outage state (tests that start and stop the cache)."""
    _guard.reset()


class SessionStore(cached_db.SessionStore):
    """``cached_db`` whose cache is a shortcut only: the database answers whenever the cache cannot."""

    def load(self) -> dict[str, Any]:
        key = self.cache_key
        data = _guard.call(self._cache, lambda: self._cache.get(key), None)
        if data is not None:
            return data
        stored = self._get_session_from_db()
        if stored is None:
            return {}
        data = self.decode(stored.session_data)
        age = self.get_expiry_age(expiry=stored.expire_date)
        _guard.call(self._cache, lambda: self._cache.set(key, data, age), None, writes=key)
        return data

    def exists(self, session_key: str | None) -> bool:
        if not session_key:
            return False
        key = self.cache_key_prefix + session_key
        return _guard.call(self._cache, lambda: key in self._cache, False) or DatabaseStore.exists(self, session_key)

    def save(self, must_create: bool = False) -> None:
        DatabaseStore.save(self, must_create)
        key, data, age = self.cache_key, self._session, self.get_expiry_age()
        _guard.call(self._cache, lambda: self._cache.set(key, data, age), None, writes=key)

    def delete(self, session_key: str | None = None) -> None:
        DatabaseStore.delete(self, session_key)
        session_key = session_key or self.session_key
        if session_key is None:
            return
        key = self.cache_key_prefix + session_key
        _guard.call(self._cache, lambda: self._cache.delete(key), None, writes=key)
