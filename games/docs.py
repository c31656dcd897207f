"""The help page of a title: its ``docs/titles/<id>.md`` rendered to HTML.

The docs use a small part of Markdown (headings, paragraphs, lists, pipe tables, code,
bold, italics), so a small renderer does, and no dependency is added for it.  A heading
or paragraph carrying ``*[Turnpost]*`` marks what follows as Turnpost's reconstruction
rather than the published rules: the section under such a heading is wrapped so the page
can set it apart, and the marker becomes a visible badge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

RECONSTRUCTION_MARK = "*[Turnpost]*"
SOURCED_MARK = "*[sourced]*"
RECON_BADGE = '<mark class="recon">Turnpost\'s reconstruction</mark>'
SOURCED_BADGE = '<mark class="sourced-badge">sourced</mark>'
TITLE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")

INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
]
LIST_ITEM = re.compile(r"^(\s*)(?:[-*]|(\d+)\.)\s+(.*)$")


@dataclass
class TitleDoc:
    title_id: str
    heading: str
    html: SafeString
    reconstructed: bool
    sections: list[str] = field(default_factory=list)


def docs_dir() -> Path:
    return Path(settings.BASE_DIR) / "docs" / "titles"


def title_doc(title_id: str) -> TitleDoc | None:
    """The rendered docs of ``title_id``, or None when the title has none (or the id is not a title id)."""
    if not TITLE_ID.match(title_id):
        return None
    path = docs_dir() / f"{title_id}.md"
    if not path.is_file():
        return None
    return _rendered(title_id, path.read_text(encoding="utf-8"))


@lru_cache(maxsize=16)
def _rendered(title_id: str, text: str) -> TitleDoc:
    """Cached per text: the docs change only with a deploy, the page is read often."""
    heading, body = _split_title(text)
    html, sections = render_markdown(body)
    return TitleDoc(title_id, heading, html, RECONSTRUCTION_MARK in text, sections)


def _split_title(text: str) -> tuple[str, str]:
    lines = text.splitlines()
    if lines and lines[0].startswith("# "):
        return lines[0][2:].strip(), "\n".join(lines[1:])
    return "", text


def inline(text: str) -> str:
    """Escape, then the inline marks; the reconstruction marker first, so it is not read as italics."""
    html = escape(text)
    html = html.replace(escape(RECONSTRUCTION_MARK), RECON_BADGE).replace(escape(SOURCED_MARK), SOURCED_BADGE)
    for pattern, replacement in INLINE:
        html = pattern.sub(replacement, html)
    return html


def render_markdown(text: str) -> tuple[SafeString, list[str]]:
    """HTML for ``text``, and the headings of the sections marked as Turnpost's reconstruction."""
    out: list[str] = []
    marked: list[str] = []
    open_section: int | None = None  # level of the heading whose section is marked
    blocks = _blocks(text.splitlines())
    for block in blocks:
        level = _heading_level(block[0])
        if level:
            if open_section is not None and level <= open_section:
                out.append("</section>")
                open_section = None
            title = block[0][level + 1:].strip()
            if RECONSTRUCTION_MARK in title and open_section is None:
                out.append('<section class="recon">')
                open_section = level
                marked.append(title.replace(RECONSTRUCTION_MARK, "").strip())
            out.append(f"<h{level + 1}>{inline(title)}</h{level + 1}>")
        elif block[0].lstrip().startswith("|"):
            out.append(_table(block))
        elif LIST_ITEM.match(block[0]):
            out.append(_list(block))
        else:
            out.append(f"<p>{inline(' '.join(line.strip() for line in block))}</p>")
    if open_section is not None:
        out.append("</section>")
    return mark_safe("\n".join(out)), marked


def _heading_level(line: str) -> int:
    match = re.match(r"^(#{1,5})\s", line)
    return len(match.group(1)) if match else 0


def _blocks(lines: list[str]) -> list[list[str]]:
    """Lines grouped into blocks: split at blank lines, and a heading is always a block of its own."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if not line.strip() or _heading_level(line):
            if current:
                blocks.append(current)
            current = []
            if line.strip():
                blocks.append([line])
            continue
        starts_other = bool(current) and _kind(line) != _kind(current[0]) and not line.startswith(" ")
        if starts_other:
            blocks.append(current)
            current = []
        current.append(line)
    if current:
        blocks.append(current)
    return blocks


def _kind(line: str) -> str:
    if line.lstrip().startswith("|"):
        return "table"
    if LIST_ITEM.match(line):
        return "list"
    return "text"


def _list(block: list[str]) -> str:
    """One list level (the docs nest none): an item's continuation lines are indented."""
    items: list[str] = []
    ordered = False
    for line in block:
        match = LIST_ITEM.match(line)
        if match and not match.group(1):
            ordered = match.group(2) is not None
            items.append(match.group(3).strip())
        elif items:
            items[-1] += " " + line.strip()
    tag = "ol" if ordered else "ul"
    return f"<{tag}>" + "".join(f"<li>{inline(item)}</li>" for item in items) + f"</{tag}>"


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(block: list[str]) -> str:
    rows = [_cells(line) for line in block if not re.match(r"^\s*\|[\s:|-]+\|\s*$", line)]
    if not rows:
        return ""
    head = "".join(f"<th>{inline(cell)}</th>" for cell in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{inline(cell)}</td>" for cell in row) + "</tr>" for row in rows[1:])
    return f"<table><tr>{head}</tr>{body}</table>"
