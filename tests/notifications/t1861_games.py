"""1861 games for the mail tests: a recorded 18xx.games game imported at a cut, its seats taken by ann, bob and cy.

1861 games reach the site by import (games.import_18xx) and are played on from there, so the
mail tests start where a real table would: the import, then each player claiming their seat.
"""

from __future__ import annotations

from games import import_18xx, seat_claims
from games.models import Game
from tests.games.t1861_imports import running_export

# Cuts of 29683 (tests/engine/t1861/fixtures): the action each position comes after.
PRIVATE_AUCTION = 7  # BSS for sale, bids under way
MINOR_AUCTION = 42  # M-K up for auction in stock round 1
STOCK_ROUND = 119  # stock round 2 has begun: its first turn
BEFORE_STOCK_ROUND_4 = 407  # merger round 3.2's last turn: stock round 4 (shares of four majors) follows
SHARES = 409  # stock round 4: shares to sell and to buy, a minor to auction
TRACK = 125  # OR 2.1: RO's track step
AFTER_A_LAY = 143  # OR 2.1: SPW's track step; MNN laid a tile since SPW's president last moved
MERGER_ROUND = 192  # merger round 2: RO's turn
DIVIDEND = 378  # OR 3.2: NW's trains ran; its president chooses the dividend


def imported_1861(last_id: int, players: list) -> Game:
    """29683 imported after action ``last_id`` by its first player, every seat claimed through its claim link."""
    game = import_18xx.import_export(running_export(last_id), players[0])
    for seat, player in zip(game.seats.order_by("index"), players, strict=True):
        seat_claims.claim(game.pk, seat_claims.claim_token(seat), player)
    game.refresh_from_db()
    return game
