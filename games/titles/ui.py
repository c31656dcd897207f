"""What every title's presentation shares: the option checkbox, the per-title hooks, fallback colours.

Each title's own drawing lives in its own module beside this one (``acquire``,
``railroad_barons``, ``t1861``), as each has its own folder in ``engine/``; titles do not
import each other, so anything two of them use sits here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

LOOSE_COLOUR = ("#9aa0a6", "#ffffff")
SERIES_COLOURS = ["#1f5fbf", "#d9534f", "#3a9d5d", "#8b5a2b", "#e8a33d", "#7a4fbf", "#1f9bb0"]


@dataclass(frozen=True)
class BoolOption:
    """A title option shown as a checkbox on the create form."""

    name: str
    label: str
    default: bool


@dataclass(frozen=True)
class TitleUI:
    board_template: str = "games/boards/generic.html"
    options: tuple[BoolOption, ...] = ()
    present: Callable[[dict[str, Any]], dict[str, Any]] = lambda view: {}
    chart_numbers: Callable[[dict[str, Any]], tuple[dict[str, int | None], list[int | None]]] = (
        lambda summary: ({}, [player.get("cash") for player in summary.get("players", [])])
    )
    colours: dict[str, str] = field(default_factory=dict)  # chart colour per price series
    holdings_open: Callable[[dict[str, Any]], bool] = lambda options: True
    # A price series' name and (when the view knows it) colour, read from a public view.
    series_names: Callable[[dict[str, Any]], dict[str, str]] = lambda view: chain_series_names(view)
    series_colours: Callable[[dict[str, Any]], dict[str, str]] = lambda view: {}
    # A price series' dash pattern ("" solid): tells apart series that share a printed colour.
    series_dash: Callable[[str], str] = lambda key: ""
    # A sentence on the game and history pages when some of the title's rules are not the published ones.
    rules_note: str = ""
    # Public facts the board needs that the engine's view leaves out, read from the state when the
    # view is made (the same call for every seat, so it may carry nothing one seat may not see).
    view_facts: Callable[[Any], dict[str, Any]] = lambda state: {}
    # A template with the board's script, included after the cached board so it carries the request's CSP nonce.
    board_script: str = ""
    # The waiting seat's own part of its prompt, made from the state and the prompt when the position
    # is computed (1861: the map picker of tile lays and token places): cached with that seat's
    # position, never with the board every visitor shares, and shown in the prompt by ``picker_template``.
    prompt_picker: Callable[[Any, Any], dict[str, Any] | None] = lambda state, prompt: None
    picker_template: str = ""
    # The action types the title's own cards take for the acting seat's prompt (its picker, a route
    # card), from the prompt and its picker: the prompt card leaves out their one-click answers and
    # forms, so each choice shows once.  Mails keep every quick answer (they have no picker).
    prompt_covers: Callable[[Any, dict[str, Any] | None], frozenset[str]] = lambda prompt, picker: frozenset()
    # Where on the page the prompt is answered when a card outside the prompt card took its answers
    # (1861's route card, below the map), from the prompt and what was covered: {"anchor", "words"}.
    # Without it a phone's prompt card asks a question with nothing under it to press.
    prompt_pointer: Callable[[Any, frozenset[str]], dict[str, str] | None] = lambda prompt, covered: None
    # Why players may not start new games of the title here yet ("" = they may).  The engine's
    # ``playable`` says a whole game plays to its end; this says the site's pages and mails can
    # take every decision of it.  A title held back still imports, replays and shows its games.
    new_games_held_back: str = ""
    # The turn mail's "changed on the map" lines, from the log lines the reader may read since
    # their last move (mail clients block SVG: a list beside a link to the map), and the game
    # page's anchor of that map ("" when the title has no map).
    changed_hexes: Callable[[list[dict[str, Any]]], list[str]] = lambda events: []
    map_anchor: str = ""
    # Sentences every reader of the game's pages is told about how it was set up, from its options
    # (Acquire: a tile order fixed by the creator, who may then know every hand).
    setup_notes: Callable[[dict[str, Any]], list[str]] = lambda options: []
    # What signing in lets a player of the game do that a visitor cannot (Acquire: see their tiles).
    sign_in_to: str = "make your move"
    # The sign written before an amount of the game's money (1861 plays in roubles).
    currency: str = "$"

    def series_colour(self, key: str, index: int, view: dict[str, Any] | None = None) -> str:
        from_view = self.series_colours(view) if view is not None else {}
        return from_view.get(key) or self.colours.get(key) or SERIES_COLOURS[index % len(SERIES_COLOURS)]


def with_view_facts(ui: TitleUI, state: Any, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with the title's extra board facts under ``"facts"`` (unchanged when it has none)."""
    facts = ui.view_facts(state)
    return {**view, "facts": facts} if facts else view


def chain_series_names(view: dict[str, Any]) -> dict[str, str]:
    """Acquire's price series are its chains, named as the view names them."""
    return {key: info.get("name", key) for key, info in view.get("chains", {}).items()}

