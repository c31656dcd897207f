"""1861's presentation: everything the site draws for *1861: The Railways of the Russian Empire*.

The map is drawn here and only here (``map_svg``), from the engine's plain map view
(``engine.t1861.map_view``): the drawing knows where things go, never which rule put them
there.  ``present`` turns the engine's view into the rows of ``games/boards/1861.html``;
``facts`` adds the public facts the engine's view does not carry yet (market stacks, the
depot, the operating order).  New games start from the new-game page like any title's; the
one option a player chooses there is the column market (rules 7.2).
"""

from __future__ import annotations

from engine.t1861.data import DATA
from games.titles.t1861.changes import MAP_ANCHOR, changed_hexes
from games.titles.t1861.colours import company_colours
from games.titles.t1861.covers import prompt_covers, prompt_pointer
from games.titles.t1861.facts import state_facts
from games.titles.t1861.lay_picker import prompt_picker
from games.titles.t1861.present import present
from games.titles.ui import BoolOption, TitleUI

MINOR_IDS = frozenset(minor["id"] for minor in DATA.raw["minors"])
MINOR_DASH = "2 3"

UI = TitleUI(
    board_template="games/boards/1861.html",
    present=present,
    view_facts=state_facts,
    board_script="games/boards/_1861_script.html",
    prompt_picker=prompt_picker,
    picker_template="games/boards/_1861_lays.html",
    prompt_covers=prompt_covers,
    prompt_pointer=prompt_pointer,
    options=(BoolOption("column_market", "Column market: one column of prices, as in 1867 (rules 7.2)", False),),
    changed_hexes=changed_hexes,
    map_anchor=MAP_ANCHOR,
    # Everything in 1861 is public (docs/titles/1861.md): no seat's view hides anything.
    # Every company, not only those in the view at the chart's step: a minor merged away before
    # that step still has its line, and was drawn with its raw id and a borrowed colour.
    series_names=lambda view: {company.lower(): company for company in company_colours()},
    series_colours=lambda view: {company.lower(): fill for company, (fill, _) in company_colours().items()},
    # Minors share their printed colours with majors (and with each other): their lines are dotted.
    series_dash=lambda key: MINOR_DASH if key.upper() in MINOR_IDS else "",
    currency="₽",
    chart_numbers=lambda summary: ({key: company.get("price") for key, company in summary.get("companies", {}).items()},
                                   [player.get("worth") for player in summary.get("players", [])]),
)
