"""The seven hotel chains and the information card: prices and bonuses by size (R3, R4, §1.10)."""

from __future__ import annotations

# Cheapest tier first, as the record contract lists them.
CHAIN_IDS: tuple[str, ...] = ("tower", "luxor", "american", "worldwide", "festival", "imperial", "continental")
CHAIN_NAMES: dict[str, str] = {chain: chain.capitalize() for chain in CHAIN_IDS}
SHARES_PER_CHAIN = 25
SAFE_SIZE = 11  # R22
END_SIZE = 41  # R41(b)
STARTING_CASH = 6000  # R5
MAX_BUY = 3  # R36

_TIER_BASE = {
    "tower": 200,
    "luxor": 200,
    "american": 300,
    "worldwide": 300,
    "festival": 300,
    "imperial": 400,
    "continental": 400,
}


def _step(size: int) -> int:
    """The card's row for ``size`` tiles: 0..3 for 2..5, then 4..8 for 6-10, 11-20, 21-30, 31-40, 41+."""
    if size <= 5:
        return size - 2
    for step, top in enumerate((10, 20, 30, 40), start=4):
        if size <= top:
            return step
    return 8


def _price_table(chain: str) -> tuple[int, ...]:
    """Prices indexed by size, 0 for sizes below 2 (a chain not on the board has no price)."""
    return tuple(0 if size < 2 else _TIER_BASE[chain] + 100 * _step(size) for size in range(109))


_PRICES: dict[str, tuple[int, ...]] = {chain: _price_table(chain) for chain in CHAIN_IDS}


def price(chain: str, size: int) -> int:
    """Price of one share of ``chain`` at ``size`` tiles; 0 when it is not on the board."""
    return _PRICES[chain][size]


def majority_bonus(chain: str, size: int) -> int:
    """Ten times the share price (R29, §1.10)."""
    return 10 * price(chain, size)


def minority_bonus(chain: str, size: int) -> int:
    """Five times the share price (R29, §1.10)."""
    return 5 * price(chain, size)


def is_safe(size: int) -> bool:
    return size >= SAFE_SIZE


def split_rounded_up(amount: int, ways: int) -> int:
    """Each one's part of ``amount`` split ``ways`` ways, rounded up to the next $100 (R31, D1)."""
    return -(-amount // (100 * ways)) * 100
