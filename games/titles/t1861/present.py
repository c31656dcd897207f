"""1861's board as plain rows for ``templates/games/boards/1861.html``: no rule in the template.

Reads the engine's public view (``engine.t1861.view``: players, companies, privates, the RSR,
the phase and round, the board) and the extra facts ``games.titles.t1861.facts`` adds (market
stacks, the depot, the operating order), and turns them into rows a person reads: names
instead of ids, trains by type, who holds what.  The figures are the engine's; what a row
says about rules (a train limit, which trains rust) is read from the data file through the
engine's own modules (``train_limits``, ``DATA``), never decided here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.t1861.data import DATA
from engine.t1861.depot import a_train, train_type_of
from engine.t1861.ending import REASON_WORDS
from engine.t1861.game_end import EndReason
from engine.t1861.train_limits import train_limit
from games.titles.t1861.colours import company_colour
from games.titles.t1861.map_svg import map_svg
from games.titles.t1861.market_rows import market_rows

NONE = "\u2013"  # the en dash a table shows for nothing
MERGER_STEPS_BEFORE_FORMING = ("turn", "choose_major", "consent")  # after these the major exists and shows itself


def present(view: dict[str, Any]) -> dict[str, Any]:
    """Everything the 1861 partial shows, from one view."""
    facts = view.get("facts") or {}
    names = _names(view)
    return {
        # map_svg escapes every name it draws; the template embeds its string as markup.
        "map_svg": map_svg(facts["map"]) if facts.get("map") else "",
        "round": round_label(view.get("round") or {}),
        "end_reason": end_words(view),
        "bank": bank_line(view.get("bank", 0)),
        "next_train": next_train_words(on_sale(view)),
        "order": _order(view.get("round") or {}, facts.get("operating"), names),
        "merger": merger_line(view.get("round") or {}, names),
        "market": market_rows(facts.get("market"), names),
        "players": _players(view, names),
        "companies": [_company(key, company, view, names) for key, company in view.get("companies", {}).items()],
        "privates": _privates(view, names),
        "trains": _train_rows(facts.get("depot"), view),
        "open_market": [train_type_of(train) for train in (facts.get("depot") or {}).get("open_market", [])],
        "phases": _phase_rows(view["phase"]),
        "rsr": _rsr(view.get("rsr") or {}, names, _rsr_operates(view)),
    }


@cache
def company_names() -> dict[str, tuple[str, str]]:
    """Company id (lower case, as the view keys them) -> (short name, full name), from the data file."""
    raw = DATA.raw
    return {entry["id"].lower(): (entry["id"], entry["name"])
            for entry in [*raw["minors"], *raw["majors"], raw["national"], *raw["privates"]]}


def _names(view: dict[str, Any]) -> dict[Any, str]:
    """Every owner a row may name: seats by player name, companies and privates by short name."""
    names: dict[Any, str] = {key: short for key, (short, _full) in company_names().items()}
    names.update({player["seat"]: player["name"] for player in view.get("players", [])})
    names.update({"treasury": "treasury", "pool": "market pool", None: "unsold"})
    return names


def round_label(round_: dict[str, Any]) -> str:
    """"Operating round 3.1", "Stock round 4", "Merger round after OR 3.2", "Private auction"."""
    kind, number = round_.get("kind"), round_.get("number")
    if kind == "operating":
        return f"Operating round {number}.{round_.get('operating_round', 1)}"
    if kind == "stock":
        return f"Stock round {number}"
    if kind == "merger":
        return f"Merger round after operating round {number}.{round_.get('after_operating_round', '')}".rstrip(".")
    if kind == "private_auction":
        return "Private auction"
    if kind == "end":
        return "Game over"
    return str(kind or "")


def end_words(view: dict[str, Any]) -> str:
    """Why a finished game ended, in the log's words ("the bank broke"); "" while it runs.  A walk's
    finished game said only "Game over" with ₽8,978 still in the bank: nothing told why it stopped."""
    try:
        return REASON_WORDS[EndReason(view.get("end_reason"))]
    except ValueError:
        return ""


def bank_line(bank: int) -> str:
    """The bank's cash; past its break (17) it pays on into debt, which reads as the break, not "₽-6230"."""
    if bank < 0:
        return f"The bank has broken: it paid ₽{-bank:,} beyond its cash"
    return f"Bank ₽{bank:,}"


