"""Prompt forms filled from a refused post: each kind of field shows what was sent."""

from __future__ import annotations

from django.http import QueryDict

from engine.core import ActionOption, Choice, Field, Prompt
from games.prompt_forms import option_forms

PROMPT = Prompt(0, "pick", "Pick?", (
    ActionOption("pick", "Pick", fields=(
        Field("tile", "choice", "Tile", choices=(Choice("1A", "1A"), Choice("2A", "2A"))),
        Field("count", "count", "Count", min=0, max=5),
        Field("shares", "counts", "Shares", choices=(Choice("tower", "Tower"), Choice("luxor", "Luxor"))),
        Field("keep", "bool", "Keep", required=False),
    )),
    ActionOption("pass", "Pass"),
))


def test_the_submitted_form_shows_the_posted_values():
    posted = QueryDict("type=pick&f.tile=2A&f.count=3&f.shares.luxor=2&f.keep=true")
    pick, _ = option_forms(PROMPT, posted)
    tile, count, shares, keep = pick.fields
    assert [c.checked for c in tile.choices] == [False, True]
    assert count.value == "3"
    assert [c.value for c in shares.choices] == ["0", "2"]
    assert keep.value is True


def test_other_forms_and_fresh_pages_show_their_defaults():
    pick, _ = option_forms(PROMPT, QueryDict("type=pass&f.count=3"))
    assert pick.fields[1].value == "0" and pick.fields[2].choices[1].value == "0"
    assert option_forms(PROMPT)[0].fields[1].value == "0"
