"""The title-independent core: ranking, events, record reading, the registry."""

import json

import pytest

from engine.core.errors import MalformedRecord
from engine.core.events import Event, visible_events
from engine.core.ranking import competition_standings
from engine.core.record import parse_record, record_from_json
from engine.core.registry import get_title
from engine.core.rng import seeded_rng


def test_competition_ranking_shares_places_and_lists_ties_by_seat():
    entries = [{"seat": 0, "score": 10}, {"seat": 1, "score": 30}, {"seat": 2, "score": 30}, {"seat": 3, "score": 5}]
    standings = competition_standings(entries)
    assert [(entry["seat"], entry["place"]) for entry in standings] == [(1, 1), (2, 1), (0, 3), (3, 4)]


def test_private_event_is_redacted_for_everyone_but_its_seat():
    drawn = Event("ann drew 5C", kind="draw", data={"tile": "5C"}, only_seat=0, redacted="ann drew a tile")
    assert visible_events([drawn], 0) == [{"text": "ann drew 5C", "kind": "draw", "data": {"tile": "5C"}}]
    assert visible_events([drawn], 1) == [{"text": "ann drew a tile", "kind": "draw", "data": {}}]
    assert visible_events([drawn], None) == [{"text": "ann drew a tile", "kind": "draw", "data": {}}]


def test_private_event_without_redaction_is_invisible_to_others():
    assert visible_events([Event("secret", only_seat=2)], 1) == []


def test_event_json_round_trip():
    event = Event("x", kind="k", data={"a": 1}, only_seat=1, redacted="y")
    assert Event.from_json(event.to_json()) == event


def test_seeded_rng_depends_only_on_seed_and_purpose():
    assert seeded_rng(7, "bag").random() == seeded_rng(7, "bag").random()
    assert seeded_rng(7, "bag").random() != seeded_rng(7, "bot").random()


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"title": "acquire"}', "lacks"),
        ('{"title": "acquire", "players": [], "seed": "x", "options": {}, "actions": []}', "seed"),
        ('{"title": "acquire", "players": [], "seed": 1, "options": [], "actions": []}', "options"),
        ('{"title": "acquire", "players": [], "seed": 1, "options": {}, "actions": {}}', "actions"),
        ('{"title": "acquire", "players": [], "seed": 1, "options": {}, "actions": [{"seat": "0"}]}', "seat"),
        ('{"title": "acquire", "players": [], "seed": 1, "options": {}, "actions": [{"seat": 0, "action": {}}]}',
         "type"),
    ],
)
def test_malformed_records_are_refused_with_a_reason(text, complaint):
    with pytest.raises(MalformedRecord, match=complaint):
        parse_record(text)


def test_record_round_trips_to_json():
    raw = {"title": "acquire", "players": ["a", "b"], "seed": 3, "options": {}, "actions": [
        {"seat": 0, "action": {"type": "place_tile", "tile": "1A"}}]}
    assert record_from_json(json.loads(json.dumps(raw))).to_json() == raw


def test_unknown_title_is_malformed():
    with pytest.raises(MalformedRecord, match="Unknown title"):
        get_title("chess")
