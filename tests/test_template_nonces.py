"""Every inline script and style in the templates carries the request's CSP nonce.

The Content Security Policy (turnpost/csp.py) refuses inline code without it, so a script
added without the nonce silently stops working in every browser.
"""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
OPENING = re.compile(r"<(script|style)\b[^>]*>", re.IGNORECASE)
NONCE = 'nonce="{{ request.csp_nonce }}"'


def test_every_inline_script_and_style_carries_the_nonce():
    missing = [
        f"{path.relative_to(TEMPLATES)}: {tag.group(0)}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        if not path.is_relative_to(TEMPLATES / "emails")  # mail HTML is not served under the policy
        for tag in OPENING.finditer(path.read_text())
        if NONCE not in tag.group(0) and "src=" not in tag.group(0)
    ]
    assert missing == []
