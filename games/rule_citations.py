"""Rule citations in the engine's sentences, and the anchors they point to on a title's rules page.

The engines cite their rules reference in refusals, prompt help and the log: Acquire as ``R36``
(a numbered statement) or ``D5`` (a decision); Railroad Barons as ``P-1.2`` (a proposal),
``D-05`` (a decision) or ``b.5 #36`` (statement 36 of part b.5, with more numbers of the same
part as ``, #37``); 1861 as ``rules 12.4`` (a section of its reference).  Each cited number is an
anchor on ``/games/rules/<title>/``: the same text as the citation, except a Railroad Barons
statement, whose anchor is ``B36``, and an 1861 section, which links to its section's heading
(``s12``: the page summarises each section, not each paragraph).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

RULES_TITLES = ("acquire", "railroad-barons")  # titles whose cited rule numbers link to their own anchors
SECTION_TITLES = ("1861",)  # titles whose citations link to the heading of the section they cite
RULES_PAGES = (*RULES_TITLES, *SECTION_TITLES)

# A statement of part b (b.5 #36), and the further statements of the same part it lists (, #37).
_PART_B = r"b\.\d+ #\d+(?:, #\d+)*"
_PATTERNS = {
    "acquire": re.compile(r"\b[RD]\d{1,2}\b"),
    "railroad-barons": re.compile(rf"\bP-\d{{1,2}}(?:\.\d)?\b|\bD-\d\d\b|\b{_PART_B}"),
    "1861": re.compile(r"\brules \d{1,2}(?:\.\d{1,2})?\b"),
}
_SECTION = re.compile(r"rules (\d+)")
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
    if pattern is None or pattern.search(html) is None:
        return mark_safe(html)  # escaped above; most texts cite nothing, and a page shows dozens of them
    page = reverse("games:rules", args=[title_id])
    return mark_safe(pattern.sub(_linker(page), html))  # escaped above; only our links are added


def _linker(page: str) -> Callable[[re.Match[str]], str]:
    def link(match: re.Match[str]) -> str:
        pieces = _pieces(match.group(0))
        return "".join(_link(page, words, anchor) if anchor else words for words, anchor in pieces)
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

    ``b.4 #24, #26`` gives ``[("b.4 #24", "B24"), (", ", ""), ("#26", "B26")]``; ``rules 12.4`` gives
    ``[("rules 12.4", "s12")]``; anything else is one piece.
    """
    section = _SECTION.match(citation)
    if section:
        return [(citation, f"s{section.group(1)}")]
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
