"""Railroad Barons in a mail: the round, the holdings, the top railroad card, the share-value track, the players.

Everything in this title is public; ``seat`` only marks the reader's own rows.
"""

from __future__ import annotations

from typing import Any

from django.utils.safestring import mark_safe

from games.titles.railroad_barons import holding_colour
from notifications.positions.cells import INK, MUTED, PAPER, RULE, td

TRACK_COLUMNS = 5
TRACK_CELL = {"padding": "3px 4px", "width": "64px", "text_align": "center", "font_size": "12px",
              "border": f"1px solid {RULE}"}


def money(amount: int | None) -> str:
    return "" if amount is None else f"${amount:,}"


def holding_rows(view: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """Per holding (operating order): colours, director, price, treasury, railroads, income, certificates."""
    rows = []
    for holding in view.get("holdings", []):
        fill, ink = holding_colour(holding.get("colour", ""))
        rows.append({
            "id": holding["id"], "name": holding["short_name"], "full_name": holding.get("name", ""),
            "fill": fill, "ink": ink,
            "status": "floated" if holding.get("floated") else "started" if holding.get("started") else "not started",
            "director": holding.get("director_name") or "-",
            "yours": holding.get("director") is not None and holding.get("director") == seat,
            "price": money(holding.get("price")) or "-",
            "cash": money(holding.get("cash")),
            "income": money(holding.get("income")),
            "railroads": ", ".join(f"{r['name']} (L{r['level']}, {money(r['income'])})"
                                   for r in holding.get("railroads", [])) or "none",
            "owners": ", ".join(f"{c['percent']}% {c['owner_name']}" for c in holding.get("certificates", [])
                                if c.get("owner_name") != "bank") or "all in the bank",
        })
    return rows


def top_card(pile: dict[str, Any]) -> dict[str, Any] | None:
    top = pile.get("top")
    if not top:
        return None
    sides = [
        f"{side['category']} {side['side']}: level {side['level']}, cost {money(side['cost'])}, "
        f"income {money(side['income'])}{'' if side.get('available', True) else ' (obsolete)'}"
        for side in top.get("sides", [])
    ]
    return {"name": top.get("name", ""), "sides": sides}


def track(view: dict[str, Any], holdings: list[dict[str, Any]]) -> dict[str, Any]:
    """The share-value track: HTML rows of spaces (a holding's colour where its marker stands) and a text line."""
    by_id = {holding["id"]: holding for holding in holdings}
    spaces = view.get("track", [])
    cells = [_space(space, by_id) for space in spaces]
    rows = [cells[start:start + TRACK_COLUMNS] for start in range(0, len(cells), TRACK_COLUMNS)]
    html = mark_safe("".join("<tr>\n" + "\n".join(row) + "</tr>\n" for row in rows))
    occupied = [f"{money(space['price'])} {_names(space, by_id)}" for space in spaces if space.get("holdings")]
    text = "; ".join(occupied) or "no holding has started"
    span = f"{money(spaces[0]['price'])} to {money(spaces[-1]['price'])}" if spaces else ""
    return {"html": html, "range": span, "sentence": ended(f"Share-value track ({span}): {text}")}


def ended(sentence: str) -> str:
    """``sentence`` with its full stop, unless a name ending it has one already ("... Picable Inc.")."""
    return sentence if sentence.endswith(".") else f"{sentence}."


def _names(space: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> str:
    return " + ".join(by_id[key]["name"] if key in by_id else key for key in space.get("holdings", []))


def _space(space: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> str:
    """One space: its price (par spaces underlined by a heavier border), and who stands on it."""
    keys = space.get("holdings", [])
    border = f"2px solid {INK}" if space.get("par") else f"1px solid {RULE}"
    label = money(space["price"]) + (f" {_names(space, by_id)}" if keys else "")
    title = "par value" if space.get("par") else ""
    if len(keys) == 1 and keys[0] in by_id:
        holding = by_id[keys[0]]
        return td(label, holding["fill"], holding["ink"], title=title, font_weight="700",
                  **{**TRACK_CELL, "border": border})
    if keys:
        return td(label, PAPER, INK, title=title, font_weight="700", **{**TRACK_CELL, "border": border})
    return td(label, PAPER, MUTED, title=title, **{**TRACK_CELL, "border": border})


def player_rows(view: dict[str, Any], seat: int | None, names: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "name": player.get("name", ""),
            "you": player.get("seat") == seat,
            "cash": money(player.get("cash")),
            "certificates": ", ".join(f"{names.get(key, key)} {percent}%"
                                      for key, percent in player.get("shares", {}).items()) or "none",
            "count": f"{player.get('certificate_count', 0)} of {player.get('certificate_limit', '-')}",
            "investors": ", ".join(money(investor.get("value")) for investor in player.get("investors", [])) or "none",
            "worth": money(player.get("worth")),
            "priority": bool(player.get("priority")),
        }
        for player in view.get("players", [])
    ]


def round_line(view: dict[str, Any], holdings: list[dict[str, Any]]) -> str:
    """The round in words: "Draft", "Stock round 2", "Operating round 1.2: Seedy Brothers operates";
    once the game is over, why it ended, as the game page says (the result mail said only "is over")."""
    if view.get("status") == "finished":
        reason = str(view.get("end_reason") or "").rstrip(".")
        return f"The game is over: {reason}" if reason else "The game is over"
    details = view.get("round") or {}
    label = details.get("label", "")
    if label == "draft":
        return "Draft"
    if details.get("operating_round"):
        line = f"Operating round {details.get('set')}.{details['operating_round']}"
        operating = (details.get("operating") or {}).get("holding")
        names = {holding["id"]: holding["full_name"] or holding["name"] for holding in holdings}
        return f"{line}: {names.get(operating, operating)} operates" if operating else line
    return f"Stock round {details['set']}" if details.get("set") else label


def railroad_barons_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    holdings = holding_rows(view, seat)
    names = {holding["id"]: holding["name"] for holding in holdings}
    players = player_rows(view, seat, names)
    return {
        "round": round_line(view, holdings),
        "turn": ", ".join(entry.get("name", "") for entry in view.get("waiting_for", [])),
        "holdings": holdings,
        "top": top_card(view.get("pile", {})),
        "pile_count": view.get("pile", {}).get("count", 0),
        "obsolete": ", ".join(str(level) for level in view.get("obsolete_levels", [])) or "none",
        "track": track(view, holdings),
        "players": players,
        "me": next((player for player in players if player["you"]), None),
    }
