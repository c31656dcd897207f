"""Copying plain JSON-like data (dicts, lists, strings, numbers, booleans, None) quickly.

``copy.deepcopy`` keeps a memo of every object it visits so that shared and cyclic
references survive; state kept as plain data has neither, and the memo makes deepcopy
several times slower than a walk that only rebuilds the dicts and lists.  A title whose
rules work on a copy of their state (1861's stock round) copies on every action, so this
is on the replay path (issue 13).
"""

from __future__ import annotations

import copy
from typing import Any

_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


def plain_copy(value: Any) -> Any:
    """An independent copy of ``value``: dicts and lists rebuilt, immutable scalars shared.

    Anything else (a tuple, a set, an object) is handed to ``copy.deepcopy``, so the result
    is always independent of ``value``; only aliasing inside ``value`` is not kept (two
    places holding one list get a list each), which plain data never relies on.
    """
    kind = type(value)
    if kind is dict:
        return {key: item if type(item) in _IMMUTABLE else plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [item if type(item) in _IMMUTABLE else plain_copy(item) for item in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)
