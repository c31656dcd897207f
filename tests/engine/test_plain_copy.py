"""engine.core.plain.plain_copy: an independent copy of plain JSON-like state."""

from __future__ import annotations

from types import MappingProxyType

from hypothesis import given
from hypothesis import strategies as st

from engine.core.plain import dict_copy, plain_copy

SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(allow_nan=False)
PLAIN = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=4), max_leaves=30)


@given(PLAIN)
def test_the_copy_is_equal_and_shares_no_dict_or_list(value) -> None:
    copied = plain_copy(value)
    assert copied == value

    def containers(item) -> list:
        if isinstance(item, dict):
            return [item, *(inner for entry in item.values() for inner in containers(entry))]
        if isinstance(item, list):
            return [item, *(inner for entry in item for inner in containers(entry))]
        return []

    originals = {id(item) for item in containers(value)}
    assert not originals & {id(item) for item in containers(copied)}


def test_anything_else_is_deep_copied() -> None:
    value = {"tuple": ([1], 2), "set": {3}}
    copied = plain_copy(value)
    assert copied == value
    assert copied["tuple"][0] is not value["tuple"][0] and copied["set"] is not value["set"]


def test_an_object_marshal_cannot_write_is_deep_copied() -> None:
    class Marker:
        def __init__(self) -> None:
            self.items = [1]

    value = {"marker": Marker(), "list": [2]}
    copied = plain_copy(value)
    assert copied["marker"] is not value["marker"] and copied["marker"].items == [1]
    assert copied["list"] == [2] and copied["list"] is not value["list"]


def test_dict_copy_gives_a_new_dict_in_the_same_order_from_a_view_or_a_dict():
    table = {"b": 1, "a": 2}
    for mapping in (MappingProxyType(table), table):
        copied = dict_copy(mapping)
        copied["c"] = 3
        assert list(copied.items()) == [("b", 1), ("a", 2), ("c", 3)]
        assert table == {"b": 1, "a": 2}  # the original, and the view on it, are unchanged
