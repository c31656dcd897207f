"""Wording shared by events, prompts and errors, so the game speaks one way everywhere."""

from __future__ import annotations

from engine.acquire.chains import CHAIN_NAMES


def money(amount: int) -> str:
    """``$3,000``."""
    return f"${amount:,}"


def chain_name(chain: str) -> str:
    return CHAIN_NAMES[chain]


def chain_list(chains: list[str] | tuple[str, ...]) -> str:
    """``Tower``, ``Tower and Luxor``, ``Tower, Luxor and American``."""
    return join_words([CHAIN_NAMES[chain] for chain in chains])


def join_words(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def count_of(number: int, noun: str) -> str:
    """``1 share``, ``3 shares``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def founded(name: str, chain: str, size: int) -> str:
    """``ann founded Tower (3 tiles)``: the public part of a founding."""
    return f"{name} founded {CHAIN_NAMES[chain]} ({count_of(size, 'tile')})"
