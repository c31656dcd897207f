"""Checking a title's options when every option is an on/off switch.

Railroad Barons and 1861 take only true/false options, each with a default; the check and
its words are the same for both, so a player reads the same message whichever game they set up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import MalformedRecord


def validate_switches(options: Any, defaults: Mapping[str, bool], title_name: str) -> dict[str, Any]:
    """``options`` over ``defaults``; MalformedRecord for a non-object, an unknown name or a non-boolean.

    ``title_name`` names the game in the unknown-option message ("Unknown 1861 option(s): ...").
    """
    if not isinstance(options, dict):
        raise MalformedRecord("options must be a JSON object.")
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        raise MalformedRecord(f"Unknown {title_name} option(s): {', '.join(map(str, unknown))}; known options:"
                              f" {', '.join(defaults)}.")
    for key, value in options.items():
        if not isinstance(value, bool):
            raise MalformedRecord(f"The option {key} must be true or false, not {value!r}.")
    return {**defaults, **options}
