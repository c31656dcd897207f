"""The machine-Redis db this test process may use (and flush): one per pytest-xdist worker.

``TURNPOST_TEST_REDIS_DB`` (default 11) is the run's base; worker ``gwN`` of ``bin/test``'s
parallel run adds N, so two workers never flush each other's broker queue or session keys.
A serial run (``-n 0``, ``-p no:xdist``) has no worker name and uses the base itself.
"""

from __future__ import annotations

import os

DEFAULT_BASE = 11


def worker_index() -> int:
    """0 for a serial run; N for pytest-xdist's worker ``gwN``."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def redis_db() -> int:
    return int(os.environ.get("TURNPOST_TEST_REDIS_DB", str(DEFAULT_BASE))) + worker_index()


def redis_url() -> str:
    """The machine's Redis (bin/services), at this process's db."""
    return f"redis://127.0.0.1:6379/{redis_db()}"
