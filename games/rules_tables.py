"""The tables of the rules pages, read from the engines' own data so a page never disagrees with play.

The engines keep their price card, railroad cards and share-value track as data (the rules
reference asks for that, so that real values can replace Turnpost's); the rules pages show
those same numbers rather than a second copy typed into a template.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from engine.acquire import chains
from engine.railroad_barons import tables
from engine.t1861.data import DATA as T1861_DATA

# The rows of Acquire's information card: a label and the smallest size it covers.
_CARD_ROWS = (("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6 to 10", 6), ("11 to 20", 11), ("21 to 30", 21),
              ("31 to 40", 31), ("41 or more", 41))


def acquire_tables() -> dict[str, Any]:
    """The price and bonus card, by tier (chains priced alike share a column group)."""
    tiers = [[chains.CHAIN_NAMES[chain] for chain in group]
             for _, group in groupby(chains.CHAIN_IDS, key=lambda chain: chains.price(chain, 2))]
    firsts = [chains.CHAIN_IDS[sum(len(tier) for tier in tiers[:index])] for index in range(len(tiers))]
    rows = [{"size": label, "tiers": [{"price": chains.price(chain, size),
                                        "majority": chains.majority_bonus(chain, size),
                                        "minority": chains.minority_bonus(chain, size)} for chain in firsts]}
            for label, size in _CARD_ROWS]
    return {"tiers": [" / ".join(names) for names in tiers], "card_rows": rows,
            "safe_size": chains.SAFE_SIZE, "end_size": chains.END_SIZE, "starting_cash": chains.STARTING_CASH,
            "max_buy": chains.MAX_BUY, "shares_per_chain": chains.SHARES_PER_CHAIN}


def railroad_barons_tables() -> dict[str, Any]:
    """Holdings, railroad cards and the share-value track, as the engine plays them."""
    railroads = [{"category": category, "cards": cards, "front": _side(front), "back": _side(back) if back else None}
                 for category, cards, front, back in tables.CATEGORY_ROWS]
    return {"holdings": tables.HOLDINGS, "railroads": railroads, "track": tables.SHARE_TRACK,
            "pars": tables.PAR_VALUES, "starting_cash": tables.STARTING_CASH,
            "certificate_limit": tables.CERTIFICATE_LIMIT, "end_price": tables.END_PRICE,
            "max_sets": tables.MAX_SETS, "max_investor_value": tables.MAX_INVESTOR_VALUE}


def _side(side: tuple[str, int, int, int]) -> dict[str, Any]:
    category, level, cost, income = side
    return {"category": category, "level": level, "cost": cost, "income": income}


def t1861_tables() -> dict[str, Any]:
    """1861's set-up by player count, privates, trains and phases, from the engine's data file."""
    game = T1861_DATA.raw["game"]
    counts = sorted(game["starting_cash"], key=int)
    setup = [{"players": count, "cash": game["starting_cash"][count], "limit": game["certificate_limit"][count]}
             for count in counts]
    privates = [{key: private[key] for key in ("id", "name", "face_value", "min_bid", "revenue")}
                for private in T1861_DATA.raw["privates"]]
    trains = [{"name": train["name"], "price": train["price"], "count": train["count"],
               "rusts_on": train.get("rusts_on") or ""} for train in T1861_DATA.raw["trains"]]
    phases = [{"name": phase["name"], "starts_when": phase["starts_when"], "tiles": ", ".join(phase["tiles"]),
               "limits": ", ".join(f"{kind} {limit}" for kind, limit in phase["train_limit"].items()),
               "mergers": phase.get("merger_rounds", False), "rsr": phase.get("national_operates", False)}
              for phase in T1861_DATA.raw["phases"]]
    return {"setup": setup, "privates": privates, "trains": trains, "phases": phases, "bank": game["bank"],
            "minors": [minor["id"] for minor in T1861_DATA.raw["minors"]],
            "majors": [major["id"] for major in T1861_DATA.raw["majors"]]}


TABLES = {"acquire": acquire_tables, "railroad-barons": railroad_barons_tables, "1861": t1861_tables}
