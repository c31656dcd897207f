"""Whole games 18xx.games' own engine played (the differential oracle's random games), each of
which once stopped our import or ended with another result, imported and replayed as a user
would: each must finish with 18xx.games' end reason and exactly its per-player result.

- 122: a president sells the president's certificate (``"GRR_0"``, 20%): two shares, not one.
- 162: a sale hands the presidency on, so the new president's ordinary certificates go to the
  pool; a later purchase names one of them, bought from the pool (``share_ids``).
- 132: a minor our rules nationalise in its turn (no cash for its loans' interest) still has
  the empty run 18xx.games asked of it first (``unasked_routes``).
- 169: a merger's first partner leaves nobody able to preside and the next one fixes that;
  the check is of the whole merger, at its close (14.3, ``merger.close``); also the last
  company of an operating round recording its empty run after our round has moved on.
- 173: a merged major removes a lone token before one of two in a hex (14.3: any order).
- 186: a merger gives its owners the treasury's last certificates; one of them, in the pool
  after a presidency swap, is the one the major redeems, and a later purchase from the
  treasury names a low one (``share_ids``).
- 201: the RSR's revenue breaks the bank (₽23 pays ₽130; G10) and its train purchases pay it
  back in the same step; the game still ends with that OR (17), 6 players, column market.
- 2: SW, nationalised (15.3), is formed again by a merger: its certificates are made anew in
  number order, so the merger hands out SW_8 and SW_7, and SW_7, later in the pool, is
  bought from the pool (``share_ids``); we had kept the old order and took it from SW.
- 1001: the RSR's purchases at the end of an OR (phases 4 to 8 in one turn) leave four majors
  trainless; their presidents answer before the next OR begins (R4), all nationalise, and the
  RSR alone plays the last ORs (3 players, column market).  Our round went on into the next
  OR and began GRR's turn first, so the game stood still on a nationalised major's turn.
- 3028: KK lays beyond Kharkov (G15) right after KR's home token, put down when KR's auction
  opened, filled its one slot.  18xx.games keeps each company's track graph until a lay or a
  token action, so it still walked through the city; our import refused the lay
  (``kept_graph``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import company_turn
from engine.t1861.importer import replay_export
from engine.t1861.title import TITLE
from tests.engine.t1861.fixtures import FIXTURES, fixture_export

ROOT = Path(__file__).resolve().parents[3]
GAMES = ["oracle_122_presidents_certificate_sold", "oracle_162_presidency_swap_then_pool_share",
         "oracle_132_nationalised_minor_empty_run", "oracle_169_merger_president_at_close",
         "oracle_173_token_removal_order", "oracle_186_merger_certificates",
         "oracle_201_rsr_revenue_breaks_the_bank", "oracle_1001_trainless_after_the_rsr",
         "oracle_2_nationalised_major_certificates_anew", "oracle_3028_lay_beyond_a_new_home_token"]


def _engine(*args: str, stdin: str | None = None) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_replays_to_18xx_games_result(game: str) -> None:
    record = _engine("import-18xx", str(FIXTURES / f"{game}.json"))
    summary = _engine("replay", "-", stdin=json.dumps(record))
    export = fixture_export(game)
    assert summary["status"] == "finished" and summary["end_reason"] == export.end_reason
    player_id = {player.name: str(player.id) for player in export.players}
    assert {player_id[entry["name"]]: entry["score"] for entry in summary["standings"]} == export.result


def test_majors_the_rsrs_purchases_leave_trainless_are_asked_before_the_next_round() -> None:
    """23 R4: 1001's RSR buys up to the first 8-train as OR 13.1's last company; GRR, MVR, SE and
    MKN are left trainless, and GRR's president is asked while OR 13.1 is still on."""
    imported = replay_export(fixture_export("oracle_1001_trainless_after_the_rsr"), until=1239)
    state = imported.state
    assert imported.refused is None and state.round["operating_round"] == 1
    assert state.trainless_majors == ["grr", "mvr", "se", "mkn"]
    assert [(asked.seat, asked.prompt) for asked in TITLE.waiting(state)] == [(2, "trainless_major")]


def test_a_lay_only_a_new_home_token_blocks_is_taken_in_an_import_and_refused_in_a_game_begun_here() -> None:
    """3028 action 168: KK (home Kiev, D14) lays tile 7 in H14, beyond Kharkov (G15), whose one slot
    KR's home token filled at action 161's auction; no lay or token action came between, so
    18xx.games' kept graph still walks through G15.  Without the import's option, the lay is refused."""
    imported = replay_export(fixture_export("oracle_3028_lay_beyond_a_new_home_token"), until=167)
    state = imported.state
    assert imported.refused is None and state.unseen_tokens == [["KR", "G15", 0]]
    assert state.board.tokens_in("G15") == (("KR",),)
    lay = {"type": "lay_tile", "hex": "H14", "tile": "7", "rotation": 1}
    seat = TITLE.waiting(state)[0].seat
    strict = TITLE.copy_state(state)
    strict.options = {**strict.options, "kept_track_graph": False}
    with pytest.raises(IllegalAction, match="H14 is not connected to KK's track"):
        TITLE.apply_in_place(strict, seat, lay)
    before = TITLE.to_json(state)
    with pytest.raises(IllegalAction):  # a refused lay changes nothing, the kept tokens included
        TITLE.apply_in_place(state, seat, {**lay, "hex": "G13", "tile": "57"})
    assert TITLE.to_json(state) == before
    TITLE.apply_in_place(state, seat, lay)
    assert state.board.laid["H14"].number == "7" and state.unseen_tokens == []  # the lay clears the kept graph


def test_a_token_only_a_new_rules_placed_token_cuts_off_is_taken_in_an_import() -> None:
    """The kept graph (``kept_graph``) decides a recorded token's reach as it decides a lay's: 29683
    at action 450, with a GRR token the rules put in Smolensk (E9, its one free slot) since the last
    lay or token action, still lets KK reach Poland (B4) beyond it; a game begun here does not.  The
    slot is judged on the board as it is: the city the unseen token filled stays full."""
    state = replay_export(fixture_export("29683"), until=450).state
    assert state.options.get("kept_track_graph")
    assert company_turn.checked_token(state, "kk", "B4", 0, 20).hex == "B4"  # open before the token
    state.board = state.board.place_token("GRR", "E9", 0)
    state.unseen_tokens = [["GRR", "E9", 0]]
    assert company_turn.checked_token(state, "kk", "B4", 0, 20).cost >= 0
    with pytest.raises(IllegalAction, match="no free slot"):
        company_turn.checked_token(state, "kk", "E9", 0, 20)
    strict = TITLE.copy_state(state)
    strict.options = {**strict.options, "kept_track_graph": False}
    with pytest.raises(IllegalAction, match="KK cannot reach the city in"):
        company_turn.checked_token(strict, "kk", "B4", 0, 20)
    seen = TITLE.copy_state(state)
    seen.unseen_tokens = []  # after a lay or token action 18xx.games walks the board as it is
    with pytest.raises(IllegalAction, match="KK cannot reach the city in"):
        company_turn.checked_token(seen, "kk", "B4", 0, 20)
