"""The division tables' HTML kept in the database, so the season page never computes a table on view.

A division's table is rendered when it is rewritten (``leagues.standings.rewrite_table``, in
the finishing game's transaction) and stored with the key of the state it shows
(``standing_queries.division_table_keys``).  The season page reads the keys and the stored
HTML in two queries for all its divisions; it renders only a table whose key no longer
matches (a player renamed, the rules or the templates changed, a table never stored) and
stores it again.  Unlike a per-process cache it survives restarts: 50 tables take ~200 ms to
render on a loaded machine, ~5 ms to read.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from leagues import standing_queries as queries
from leagues.models import Division, Season, StoredTable


def season_tables(season: Season) -> SafeString:
    """The season's division tables as HTML for its page, top level first."""
    keys = queries.division_table_keys(season)
    stored = {division_id: (key, html) for division_id, key, html in
              StoredTable.objects.filter(division_id__in=list(keys)).values_list("division_id", "key", "html")}
    html = {division_id: stored[division_id][1] for division_id, key in keys.items()
            if division_id in stored and stored[division_id][0] == key}
    missing = [division_id for division_id in keys if division_id not in html]
    if missing:
        html.update(_render_and_store(season, {division_id: keys[division_id] for division_id in missing}))
    return mark_safe("".join(html[division_id] for division_id in keys))  # our own templates' output, escaped there


def store_division_table(division: Division) -> None:
    """Render the division's table as it now stands and store it (call after its rows are rewritten)."""
    season = division.season
    _render_and_store(season, queries.division_table_keys(season, [division.pk]))


def _render_and_store(season: Season, keys: dict[int, str]) -> dict[int, str]:
    """Division id -> the HTML of its table now, for the divisions in ``keys``, each stored under its key."""
    context = {"league": season.league, "season": season, "columns": queries.tie_break_columns(season)}
    html = {table.division.pk: render_to_string("leagues/_season_division.html", {**context, "table": table})
            for table in queries.division_tables(season, list(keys))}
    StoredTable.objects.bulk_create([StoredTable(division_id=pk, key=keys[pk], html=text) for pk, text in html.items()],
                                    update_conflicts=True, unique_fields=["division"], update_fields=["key", "html"])
    return html
