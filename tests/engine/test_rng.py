"""The seeded generator: every bit of a wide seed counts, and the seeds games already have keep their streams."""

import hashlib
import random

from engine.acquire.setup import shuffled_bag
from engine.core.rng import seeded_rng

WIDE = (1 << 128) | 0x5EED_CAFE  # a seed as the site draws them now: 129 bits


def test_seeds_that_differ_only_in_their_high_bits_give_different_bags():
    assert shuffled_bag(WIDE, []) != shuffled_bag(WIDE ^ (1 << 127), [])
    assert shuffled_bag(WIDE, []) != shuffled_bag(WIDE ^ (1 << 100), [])


def test_a_wide_seed_is_not_narrowed_to_one_of_two_to_the_64_generators():
    """Keyed with 8 bytes of the digest, a 128-bit seed would be as guessable as a 64-bit one."""
    narrowed = hashlib.sha256(f"acquire-bag:{WIDE}".encode()).digest()[:8]
    narrow = random.Random(int.from_bytes(narrowed, "big"))
    assert seeded_rng(WIDE, "acquire-bag").getstate() != narrow.getstate()


def test_seeds_that_fit_64_bits_keep_the_bags_their_games_were_played_with():
    """Every game stored before seeds were widened replays exactly as it was played."""
    assert shuffled_bag(42, [])[:8] == ["12G", "6D", "7C", "10E", "8I", "5F", "6F", "8D"]
    assert shuffled_bag(-5, [])[:4] == ["10B", "1C", "2G", "8B"]
    assert shuffled_bag(2**63 - 1, [])[:4] == ["11I", "10C", "1G", "3C"]


def test_a_seed_of_any_size_gives_a_generator():
    assert seeded_rng(-(1 << 300), "x").random() != seeded_rng(1 << 300, "x").random()
    assert seeded_rng(10 ** 5000, "x").random() == seeded_rng(10 ** 5000, "x").random()
