"""Rule citations in the engine's sentences, and the anchors they point to on a title's rules page.

The engines cite their rules reference in refusals, prompt help and the log: Acquire as ``R36``
(a numbered statement) or ``D5`` (a decision); Railroad Barons as ``P-1.2`` (a proposal),
``D-05`` (a decision) or ``b.5 #36`` (statement 36 of part b.5, with more numbers of the same
part as ``, #37``).  Each cited number is an anchor on ``/games/rules/<title>/``: the same
text as the citation, except a Railroad Barons statement, whose anchor is ``B36``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

RULES_TITLES = ("acquire", "railroad-barons")  # titles whose cited rule numbers link to their anchors
# Titles with a rules page; 1861's cites its reference's section numbers ("rules 12.3"), which
# are not linked yet: its page names each section under that number.
RULES_PAGES = (*RULES_TITLES, "1861")

# A statement of part b (b.5 #36), and the further statements of the same part it lists (, #37).
_PART_B = r"b\.\d+ #\d+(?:, #\d+)*"
_PATTERNS = {
    "acquire": re.compile(r"\b[RD]\d{1,2}\b"),
    "railroad-barons": re.compile(rf"\bP-\d{{1,2}}(?:\.\d)?\b|\bD-\d\d\b|\b{_PART_B}"),
}
_STATEMENT = re.compile(r"#(\d+)")


def has_rules_page(title_id: str) -> bool:
    return title_id in RULES_PAGES


def cited_anchors(text: str, title_id: str) -> list[str]:
    """The anchor ids of every rule ``text`` cites, in order (empty for a title without a rules page)."""
    return [anchor for _, anchor in _citations(text, title_id)]


def link_citations(text: object, title_id: str) -> SafeString:
    """``text`` escaped (unless already safe), with each rule citation a link to its rule."""
    html = str(conditional_escape(text))
    pattern = _PATTERNS.get(title_id)
    if pattern is None:
        return mark_safe(html)  # escaped above
    page = reverse("games:rules", args=[title_id])
    return mark_safe(pattern.sub(_linker(page), html))  # escaped above; only our links are added


def _linker(page: str) -> Callable[[re.Match[str]], str]:
    def link(match: re.Match[str]) -> str:
        return "".join(_link(page, words, anchor) if anchor else words for words, anchor in _pieces(match.group(0)))
    return link


def _link(page: str, words: str, anchor: str) -> str:
    return format_html('<a href="{}#{}" class="rule-ref">{}</a>', page, anchor, words)


def _citations(text: str, title_id: str) -> Iterator[tuple[str, str]]:
    pattern = _PATTERNS.get(title_id)
    if pattern is None:
        return
    for match in pattern.finditer(text):
        yield from ((words, anchor) for words, anchor in _pieces(match.group(0)) if anchor)


def _pieces(citation: str) -> list[tuple[str, str]]:
    """A citation cut into (words, anchor) pieces; the separators between statements have no anchor.

    ``b.4 #24, #26`` gives ``[("b.4 #24", "B24"), (", ", ""), ("#26", "B26")]``; anything else is one piece.
    """
    if not citation.startswith("b."):
        return [(citation, citation)]
    pieces: list[tuple[str, str]] = []
    position = 0
    for number in _STATEMENT.finditer(citation):
        start = 0 if not pieces else number.start()
        if start > position:
            pieces.append((citation[position:start], ""))
        pieces.append((citation[start:number.end()], f"B{number.group(1)}"))
        position = number.end()
    return pieces
