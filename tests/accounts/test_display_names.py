"""Display names: nothing invisible or layout-changing, nothing empty; what people write stays theirs."""

from __future__ import annotations

import html
import unicodedata

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.display_names import REFUSED_CATEGORIES, clean_display_name
from accounts.models import User

pytestmark = pytest.mark.django_db


def rename(client, name: str):
    return client.post("/accounts/", {"display_name": name, "email": "ann@example.com", "time_zone": "UTC"})


@pytest.mark.parametrize(("name", "named"), [
    ("Ann\u202enib", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("\u2067Ann", "U+2067 (RIGHT-TO-LEFT ISOLATE)"),
    ("An\u200bn", "U+200B (ZERO WIDTH SPACE)"),
    ("An\u00adn", "U+00AD (SOFT HYPHEN)"),
    ("Ann\u200f", "U+200F (RIGHT-TO-LEFT MARK)"),
    ("Ann\u2028Bob", "U+2028 (LINE SEPARATOR)"),
    ("Ann\nBob", "U+000A (a control character)"),
    ("Ann\u200dBob", "U+200D (ZERO WIDTH JOINER)"),  # a joiner between letters hides, it joins nothing
])
def test_invisible_and_control_characters_are_refused_by_name(client, ann, name, named):
    response = rename(client, name)
    page = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert f"A display name cannot hold invisible or control characters; remove the {named}." in page
    ann.refresh_from_db()
    assert ann.display_name == "Ann"


def test_a_nul_is_refused(client, ann):
    response = rename(client, "Ann\x00")
    assert response.status_code == 200 and "Null characters are not allowed" in response.content.decode()
    ann.refresh_from_db()
    assert ann.display_name == "Ann"


@pytest.mark.parametrize("name", ["   ", "\u3000", "\t "])
def test_a_name_of_only_spaces_is_refused(client, ann, name):
    response = rename(client, name)
    assert "Choose the name other players will see." in response.content.decode()
    ann.refresh_from_db()
    assert ann.display_name == "Ann"


@pytest.mark.parametrize("name", ["Zoë", "李雷", "José María", "Ана", "محمد", "O'Brien",
                                  "👩\u200d💻 Dev", "🏳\ufe0f\u200d🌈 Cy"])
def test_names_people_write_are_kept(client, ann, name):
    assert rename(client, f"  {name} ").status_code == 302
    ann.refresh_from_db()
    assert ann.display_name == name


def test_the_first_visit_form_refuses_them_too(client):
    newcomer = User.objects.create_user("new@example.com")
    client.force_login(newcomer)
    response = client.post("/accounts/welcome/", {"display_name": "Zoe\u202e", "time_zone": "UTC"})
    assert "RIGHT-TO-LEFT OVERRIDE" in response.content.decode()
    newcomer.refresh_from_db()
    assert newcomer.display_name == ""


@settings(max_examples=300)
@given(st.text(max_size=20))
def test_an_accepted_name_holds_no_refused_character_but_a_joiner_in_an_emoji(raw):
    try:
        name = clean_display_name(raw)
    except ValidationError:
        return
    assert name and name == name.strip()
    assert all(unicodedata.category(c) not in REFUSED_CATEGORIES or c == "\u200d" for c in name)
