"""The number field's hint on a move form: its range, or its one value."""

from types import SimpleNamespace

from django.template.loader import render_to_string

EN_DASH = "\u2013"


def _rendered(least: int, most: int, step: int = 1, money: bool = False, currency: str = "$") -> str:
    field = SimpleNamespace(kind="number", name="f.price", label="Price", min=least, max=most, step=step,
                            value=least, required=True, money=money)
    form = SimpleNamespace(type="buy_train", index=0, label="Buy a train", help="", fields=[field])
    context = {"prompt": SimpleNamespace(name="operate", question="Buy?"), "game": SimpleNamespace(pk=1, title="1861"),
               "position": SimpleNamespace(version=3), "forms": [form], "quick_groups": [], "currency": currency}
    return render_to_string("games/_prompt.html", context)


def test_a_range_is_written_from_least_to_most():
    assert f'<span class="help">5{EN_DASH}100, in steps of 5</span>' in _rendered(5, 100, 5)


def test_a_field_with_one_possible_value_says_so_instead_of_a_range():
    """A walk's form read "1", a dash and "1" again."""
    html = _rendered(1, 1)
    assert '<span class="help">only 1</span>' in html and f"1{EN_DASH}1" not in html


def test_an_amount_of_money_is_written_with_the_games_currency():
    """A walk's 1861 opening bid read "100 to 420, in steps of 5" beside a question in roubles."""
    html = _rendered(100, 420, 5, money=True, currency="\u20bd")
    assert f'<span class="help">\u20bd100{EN_DASH}\u20bd420, in steps of \u20bd5</span>' in html
    assert '<span class="help">only $1</span>' in _rendered(1, 1, money=True)


def test_a_price_field_is_money_and_a_rotation_is_not():
    from engine.core import Field
    from games.prompt_forms import _widget

    assert _widget(Field("price", "number", "Price", min=1, max=90)).money
    assert not _widget(Field("rotation", "number", "Rotation", min=0, max=5)).money
