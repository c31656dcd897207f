"""The run check's one-pass walk (``_Walk.stops_if_legal``) against its rule-by-rule walk
(``_Walk.stops_checked``): the same stops and track pieces for a path that keeps every rule of
the walk, and no answer exactly when the rule-by-rule walk names a broken rule (12.5)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.t1861.routes import RouteError, RoutePlan, _Places, _Walk

from .networks import TWO, all_walks, city, line, network, random_networks, town


def _walk(net, segments) -> _Walk:
    return _Walk(net, RoutePlan(TWO, tuple(segments)), _Places({}), "The route")


def _agree(net, segments) -> bool:
    """Both walks give the same answer; True when the path keeps the walk's rules."""
    quick = _walk(net, segments)
    found = quick.stops_if_legal()
    checked = _walk(net, segments)
    try:
        expected = checked.stops_checked()
    except RouteError:
        assert found is None, segments
        return False
    assert found == expected, segments
    assert (quick.pieces, quick.all_pieces) == (checked.pieces, checked.all_pieces)
    return True


@settings(max_examples=150, deadline=None)
@given(data=st.data(), net=random_networks())
def test_the_one_pass_walk_answers_as_the_rule_by_rule_walk(data, net) -> None:
    ids = [segment.id for segment in net.segments]
    for walk in all_walks(net, 6)[:40]:  # paths from a stop to a stop, most of them legal routes
        _agree(net, walk)
    for _ in range(20 if ids else 0):  # any segments in any order: broken, reversing, repeating, open-ended
        _agree(net, data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=6)))


def test_a_line_is_walked_alike_and_going_back_along_it_is_refused_by_both():
    net = network(*line(city("A1", 20, tokens=["A"]), town("B1", 10), city("C1", 40)))
    there = [segment.id for segment in net.segments]
    assert _agree(net, there)
    assert not _agree(net, [*there, *reversed(there)])  # out and back: the same track twice
    assert not _agree(net, there[1:])  # from open track
    assert not _agree(net, [there[0], there[2]])  # broken off
