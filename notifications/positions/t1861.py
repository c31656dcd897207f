"""1861 in a mail: the round, the bank, each company's price and treasury, each player's cash and holdings.

Everything in 1861 is public; ``seat`` only marks the reader's own row.  Names and words come
from the game page's own presentation (``games.titles.t1861.present``), so a mail reads as the page.
"""

from __future__ import annotations

from typing import Any

from engine.t1861.depot import train_type_of
from games.titles.t1861.present import company_names, end_words, next_train_words, on_sale, round_label


def t1861_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    names = {key: short for key, (short, _full) in company_names().items()}
    players = {player["seat"]: player["name"] for player in view.get("players", [])}
    bank = view.get("bank", 0)
    next_train = next_train_words(on_sale(view))
    ended = end_words(view)
    round_words = f"{round_label(view.get('round') or {})}{f' ({ended})' if ended else ''}, phase {view.get('phase')}"
    return {
        "round": round_words,
        "bank": (f"Bank ₽{bank:,}" if bank >= 0 else "The bank has broken")
        + (f"; next train from the bank: {next_train}" if next_train else ""),
        "companies": [_company(key, company, names, players) for key, company in view.get("companies", {}).items()],
        "players": [_player(player, names, seat) for player in view.get("players", [])],
    }


def _company(key: str, company: dict[str, Any], names: dict[str, str], players: dict[int, str]) -> dict[str, str]:
    trains = ", ".join(train_type_of(train) for train in company.get("trains", [])) or "none"
    price = f"price ₽{company['price']}" if company.get("price") else "no price yet"
    loans = company.get("loans", 0)
    owner = players.get(company.get("president"), "nobody")
    whose = f"{owner}'s minor" if company.get("kind") == "minor" else f"major, president {owner}"
    facts = [whose, price, f"treasury ₽{company.get('cash', 0):,}",
             f"trains {trains}"] + ([f"{loans} loan{'' if loans == 1 else 's'}"] if loans else [])
    return {"name": names.get(key, key.upper()), "facts": ", ".join(facts)}


def _player(player: dict[str, Any], names: dict[str, str], seat: int | None) -> dict[str, Any]:
    shares = ", ".join(f"{names.get(key, key.upper())} {percent}%" for key, percent in player.get("shares", {}).items())
    privates = ", ".join(names.get(key, key.upper()) for key in player.get("privates", []))
    facts = [f"₽{player.get('cash', 0):,} cash", f"worth ₽{player.get('worth', 0):,}"]
    facts += [f"shares {shares}"] if shares else []
    facts += [f"privates {privates}"] if privates else []
    return {"name": player.get("name", ""), "you": player.get("seat") == seat, "facts": "; ".join(facts)}
