"""``{{ mail.body_html|links_open_on_top }}``: the local inbox shows a mail's HTML in a sandboxed frame.

The site refuses to be framed (``frame-ancestors 'none'``), so a link followed inside that frame
showed the browser's error page instead of the move it offers.  A ``<base target="_top">`` sends
every link to the whole tab, as a mail client opens it; the mail itself is left as it was sent.
"""

from __future__ import annotations

import re

from django import template

register = template.Library()

HEAD = re.compile(r"<head\b[^>]*>", re.IGNORECASE)
BASE = '<base target="_top">'


@register.filter
def links_open_on_top(html: str) -> str:
    """``html`` with a base target of the top window, placed first in its head (before the head, if none)."""
    head = HEAD.search(html)
    if head is None:
        return BASE + html
    return html[: head.end()] + BASE + html[head.end():]
