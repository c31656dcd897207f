"""Small inline SVG line charts (no JavaScript), built as escaped strings."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 12, 28


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    values: list[int | None]


def line_chart(title: str, series: list[Series], marker: int | None = None) -> SafeString:
    """A chart of ``series`` over steps 0..n, with a vertical marker at step ``marker``."""
    steps = max((len(s.values) for s in series), default=0)
    numbers = [v for s in series for v in s.values if v is not None]
    top = max(numbers, default=0) or 1
    x_of = _scale(0, max(steps - 1, 1), LEFT, WIDTH - RIGHT)
    y_of = _scale(0, top, HEIGHT - BOTTOM, TOP)
    parts = [
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT + 18 * len(series)}" role="img" aria-label="{escape(title)}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="system-ui,sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
        *_axes(top, steps, x_of, y_of),
    ]
    if marker is not None and steps:
        x = x_of(min(marker, steps - 1))
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{HEIGHT - BOTTOM}" stroke="#e8a33d" '
                     'stroke-width="2" stroke-dasharray="4 3"/>')
    for s in series:
        points = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(s.values) if v is not None)
        parts.append(f'<polyline fill="none" stroke="{escape(s.colour)}" stroke-width="2" points="{points}"/>')
    parts += _legend(series)
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _scale(lo: float, hi: float, out_lo: float, out_hi: float):
    span = (hi - lo) or 1
    return lambda value: out_lo + (value - lo) * (out_hi - out_lo) / span


def _axes(top: int, steps: int, x_of, y_of) -> list[str]:
    parts = [
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" stroke="#888"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#888"/>',
    ]
    for fraction in (0, 0.5, 1):
        value = round(top * fraction)
        y = y_of(value)
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#5d6677">{value:,}</text>')
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#eee"/>')
    last = max(steps - 1, 0)
    for step in sorted({0, last // 2, last}):
        parts.append(f'<text x="{x_of(step):.1f}" y="{HEIGHT - 10}" text-anchor="middle" fill="#5d6677">{step}</text>')
    return parts


def _legend(series: list[Series]) -> list[str]:
    parts = []
    for index, s in enumerate(series):
        y = HEIGHT + 4 + 18 * index
        parts.append(f'<rect x="{LEFT}" y="{y}" width="12" height="12" fill="{escape(s.colour)}"/>')
        parts.append(f'<text x="{LEFT + 18}" y="{y + 10}" fill="#1d2330">{escape(s.name)}</text>')
    return parts
