"""An 1861 turn mail's position: the round and bank, each company's price and treasury, each player's holdings.

It read "Player 1: cash 530, worth 1040" alone (the generic summary): no share price, no company, no
rouble sign, though the mail's links ask to buy shares and pay dividends.
"""

from __future__ import annotations

from engine.t1861.title import TITLE
from notifications.positions import position_for, position_template
from notifications.positions.t1861 import t1861_position
from tests.engine.t1861.games import fixture_replay


def test_the_position_names_prices_treasuries_and_holdings():
    state = fixture_replay("29683", 409)[0]  # stock round 4: NW, GRR and MKN have prices
    position = position_for("1861", TITLE.view(state, 1), 1)
    assert position_template("1861") == "emails/includes/position-1861"
    assert position["round"] == "Stock round 4, phase 4"
    assert position["bank"].startswith("Bank ₽") and "next train from the bank: a 5-train (₽550)" in position["bank"]
    companies = {company["name"]: company["facts"] for company in position["companies"]}
    assert companies["NW"].startswith("major, president Player 3, price ₽165, treasury ₽")
    assert companies["KB"].startswith("Player 1's minor, price ₽60")
    you = next(player for player in position["players"] if player["you"])
    assert you["name"] == "Player 2" and you["facts"].startswith("₽378 cash; worth ₽")
    assert "shares GRR 30%" in you["facts"] and "privates TSR" in you["facts"]


def finished(**extra: object) -> dict[str, object]:
    return {"round": {"kind": "end"}, "phase": "8", "bank": 8978, "players": [], "companies": {}, **extra}


def test_a_finished_games_mail_says_why_it_ended():
    """A walk's result mail read "Game over, phase 8. Bank ₽8,978." and never said what ended it."""
    assert t1861_position(finished(end_reason="final_phase"), None)["round"] == (
        "Game over (the final phase's last set of operating rounds is over), phase 8")
    assert t1861_position(finished(end_reason="bank"), None)["round"] == "Game over (the bank broke), phase 8"