def on_sale(view: dict[str, Any]) -> str | None:
    """The bank's next train while the game runs; a finished game sells none (a walk's finished
    import still offered "next train from the bank: an 8-train")."""
    return None if view.get("status") == "finished" else view.get("next_train")


def next_train_words(train: str | None) -> str:
    """"a 2-train (₽100)": the next train the bank sells, by type and price (its id, "2-0", says nothing to
    a player)."""
    if train is None:
        return ""
    return f"{a_train(train)} (₽{DATA.train(train_type_of(train)).price:,})"


def _order(round_: dict[str, Any], operating: dict[str, Any] | None, names: dict[Any, str]) -> dict[str, Any] | None:
    """The order companies act in this round, the one acting marked: the operating round's (7.4) or the merger round's.

    The state keeps the last operating round's order through the rounds after it, so it is shown only while one runs.
    """
    if round_.get("kind") == "operating" and operating:
        label, order, current = "Operating order", operating["order"], operating.get("current")
    elif round_.get("kind") == "merger" and round_.get("order"):
        order, index = round_["order"], round_.get("index", -1)
        label, current = "Merger order", order[index] if 0 <= index < len(order) else None
    else:
        return None
    return {"label": label,
            "companies": [{"id": key, "name": names.get(key, key), "current": key == current} for key in order]}


def merger_line(round_: dict[str, Any], names: dict[Any, str]) -> str:
    """The merger under way, for every reader: which minors go into which major, and whose consent it waits
    for - so the merging president, who has no prompt while the owners answer, sees why the game waits."""
    under_way = round_.get("kind") == "merger" and round_.get("step") in MERGER_STEPS_BEFORE_FORMING
    merging = [names.get(minor, minor) for minor in round_.get("merging") or []] if under_way else []
    if not merging:
        return ""
    major = round_.get("major")
    line = f"Merging {', '.join(merging)} into {names.get(major, major)}" if major else f"Merging {', '.join(merging)}"
    consent = (round_.get("consent") or []) if round_.get("step") == "consent" else []
    asked = [names.get(seat, str(seat)) for seat in consent]
    return f"{line}: waiting for the consent of {', '.join(asked)}." if asked else f"{line}."


def _players(view: dict[str, Any], names: dict[Any, str]) -> list[dict[str, Any]]:
    return [{"seat": player["seat"], "name": player["name"], "cash": player["cash"],
             "priority": player["seat"] == view.get("priority"),
             "privates": [names.get(key, key) for key in player.get("privates", [])],
             "shares": [f"{names.get(key, key)} {percent}%" for key, percent in player.get("shares", {}).items()]}
            for player in view.get("players", [])]


def _company(key: str, company: dict[str, Any], view: dict[str, Any], names: dict[Any, str]) -> dict[str, Any]:
    """One company's row: money, trains, loans, tokens, president and who holds its shares."""
    short, full = company_names().get(key, (key, key))
    fill, ink = company_colour(short)
    return {"id": key, "short": short, "name": full, "kind": company["kind"], "fill": fill, "ink": ink,
            "president": _owner_name(company.get("president"), names), "cash": company["cash"],
            "price": company.get("price"), "trains": [train_type_of(train) for train in company["trains"]],
            "loans": company["loans"], "tokens": [hex_id.upper() for hex_id in company.get("tokens", [])],
            "holdings": _holdings(key, company, view, names)}


def _owner_name(owner: Any, names: dict[Any, str]) -> str:
    return NONE if owner is None else names.get(owner, str(owner))


