"""1861's presentation: everything the site draws for *1861: The Railways of the Russian Empire*.

The map is drawn here and only here (``map_svg``), from the engine's plain map view
(``engine.t1861.map_view``): the drawing knows where things go, never which rule put them
there.  ``present`` turns the engine's view into the rows of ``games/boards/1861.html``;
``facts`` adds the public facts the engine's view does not carry yet (market stacks, the
depot, the operating order).  1861 is registered but not playable: the site shows the 1861
games it holds (imported from 18xx.games) and starts none.
"""

from __future__ import annotations

from games.titles.t1861.changes import MAP_ANCHOR, changed_hexes
from games.titles.t1861.colours import company_colour
from games.titles.t1861.facts import state_facts
from games.titles.t1861.present import present
from games.titles.ui import TitleUI

UI = TitleUI(
    board_template="games/boards/1861.html",
    present=present,
    view_facts=state_facts,
    board_script="games/boards/_map_zoom.html",
    changed_hexes=changed_hexes,
    map_anchor=MAP_ANCHOR,
    new_games_held_back=("1861 games from 18xx.games can be imported and reviewed here, but new 1861 games cannot be"
                         " started yet: its map, move pages and mails are still being built."),
    # Everything in 1861 is public (docs/titles/1861.md): no seat's view hides anything.
    series_names=lambda view: {key: key.upper() for key in view.get("companies", {})},
    series_colours=lambda view: {key: company_colour(key.upper())[0] for key in view.get("companies", {})},
    chart_numbers=lambda summary: ({key: company.get("price") for key, company in summary.get("companies", {}).items()},
                                   [player.get("worth") for player in summary.get("players", [])]),
)
