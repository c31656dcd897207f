"""Recorded 18xx.games games (29683, one on the column market) cut where our rules reach, as exports to import."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tests.engine.t1861.fixtures import FIXTURES

COLUMN_GAME = "bank_breaks_then_final_phase"  # played with the column market (option column_market)


@cache
def whole_export(name: str = "29683") -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def running_export(last_id: int, name: str = "29683") -> str:
    """A recorded game as 18xx.games would export it while under way, after action ``last_id``."""
    export = {key: value for key, value in whole_export(name).items() if key not in ("result", "game_end_reason")}
    export["status"] = "active"
    export["actions"] = [action for action in export["actions"] if action["id"] <= last_id]
    return json.dumps(export)
