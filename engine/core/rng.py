"""Seeded randomness.  Every random draw of a game comes from its record's seed.

A generator is keyed with a SHA-256 digest of the seed and a purpose.  Seeds that fit in
64 bits (every seed the site stored before seeds were widened) keep the key they always
had, 8 bytes of the digest of their decimal text, so their games replay as they were
played.  Any wider seed keys the generator with the whole 256-bit digest: a 128-bit seed
is then as hard to guess as 128 bits, not as 64.
"""

from __future__ import annotations

import hashlib
import random

NARROW_SEEDS = range(-(2**63), 2**63)


def seeded_rng(seed: int, purpose: str = "") -> random.Random:
    """A generator determined by ``seed`` and ``purpose`` alone.

    ``purpose`` separates independent streams (the tile bag, a bot's choices)
    so that adding a new one never shifts an existing one.
    """
    return random.Random(_key(seed, purpose))


def _key(seed: int, purpose: str) -> int:
    if seed in NARROW_SEEDS:
        digest = hashlib.sha256(f"{purpose}:{seed}".encode()).digest()
        return int.from_bytes(digest[:8], "big")
    digest = hashlib.sha256(f"{purpose}:".encode() + _seed_bytes(seed)).digest()
    return int.from_bytes(digest, "big")


def _seed_bytes(seed: int) -> bytes:
    """Every bit of ``seed``, sign included (bytes, not decimal text: no size limit applies)."""
    return seed.to_bytes(seed.bit_length() // 8 + 1, "big", signed=True)
