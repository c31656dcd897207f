"""Table cells for mail: every colour inline, text and background together, so dark mode cannot strand a label.

Mail clients (Gmail, Outlook, Apple Mail) drop or rewrite ``<style>`` blocks and classes, and
their dark modes recolour text and backgrounds separately; a cell that sets only one of the
two can end up dark on dark.  So every coloured cell here names both, as an inline style and
as the ``bgcolor`` attribute Outlook's Word engine still reads.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

INK = "#1d2330"  # body text
PAPER = "#ffffff"  # page background
MUTED = "#5f6672"  # secondary text, still 4.5:1 on white
RULE = "#c9ced6"  # thin borders
HEAD = "#eef1f5"  # table heads
MINE = "#fff3c4"  # the reader's own tiles, rows and holdings


def style(fill: str = PAPER, ink: str = INK, **extra: str) -> str:
    """An inline style with both colours; ``extra`` as CSS properties (``font_weight="700"``)."""
    props = {"background-color": fill, "color": ink, **{key.replace("_", "-"): value for key, value in extra.items()}}
    return ";".join(f"{key}:{value}" for key, value in props.items())


def td(text: str, fill: str = PAPER, ink: str = INK, *, title: str = "", **extra: str) -> SafeString:
    """One ``<td>`` with its colours set twice (style and bgcolor); ``text`` is escaped."""
    titled = f' title="{escape(title)}"' if title else ""
    return mark_safe(f'<td bgcolor="{fill}" style="{style(fill, ink, **extra)}"{titled}>{escape(text)}</td>')
