"""The @name rule (games.mentions): longest seated name after an @ that starts a word, any case."""

from __future__ import annotations

from games.mentions import Part, mentioned_seats, parse

NAMES = {0: "Ann", 1: "Bob", 2: "Ann Marie", 3: "cy"}


def test_a_name_after_an_at_sign_is_a_mention_in_any_case():
    assert parse("nice one @bob!", NAMES) == [Part("nice one "), Part("@bob", 1), Part("!")]
    assert mentioned_seats("@BOB and @Cy", NAMES) == [1, 3]


def test_the_longest_seated_name_wins_so_names_may_contain_spaces():
    assert mentioned_seats("@ann marie, your move", NAMES) == [2]
    assert mentioned_seats("@Ann, your move", NAMES) == [0]
    assert mentioned_seats("@Ann Mary?", NAMES) == [0]  # "Ann Marie" does not fit; "Ann" does


def test_a_name_must_end_where_a_word_ends():
    assert mentioned_seats("@annie @bobby @cy_", NAMES) == []


def test_an_at_sign_inside_a_word_names_nobody():
    assert mentioned_seats("write to ann@bob.example or x@cy", NAMES) == []
    assert mentioned_seats("@@bob", NAMES) == []


def test_unknown_names_stay_plain_text_and_repeats_count_once():
    assert parse("@dee hello", NAMES) == [Part("@dee hello")]
    assert mentioned_seats("@bob @Bob (@bob)", NAMES) == [1]


def test_the_parts_put_the_message_back_together_with_its_line_breaks():
    body = "gg @ann\n\nsee you <b>next</b> time @Cy"
    parts = parse(body, NAMES)
    assert "".join(part.text for part in parts) == body
    assert [part.seat for part in parts if part.seat is not None] == [0, 3]


def test_a_name_two_seats_share_names_the_first():
    assert mentioned_seats("@sam", {4: "Sam", 2: "sam"}) == [2]
