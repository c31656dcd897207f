"""The prompt card's one-click answers less the action types a title's own cards cover (``without_types``).

Plain data, no title: answers keep the index they post, a group left empty goes, and a title
that covers nothing (every title's default hook) leaves the card as the prompt made it.
"""

from __future__ import annotations

from engine.core import QuickAnswer
from games.prompt_forms import QuickGroup, without_types
from games.titles.ui import TitleUI


def answer(kind: str, label: str) -> QuickAnswer:
    return QuickAnswer(label, {"type": kind})


GROUPS = [
    QuickGroup("", "", [(0, answer("pass", "Pass"))]),
    QuickGroup("SW", "#123456", [(1, answer("lay_tile", "Lay 5 in E9")), (2, answer("buy_train", "Buy a 3"))]),
    QuickGroup("NW", "#654321", [(3, answer("lay_tile", "Lay 8 in H8"))]),
]


def shown(groups: list[QuickGroup]) -> list[tuple[str, list[int]]]:
    return [(group.name, [index for index, _ in group.answers]) for group in groups]


def test_covered_answers_go_the_rest_keep_their_indices_and_empty_groups_go() -> None:
    assert shown(without_types(GROUPS, frozenset({"lay_tile"}))) == [("", [0]), ("SW", [2])]


def test_a_title_covering_nothing_leaves_every_answer() -> None:
    covered = TitleUI().prompt_covers(None, None)
    assert covered == frozenset()
    assert shown(without_types(GROUPS, covered)) == [("", [0]), ("SW", [1, 2]), ("NW", [3])]
