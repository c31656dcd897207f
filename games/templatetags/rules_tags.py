"""Filters for engine text and rules pages: rule citations as links, and amounts in dollars and roubles."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.rule_citations import link_citations

register = template.Library()


@register.filter
def rule_links(text: object, title_id: str) -> SafeString:
    """``{{ error|rule_links:game.title }}``: the text escaped, each rule it cites a link to the rules page."""
    return link_citations(text, title_id)


@register.filter
def dollars(amount: int) -> str:
    """6000 as "$6,000", as the rules references write money."""
    return f"${amount:,}"


@register.filter
def roubles(amount: int) -> str:
    """13950 as "₽13,950", as 1861's mails and standings write money."""
    return f"₽{amount:,}"
