"""The number field's hint on a move form: its range, or its one value."""

from types import SimpleNamespace

from django.template.loader import render_to_string

EN_DASH = "\u2013"


def _rendered(least: int, most: int, step: int = 1) -> str:
    field = SimpleNamespace(kind="number", name="f.price", label="Price", min=least, max=most, step=step,
                            value=least, required=True)
    form = SimpleNamespace(type="buy_train", index=0, label="Buy a train", help="", fields=[field])
    context = {"prompt": SimpleNamespace(name="operate", question="Buy?"), "game": SimpleNamespace(pk=1, title="1861"),
               "position": SimpleNamespace(version=3), "forms": [form], "quick_groups": []}
    return render_to_string("games/_prompt.html", context)


def test_a_range_is_written_from_least_to_most():
    assert f'<span class="help">5{EN_DASH}100, in steps of 5</span>' in _rendered(5, 100, 5)


def test_a_field_with_one_possible_value_says_so_instead_of_a_range():
    """A walk's form read "1", a dash and "1" again."""
    html = _rendered(1, 1)
    assert '<span class="help">only 1</span>' in html and f"1{EN_DASH}1" not in html
