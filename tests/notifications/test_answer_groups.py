"""Move links grouped by what they do, from the prompt's own action options and fields."""

from __future__ import annotations

from engine.core import ActionOption, Choice, Field, Prompt, QuickAnswer
from notifications.answer_groups import group_links

HOLDING = Field("holding", "choice", "Holding", (Choice("seedy", "Seedy"), Choice("rice", "Rice")))
SHARES = Field("shares", "counts", "Shares", (Choice("tower", "Tower"), Choice("luxor", "Luxor")))
TILE = Field("tile", "choice", "Tile", (Choice("2A", "2A"), Choice("3B", "3B")))


def prompt(options: list[ActionOption], answers: list[tuple[str, dict]]) -> Prompt:
    return Prompt(0, "ask", "What now?", tuple(options), tuple(QuickAnswer(label, action) for label, action in answers))


def links_for(asked: Prompt) -> list[dict[str, str]]:
    return [{"label": answer.label, "url": f"/mail/move/{index}/"} for index, answer in enumerate(asked.quick)]


def shape(asked: Prompt) -> list[tuple[str, list[str], list[tuple[str, list[str]]]]]:
    return [
        (group.heading, [link["label"] for link in group.links],
         [(part.name, [link["label"] for link in part.links]) for part in group.parts])
        for group in group_links(asked, links_for(asked))
    ]


def test_groups_follow_the_prompts_actions_and_split_by_holding_when_one_has_several_answers():
    asked = prompt(
        [ActionOption("sell", "Sell", (HOLDING,)), ActionOption("buy", "Buy", (HOLDING,)),
         ActionOption("pass", "Pass")],
        [("Pass", {"type": "pass"}), ("Buy Seedy 10%", {"type": "buy", "holding": "seedy"}),
         ("Sell Rice", {"type": "sell", "holding": "rice"}), ("Buy Seedy 20%", {"type": "buy", "holding": "seedy"}),
         ("Buy Rice 10%", {"type": "buy", "holding": "rice"})],
    )
    assert shape(asked) == [
        ("Sell", ["Sell Rice"], []),
        ("Buy", [], [("Seedy", ["Buy Seedy 10%", "Buy Seedy 20%"]), ("Rice", ["Buy Rice 10%"])]),
        ("Pass", ["Pass"], []),
    ]


def test_one_answer_per_subject_stays_a_flat_list():
    asked = prompt([ActionOption("place_tile", "Place a tile", (TILE,))],
                   [("Place 2A", {"type": "place_tile", "tile": "2A"}),
                    ("Place 3B", {"type": "place_tile", "tile": "3B"})])
    assert shape(asked) == [("Place a tile", ["Place 2A", "Place 3B"], [])]


def test_a_counts_answer_is_about_its_one_key_and_an_empty_one_stays_loose():
    asked = prompt(
        [ActionOption("buy_shares", "Buy shares", (SHARES,))],
        [("Buy nothing", {"type": "buy_shares", "shares": {}}),
         ("Buy 1 Tower", {"type": "buy_shares", "shares": {"tower": 1}}),
         ("Buy 2 Tower", {"type": "buy_shares", "shares": {"tower": 2}}),
         ("Buy 1 Luxor", {"type": "buy_shares", "shares": {"luxor": 1}})],
    )
    assert shape(asked) == [("Buy shares", ["Buy nothing"], [("Tower", ["Buy 1 Tower", "Buy 2 Tower"]),
                                                              ("Luxor", ["Buy 1 Luxor"])])]


def test_the_game_page_and_the_mail_put_the_same_answers_under_the_same_subject():
    """One notion of an answer's subject (engine.core.subjects): a button and a link about Rice sit under Rice."""
    from engine.core import prompt_for
    from games.prompt_forms import quick_groups
    from tests.engine.railroad_barons.support import ANN, BOB, DRAFT_WITHOUT_450, buy, play

    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "rice", 40, par=70)])
    asked = prompt_for(state, ANN)
    # Unnamed by the page (no names, no colours), a subject is shown by its choice's label, as in the mail.
    on_page = {answer.label: group.name for group in quick_groups(asked, {}, {}) for _, answer in group.answers}
    in_mail = {link["label"]: part.name for group in group_links(asked, links_for(asked))
               for part in group.parts for link in part.links}
    assert len(set(in_mail.values())) >= 2
    assert all(on_page[label] == holding for label, holding in in_mail.items())
    assert [label for label, name in on_page.items() if not name] == ["Pass"]  # about no holding: loose in both
