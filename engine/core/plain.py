"""Copying plain JSON-like data (dicts, lists, strings, numbers, booleans, None) quickly.

``copy.deepcopy`` keeps a memo of every object it visits in Python, and that makes it
several times slower than needed for state kept as plain data.  A title whose rules work on
a copy of their state (1861's stock round) copies on every such action, so this is on the
replay path (issue 13).  ``marshal`` writes and reads plain data in C, keeping shared
references as deepcopy does, at about 60% of the time a walk in Python takes.
"""

from __future__ import annotations

import copy
import marshal
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


def plain_copy(value: Any) -> Any:
    """An independent copy of ``value``: every dict, list, tuple and set rebuilt, scalars equal.

    Data ``marshal`` cannot write (an object, a subclass of a plain type) is copied by a walk
    that rebuilds dicts and lists and hands anything else to ``copy.deepcopy``, so the
    result is always independent of ``value``.
    """
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # marshal refuses anything but the exact built-in types
        return _walk_copy(value)


def _walk_copy(value: Any) -> Any:
    """The copy in Python: dicts and lists rebuilt, immutable scalars shared, the rest deep-copied
    (aliasing inside ``value`` is not kept here, which plain data never relies on)."""
    kind = type(value)
    if kind is dict:
        return {key: item if type(item) in _IMMUTABLE else _walk_copy(item) for key, item in value.items()}
    if kind is list:
        return [item if type(item) in _IMMUTABLE else _walk_copy(item) for item in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)


def dict_copy(mapping: Mapping[K, V]) -> dict[K, V]:
    """A new dict of ``mapping``'s entries, in its order.  A read-only view (``MappingProxyType``,
    as immutable values hold their tables) is copied by its own ``copy``, which copies the dict
    behind it in C; ``dict(view)`` reads it entry by entry, twenty times slower (issue 13: a tile
    lay copies the board's tables)."""
    if isinstance(mapping, MappingProxyType):
        return mapping.copy()
    return dict(mapping)
