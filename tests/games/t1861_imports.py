"""18xx.games game 29683 cut where our rules reach, as an export the import page takes (tests' helper)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tests.engine.t1861.fixtures import FIXTURES


@cache
def whole_export() -> dict[str, Any]:
    return json.loads((FIXTURES / "29683.json").read_text(encoding="utf-8"))


def running_export(last_id: int) -> str:
    """29683 as 18xx.games would export it while under way, after action ``last_id``."""
    export = {key: value for key, value in whole_export().items() if key not in ("result", "game_end_reason")}
    export["status"] = "active"
    export["actions"] = [action for action in export["actions"] if action["id"] <= last_id]
    return json.dumps(export)
