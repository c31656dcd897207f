"""``@name`` in table talk: which seated players a message names, and the message cut into parts to show.

The rule: an ``@`` that starts the message or follows a character that is not a letter, digit
or ``_`` (so ``ann@example.com`` names nobody) mentions the seat whose display name follows
it, compared without regard to case.  Names may contain spaces, so the longest seated name
that fits wins ("@Ann Marie" names "Ann Marie" when both "Ann" and "Ann Marie" sit), and the
name must end where a word ends ("@annie" does not name "ann").  A name that two seats
share names the first of them.  Anything else after ``@`` stays plain text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

# An @ at the start or after anything but a word character (or another @).
MENTION_MARK = re.compile(r"(?<![\w@])@")


@dataclass(frozen=True)
class Part:
    """A stretch of a message: plain text, or an ``@name`` naming ``seat``."""

    text: str
    seat: int | None = None


def _name_at(body: str, start: int, names: list[tuple[str, int]]) -> tuple[str, int] | None:
    """The longest name (lower-cased, with its seat) written at ``start`` and ending where a word ends."""
    for name, seat in names:
        end = start + len(name)
        if body[start:end].lower() == name and not (end < len(body) and _is_word(body[end])):
            return body[start:end], seat
    return None


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _by_length(names: Mapping[int, str]) -> list[tuple[str, int]]:
    """Names lower-cased, longest first (so the longest fitting name wins), a shared name keeping its first seat."""
    first: dict[str, int] = {}
    for seat in sorted(names):
        name = names[seat].strip().lower()
        if name:
            first.setdefault(name, seat)
    return sorted(first.items(), key=lambda item: -len(item[0]))


def parse(body: str, names: Mapping[int, str]) -> list[Part]:
    """``body`` as plain parts and mentions of the seats in ``names`` (seat index -> display name)."""
    candidates = _by_length(names)
    parts: list[Part] = []
    cursor = 0
    for mark in MENTION_MARK.finditer(body):
        if mark.start() < cursor:
            continue
        found = _name_at(body, mark.end(), candidates)
        if found is None:
            continue
        written, seat = found
        if mark.start() > cursor:
            parts.append(Part(body[cursor:mark.start()]))
        parts.append(Part("@" + written, seat))
        cursor = mark.end() + len(written)
    if cursor < len(body):
        parts.append(Part(body[cursor:]))
    return parts


def mentioned_seats(body: str, names: Mapping[int, str]) -> list[int]:
    """The seats ``body`` mentions, each once, in the order first mentioned."""
    seats = [part.seat for part in parse(body, names) if part.seat is not None]
    return list(dict.fromkeys(seats))
