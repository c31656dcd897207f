"""Seeded randomness.  Every random draw of a game comes from its record's seed."""

from __future__ import annotations

import hashlib
import random


def seeded_rng(seed: int, purpose: str = "") -> random.Random:
    """A generator determined by ``seed`` and ``purpose`` alone.

    ``purpose`` separates independent streams (the tile bag, a bot's choices)
    so that adding a new one never shifts an existing one.
    """
    digest = hashlib.sha256(f"{purpose}:{seed}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
