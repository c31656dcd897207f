"""Small inline SVG line charts (no JavaScript), built as escaped strings.

Each step has a transparent band with a ``<title>``: hovering it (or a screen reader)
reads every series' value at that step.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 640, 236
LEFT, RIGHT, TOP, BOTTOM = 72, 12, 12, 44
LEGEND_ROW = 18
MARKER_COLOUR = "#5f6673"
INK = "#4a5262"
# Players' lines: hues no chain or holding uses (games.titles.acquire, .railroad_barons), drawn dashed besides.
PLAYER_COLOURS = ["#6a3fb5", "#c2410c", "#5b6b12", "#475569", "#a21caf", "#1e3a8a"]
PLAYER_DASH = "6 3"


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    values: list[int | None]
    dash: str = ""


@dataclass(frozen=True)
class Axes:
    """What the chart's axes say: their titles and how a value reads."""

    x_title: str
    y_title: str
    prefix: str = "$"
    step_noun: str = "move"  # what a step is: "After move 5" (a rating chart's steps are games)

    def value(self, number: int) -> str:
        return f"{self.prefix}{number:,}"

    def step_name(self, step: int) -> str:
        return f"After {self.step_noun} {step}" if step else "Start"


def position_name(step: int) -> str:
    """The position after ``step`` moves, named as the history's step label names it."""
    return f"After move {step}" if step else "Start"


def player_series(names: list[str], rows: list[list[int | None]]) -> list[Series]:
    """One dashed series per seat from per-step rows of every seat's number."""
    seats = range(len(rows[0])) if rows else range(0)
    return [Series(names[seat] if seat < len(names) else f"seat {seat + 1}",
                   PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], [row[seat] for row in rows], PLAYER_DASH)
            for seat in seats]


def line_chart(title: str, series: list[Series], axes: Axes, marker: int | None = None) -> SafeString:
    """A chart of ``series`` over steps 0..n, with a vertical marker at step ``marker``."""
    steps = max((len(s.values) for s in series), default=0)
    numbers = [v for s in series for v in s.values if v is not None]
    top = max(numbers, default=0) or 1
    x_of = _scale(0, max(steps - 1, 1), LEFT, WIDTH - RIGHT)
    y_of = _scale(0, top, HEIGHT - BOTTOM, TOP)
    parts = [
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT + LEGEND_ROW * len(series)}" role="img" aria-label="{escape(title)}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="system-ui,sans-serif" font-size="11">',
        f"<title>{escape(title)}</title>",
        *_axes(top, steps, x_of, y_of, axes),
    ]
    if marker is not None and steps:
        x = x_of(min(marker, steps - 1))
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{HEIGHT - BOTTOM}" stroke="{MARKER_COLOUR}" '
                     'stroke-width="2" stroke-dasharray="4 3"/>')
    for s in series:
        points = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(s.values) if v is not None)
        dash = f' stroke-dasharray="{s.dash}"' if s.dash else ""
        parts.append(f'<polyline fill="none" stroke="{escape(s.colour)}" stroke-width="2"{dash} points="{points}"/>')
    parts += _hover_bands(series, steps, x_of, axes)
    parts += _legend(series)
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _scale(lo: float, hi: float, out_lo: float, out_hi: float):
    span = (hi - lo) or 1
    return lambda value: out_lo + (value - lo) * (out_hi - out_lo) / span


def _axes(top: int, steps: int, x_of, y_of, axes: Axes) -> list[str]:
    base = HEIGHT - BOTTOM
    parts = [
        f'<line x1="{LEFT}" y1="{base}" x2="{WIDTH - RIGHT}" y2="{base}" stroke="#767676"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}" stroke="#767676"/>',
    ]
    for fraction in (0, 0.5, 1):
        value = round(top * fraction)
        y = y_of(value)
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="{INK}">{axes.value(value)}</text>')
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#eee"/>')
    last = max(steps - 1, 0)
    for step in sorted({0, last // 2, last}):
        parts.append(f'<text x="{x_of(step):.1f}" y="{base + 16}" text-anchor="middle" fill="{INK}">{step}</text>')
    middle_x, middle_y = (LEFT + WIDTH - RIGHT) / 2, (TOP + base) / 2
    parts.append(f'<text x="{middle_x:.0f}" y="{base + 34}" text-anchor="middle" fill="#1d2330" '
                 f'class="axis-title">{escape(axes.x_title)}</text>')
    parts.append(f'<text x="14" y="{middle_y:.0f}" text-anchor="middle" fill="#1d2330" class="axis-title" '
                 f'transform="rotate(-90 14 {middle_y:.0f})">{escape(axes.y_title)}</text>')
    return parts


def _hover_bands(series: list[Series], steps: int, x_of, axes: Axes) -> list[str]:
    """A see-through band per step whose ``<title>`` lists each series' value there (the hover tooltip)."""
    if not steps:
        return []
    half = (x_of(1) - x_of(0)) / 2 if steps > 1 else (WIDTH - RIGHT - LEFT) / 2
    parts = ['<g class="values" fill="transparent">']
    for step in range(steps):
        label = values_at(series, step, axes)
        if not label:
            continue
        x = max(x_of(step) - half, LEFT)
        width = min(x_of(step) + half, WIDTH - RIGHT) - x
        label = escape(label)
        parts.append(f'<rect x="{x:.1f}" y="{TOP}" width="{width:.1f}" height="{HEIGHT - BOTTOM - TOP}" '
                     f'data-step="{step}"><title>{label}</title></rect>')
    parts.append("</g>")
    return parts


def values_at(series: list[Series], step: int, axes: Axes) -> str:
    """``After move 5: Tower $300, Luxor $200``: every series' value at one step, in words ("" if none has one)."""
    values = [f"{s.name} {axes.value(s.values[step])}" for s in series
              if step < len(s.values) and s.values[step] is not None]
    return f"{axes.step_name(step)}: " + ", ".join(values) if values else ""


def _legend(series: list[Series]) -> list[str]:
    parts = []
    for index, s in enumerate(series):
        y = HEIGHT + 4 + LEGEND_ROW * index
        dash = f' stroke-dasharray="{s.dash}"' if s.dash else ""
        parts.append(f'<line x1="{LEFT}" y1="{y + 6}" x2="{LEFT + 24}" y2="{y + 6}" stroke="{escape(s.colour)}" '
                     f'stroke-width="3"{dash}/>')
        parts.append(f'<text x="{LEFT + 30}" y="{y + 10}" fill="#1d2330">{escape(s.name)}</text>')
    return parts