def _holdings(key: str, company: dict[str, Any], view: dict[str, Any], names: dict[Any, str]) -> list[str]:
    """"ann 60%", ..., then the treasury's and the pool's share; a minor is its owner's 100%."""
    held = [f"{player['name']} {player['shares'][key]}%" for player in view.get("players", [])
            if player.get("shares", {}).get(key)]
    for place in ("treasury", "pool"):
        percent = company.get(f"{place}_percent")
        if percent:
            held.append(f"{names[place]} {percent}%")
    return held


def _privates(view: dict[str, Any], names: dict[Any, str]) -> list[dict[str, Any]]:
    """Each private with its owner and what it is worth: a player bidding in the private auction
    (or buying one into a company) needs the face value, revenue and bonus beside the name."""
    return [{"id": key, "short": company_names().get(key, (key, key))[0],
             "name": company_names().get(key, (key, key))[1], "owner": names.get(owner, str(owner)),
             **private_terms(key)}
            for key, owner in view.get("privates", {}).items()]


@cache
def private_terms(key: str) -> dict[str, Any]:
    """A private's face value, revenue and route bonus from the data file (a dash when it has none)."""
    entry = DATA.company("privates", key)
    return {"face_value": entry["face_value"], "revenue": entry["revenue"], "bonus": _bonus_words(entry["ability"])}


def _bonus_words(ability: dict[str, Any] | None) -> str:
    """"+₽10 a route to Odessa", short enough for a phone's column (the note under the table says
    it counts only for a company); the data's text names the place last ("... include Odessa")."""
    if not ability or ability.get("type") != "route_bonus":
        return NONE
    place = ability["text"].rsplit(" include ", 1)[-1]
    return f"+₽{ability['amount']:,} a route to {place}"


def _train_rows(depot: dict[str, Any] | None, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The roster in selling order: price, copies left in the bank, what rusts it and whether it has."""
    depot = depot or {"copies": {}, "sold": {}}
    next_type = train_type_of(next_train) if (next_train := on_sale(view)) else None
    rows = []
    for train in DATA.trains:
        copies, sold = depot["copies"].get(train.name), depot["sold"].get(train.name, 0)
        rows.append({"type": train.name, "price": train.price,
                     "left": "unlimited" if copies is None else copies - sold,
                     "rusts_on": train.rusts_on or "", "rusted": bool(train.rusts_on)
                     and depot["sold"].get(train.rusts_on, 0) > 0,
                     "from_phase": train.available_from_phase or "",
                     "next": next_type == train.name})
    return rows


def _phase_rows(current: str) -> list[dict[str, Any]]:
    """Each phase with its tile colours, operating rounds a set and the train limits."""
    return [{"name": phase.name, "current": phase.name == current, "tiles": ", ".join(phase.tile_colours),
             "operating_rounds": phase.operating_rounds,
             "minor_limit": _limit(train_limit("minor", phase.name)),
             "major_limit": _limit(train_limit("major", phase.name)),
             "rsr": "operates" if phase.national_operates else NONE}
            for phase in DATA.phases]


def _limit(limit: int | None) -> str:
    if limit is None:
        return "no limit"
    return str(limit) if limit else NONE


def _rsr_operates(view: dict[str, Any]) -> bool:
    """Whether the RSR runs in this operating round: the data file's phases say in which it operates (6)."""
    return (view.get("round") or {}).get("kind") == "operating" and DATA.phase(view["phase"]).national_operates


def _rsr(rsr: dict[str, Any], names: dict[Any, str], operating: bool) -> dict[str, Any]:
    """The national's row; its operator is named only while it operates (the seat that plays it then)."""
    fill, ink = company_colour("RSR")
    return {"cash": rsr.get("cash", 0), "trains": [train_type_of(train) for train in rsr.get("trains", [])],
            "loans": rsr.get("loans", 0), "tokens": [hex_id.upper() for hex_id in rsr.get("tokens", [])],
            "reserved": [hex_id.upper() for hex_id in rsr.get("reserved", [])],
            "operator": names.get(rsr["operator"], "") if operating and rsr.get("operator") is not None else "",
            "fill": fill, "ink": ink}
