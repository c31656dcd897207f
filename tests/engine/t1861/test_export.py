"""Reading 18xx.games exports: undo and redo resolve as 18xx.games does (rules section 22)."""

from __future__ import annotations

import json

import pytest

from engine.t1861.export import MalformedExport, expand_auto_actions, parse_export, resolve_undo_redo
from tests.engine.t1861.fixtures import fixture_export


def _act(number: int, kind: str = "pass", **extra: object) -> dict:
    return {"type": kind, "id": number, "entity": 0, **extra}


def _ids(actions: list[dict]) -> list[int]:
    return [action["id"] for action in actions]


def test_undo_without_target_cancels_the_latest_action_in_force() -> None:
    actions = [_act(1), _act(2), _act(3, "undo"), _act(4, "undo")]
    assert _ids(resolve_undo_redo(actions)) == []


def test_undo_with_target_cancels_everything_after_it() -> None:
    actions = [_act(1), _act(2), _act(3), _act(4, "undo", action_id=1), _act(5)]
    assert _ids(resolve_undo_redo(actions)) == [1, 5]


def test_undo_to_zero_cancels_the_whole_game() -> None:
    actions = [_act(1), _act(2), _act(3, "undo", action_id=0)]
    assert resolve_undo_redo(actions) == []


def test_redo_restores_what_the_latest_undo_cancelled() -> None:
    actions = [_act(1), _act(2), _act(3), _act(4, "undo"), _act(5, "undo", action_id=1), _act(6, "redo")]
    # The redo brings back 2 (cancelled by the undo to 1) but not 3 (an earlier undo).
    assert _ids(resolve_undo_redo(actions)) == [1, 2]


def test_two_redos_restore_two_undos_in_reverse_order() -> None:
    actions = [_act(1), _act(2), _act(3, "undo"), _act(4, "undo"), _act(5, "redo"), _act(6, "redo")]
    assert _ids(resolve_undo_redo(actions)) == [1, 2]


def test_a_new_action_clears_what_could_be_redone() -> None:
    actions = [_act(1), _act(2, "undo"), _act(3), _act(4, "redo")]
    with pytest.raises(MalformedExport, match="redo with nothing undone"):
        resolve_undo_redo(actions)


def test_a_program_setting_is_left_out_but_still_closes_the_undos() -> None:
    actions = [_act(1), _act(2, "undo"), _act(3, "program_share_pass"), _act(4, "redo")]
    with pytest.raises(MalformedExport):
        resolve_undo_redo(actions)
    assert _ids(resolve_undo_redo(actions[:3])) == []


def test_messages_are_never_undone_and_never_part_of_the_game() -> None:
    actions = [_act(1), _act(2, "message"), _act(3, "undo"), _act(4)]
    assert _ids(resolve_undo_redo(actions)) == [4]


def test_an_undo_to_a_missing_action_is_refused_in_words() -> None:
    with pytest.raises(MalformedExport, match="undoes back to action 9, which is not in the export"):
        resolve_undo_redo([_act(1), _act(2, "undo", action_id=9)])


def test_skip_flags_are_ignored() -> None:
    assert _ids(resolve_undo_redo([_act(1, skip=True), _act(2)])) == [1, 2]


def test_auto_actions_follow_their_trigger_and_name_it() -> None:
    trigger = _act(7, "dividend", auto_actions=[{"type": "pass", "entity": "MKN"}])
    expanded = expand_auto_actions([trigger, _act(8)])
    assert [(a["type"], a.get("id"), a.get("auto_of")) for a in expanded] == [
        ("dividend", 7, None),
        ("pass", None, 7),
        ("pass", 8, None),
    ]


def test_an_export_without_actions_is_refused() -> None:
    with pytest.raises(MalformedExport, match="no list of actions"):
        parse_export(json.dumps({"id": 1}))
    with pytest.raises(MalformedExport, match="not valid JSON"):
        parse_export("{")


def test_29683_cancels_exactly_the_actions_18xx_games_flagged_skip() -> None:
    export = fixture_export("29683")
    in_force = {id(action) for action in resolve_undo_redo(export.actions)}
    skipped = {id(action) for action in export.actions if action.get("skip")}
    not_in_force = {id(action) for action in export.actions if id(action) not in in_force}
    assert not_in_force == skipped
    assert len(skipped) == 58


@pytest.mark.parametrize(
    ("game", "stored", "in_force", "effective"),
    [("167259", 723, 678, 760), ("29683", 706, 648, 649)],
)
def test_fixture_counts(game: str, stored: int, in_force: int, effective: int) -> None:
    export = fixture_export(game)
    assert len(export.actions) == stored
    assert len(resolve_undo_redo(export.actions)) == in_force
    assert len(export.effective_actions()) == effective


def test_the_fixture_header_is_read() -> None:
    export = fixture_export("167259")
    assert export.title == "1861"
    assert [player.id for player in export.players] == [0, 1, 2, 3]
    assert export.result == {"0": 2731, "1": 2460, "2": 2336, "3": 3354}
    assert export.end_reason == "final_phase"
    assert fixture_export("29683").seed == 29683


def test_a_program_settings_automatic_pass_is_kept_and_the_setting_left_out() -> None:
    # Section 22 / 23 R1 (import auto_actions): switching on "pass automatically" during one's
    # own stock turn passes at once; 18xx.games records that pass only inside the setting.
    setting = _act(7, "program_share_pass", auto_actions=[
        {"type": "pass", "entity": 3}, {"type": "program_disable", "entity": 1}])
    export = parse_export(json.dumps({"actions": [_act(6), setting, _act(8)]}))
    assert [(a["type"], a.get("id"), a.get("auto_of")) for a in export.effective_actions()] == [
        ("pass", 6, None),
        ("pass", None, 7),
        ("pass", 8, None),
    ]


def test_bank_breaks_keeps_the_automatic_pass_of_a_program_setting() -> None:
    export = fixture_export("bank_breaks_then_final_phase")
    after_456 = [a for a in export.effective_actions() if a.get("auto_of") == 457]
    assert after_456 == [{"type": "pass", "entity": 11966, "entity_type": "player",
                          "created_at": 1731215319, "auto_of": 457}]
