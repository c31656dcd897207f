"""axe-core's WCAG 2.1 A and AA rules run in the page (axe-playwright-python ships axe-core)."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

WCAG_21_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
              "resultTypes": ["violations"]}
_axe = Axe()


def assert_accessible(page) -> None:
    """Fail with axe's own report of every WCAG 2.1 AA violation on ``page`` as it is now."""
    results = _axe.run(page, options=WCAG_21_AA)
    assert results.violations_count == 0, results.generate_report()
