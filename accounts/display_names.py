"""What a display name may hold: what other players see, and nothing that hides or reorders it.

A right-to-left override turns the rest of a name around on screen, zero-width and other
format characters make two names look alike, and control characters (NUL, line breaks) break
pages, mails and records.  Every such character is refused, with its name, except the zero-width
joiner inside an emoji sequence (👩‍💻 is three characters joined by it).
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError

# Control, format, surrogate and line/paragraph-separator characters: invisible or layout-changing.
# The bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C) are all format (Cf).
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
ZERO_WIDTH_JOINER = "\u200d"
# What may stand either side of a joiner in an emoji sequence: a symbol before it (or the skin-tone
# modifier or variation selector that ends one), a symbol after it.
JOINED_BEFORE = frozenset({"So", "Sk", "Mn"})
JOINED_AFTER = frozenset({"So"})

EMPTY = "Choose the name other players will see."


def clean_display_name(raw: str) -> str:
    """The name without surrounding spaces; ValidationError saying which character is not allowed."""
    name = raw.strip()
    if not name:
        raise ValidationError(EMPTY)
    refused = first_refused_character(name)
    if refused is not None:
        raise ValidationError(
            "A display name cannot hold invisible or control characters; remove the %(character)s.",
            params={"character": describe(refused)},
        )
    return name


def first_refused_character(name: str) -> str | None:
    """The first character a name may not hold, or None (names from records are checked by it too)."""
    for position, character in enumerate(name):
        if unicodedata.category(character) in REFUSED_CATEGORIES and not _joins_emoji(name, position):
            return character
    return None


def _joins_emoji(name: str, position: int) -> bool:
    if name[position] != ZERO_WIDTH_JOINER or position == 0 or position == len(name) - 1:
        return False
    before, after = unicodedata.category(name[position - 1]), unicodedata.category(name[position + 1])
    return before in JOINED_BEFORE and after in JOINED_AFTER


def describe(character: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``; control characters have no name, only a number."""
    code = f"U+{ord(character):04X}"
    name = unicodedata.name(character, "")
    return f"{code} ({name})" if name else f"{code} (a control character)"
