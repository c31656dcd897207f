"""Reach (12.3, 12.4): walking from a company's tokens, never reversing, stopped by full cities."""

from engine.t1861.network import Network, Segment, Stop
from engine.t1861.reach import reach


def _line(*stops: Stop) -> Network:
    """Stops in a row in hexes A1, A3, A5 ...; each joined to the next across the border between them."""
    segments = []
    for index in range(len(stops) - 1):
        here, there = stops[index].hex, stops[index + 1].hex
        junction = f"{here}.0|{there}.3"
        segments.append(Segment(f"{here}/0", here, (stops[index].id, junction)))
        segments.append(Segment(f"{there}/1", there, (junction, stops[index + 1].id)))
    return Network(stops={stop.id: stop for stop in stops}, segments=tuple(segments))


def _city(hex_id: str, *tokens: str, slots: int = 1) -> Stop:
    return Stop(f"{hex_id}:c0", hex_id, "city", 20, slots=slots, tokens=tokens)


def test_a_city_filled_by_others_is_reached_but_not_passed():
    network = _line(_city("A1", "X"), _city("A3", "Y"), _city("A5"))
    found = reach(network, "X")
    assert found.stops == {"A1:c0", "A3:c0"}


def test_a_city_with_room_or_an_own_token_is_passed():
    network = _line(_city("A1", "X"), _city("A3", "Y", slots=2), _city("A5", "X", "Y", slots=2), _city("A7"))
    assert reach(network, "X").stops == {"A1:c0", "A3:c0", "A5:c0", "A7:c0"}


def test_an_off_board_ends_the_walk():
    offboard = Stop("A3:o0", "A3", "offboard", 30, area="Poland")
    assert reach(_line(_city("A1", "X"), offboard, _city("A5")), "X").stops == {"A1:c0", "A3:o0"}


def test_a_company_without_tokens_reaches_nothing():
    assert reach(_line(_city("A1", "X"), _city("A3")), "Z").stops == set()


def test_a_walk_does_not_turn_back_into_the_hex_it_came_from():
    # Two paths of one tile in A3 share the border with A1; coming from A1 into A3 is fine,
    # but arriving at that border from inside A3 must not lead into A3's other path.
    city = _city("A3", "X")
    segments = (
        Segment("A3/0", "A3", ("A3:c0", "A1.0|A3.3")),
        Segment("A3/1", "A3", ("A1.0|A3.3", "A3.1|B4.4")),
    )
    network = Network(stops={city.id: city}, segments=segments)
    found = reach(network, "X")
    assert found.segments == {"A3/0"}
    assert found.entries == {("A1", 0)}
    assert found.edges_of("A1") == {0}
    assert found.edges_of("A3") == set(range(6))  # its token hex: every edge counts
