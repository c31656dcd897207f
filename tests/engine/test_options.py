"""The shared on/off option check of Railroad Barons and 1861 (engine.core.options)."""

from __future__ import annotations

import pytest

from engine.core.errors import MalformedRecord
from engine.core.options import validate_switches
from engine.railroad_barons.title import TITLE as RAILROAD_BARONS
from engine.t1861.title import TITLE as T1861

DEFAULTS = {"fast": False, "open": True}


def test_given_switches_override_the_defaults_and_the_rest_keep_theirs() -> None:
    assert validate_switches({"fast": True}, DEFAULTS, "Demo") == {"fast": True, "open": True}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ([], "options must be a JSON object."),
        ({"slow": True, "fast": True}, "Unknown Demo option(s): slow; known options: fast, open."),
        ({"open": "yes"}, "The option open must be true or false, not 'yes'."),
    ],
)
def test_bad_options_are_refused_in_words(options: object, message: str) -> None:
    with pytest.raises(MalformedRecord) as refused:
        validate_switches(options, DEFAULTS, "Demo")
    assert str(refused.value) == message


def test_each_title_names_itself_in_the_unknown_option_message() -> None:
    with pytest.raises(MalformedRecord, match=r"^Unknown Railroad Barons option\(s\): x;"):
        RAILROAD_BARONS.validate_options({"x": True})
    with pytest.raises(MalformedRecord, match=r"^Unknown 1861 option\(s\): x;"):
        T1861.validate_options({"x": True})
