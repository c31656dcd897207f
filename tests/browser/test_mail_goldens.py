"""Each golden HTML mail opened in Chromium, at a desktop and a phone width: screenshots to test-artifacts/.

Look at them after changing a mail template (tests/notifications/test_golden_mails.py says how
to regenerate the goldens).  The page must fetch nothing besides itself: a mail with remote
images or fonts would be blocked, or would tell a sender when it was read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parents[1] / "notifications" / "golden"
MAILS = sorted(GOLDEN.glob("*.html"))
WIDTHS = {"desktop": 680, "phone": 390}


def first_word_of_text_part(golden: Path) -> str:
    """The plain-text part's first word (after its Subject line): the HTML part, rendered, opens with it too."""
    return golden.with_suffix(".txt").read_text().split("\n\n", 1)[1].split()[0]


@pytest.mark.parametrize("golden", MAILS, ids=[path.stem for path in MAILS])
def test_a_golden_mail_renders_from_itself_alone(golden, new_page, artifacts):
    for label, width in WIDTHS.items():
        page = new_page(viewport={"width": width, "height": 800})
        fetched: list[str] = []
        page.on("request", lambda request, seen=fetched: seen.append(request.url))
        page.goto(golden.as_uri())
        assert fetched == [golden.as_uri()], fetched
        assert page.locator("body").inner_text().split()[0] == first_word_of_text_part(golden)
        page.screenshot(path=str(artifacts / f"mail-{golden.stem}-{label}.png"), full_page=True)
        # The 12x9 board and every table fit a phone without scrolling sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (golden.stem, label)
