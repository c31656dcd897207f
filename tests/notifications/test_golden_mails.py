"""Every mail kind rendered and compared with its golden file (text and HTML), and checked for mail-client safety.

Regenerate after a deliberate change of a template:
    TURNPOST_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/notifications/test_golden_mails.py
then read the diff (and the screenshots of tests/browser/test_mail_goldens.py) before committing.
"""

from __future__ import annotations

import os
import re

import pytest

from notifications import clock
from tests.notifications.mail_goldens import GOLDEN, NOW, REGENERATE, SCENARIOS, as_files, golden_files, read_golden

pytestmark = pytest.mark.django_db(transaction=True)

STYLE = re.compile(r'style="([^"]*)"')
BGCOLOR_TAG = re.compile(r'<(?:td|th)\b[^>]*\bbgcolor="[^"]+"[^>]*>')


@pytest.fixture
def stopped_clock(monkeypatch):
    monkeypatch.setattr(clock, "now", lambda: NOW)


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_mails_match_their_golden_files(scenario, players, stopped_clock):
    GOLDEN.mkdir(exist_ok=True)
    for name, composed in SCENARIOS[scenario](players):
        files = as_files(composed)
        if os.environ.get(REGENERATE):
            for suffix, path in golden_files(name).items():
                path.write_text(files[suffix])
        assert files == read_golden(name), f"{name} differs from its golden file; see this module's docstring"
        assert_safe_for_mail_clients(name, files[".html"])


def assert_safe_for_mail_clients(name: str, html: str) -> None:
    """Tables and inline styles only, nothing fetched, and no colour set without its partner (dark mode)."""
    assert "<style" not in html and "class=" not in html and "<link" not in html, name
    assert "<img" not in html and "<script" not in html and "url(" not in html, name
    for style in STYLE.findall(html):
        props = dict(part.split(":", 1) for part in style.split(";") if ":" in part)
        if "background-color" in props:
            assert "color" in props, (name, style)
    for cell in BGCOLOR_TAG.finditer(html):
        assert "background-color:" in cell.group(0) and ";color:" in cell.group(0), (name, cell.group(0))


def test_every_kind_has_a_golden_file():
    """Each template kind in templates/emails has at least one golden mail."""
    from notifications.models import MailKind

    names = {path.stem for path in GOLDEN.glob("*.txt")}
    for kind in MailKind.values:
        assert any(kind in name.split("-") for name in names), kind
