"""An answer with nothing to fill in that is also a one-click answer shows once on the game page: as its button.

Railroad Barons' stock turn offers "Pass" as a one-click answer and as an option without fields;
the prompt card shows the button, not also a folded "Pass (the full form)" whose form only
repeats it, and the button still passes.  The forms that have something to fill in stay folded
behind the buttons.  A page without one-click answers keeps every form, and a form just refused
stays, open with what was sent (``games.prompt_forms.without_repeats``, plain data below).
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.http import QueryDict

from engine.core import ActionOption, Choice, Field, Prompt, QuickAnswer
from games.models import Action, Game
from games.prompt_forms import option_forms, without_repeats
from tests.engine.railroad_barons.support import ANN, BOB, DRAFT_WITHOUT_450, buy
from tests.games.factories import play, started_game
from tests.games.pages import post_prompt, prompt_of

pytestmark = pytest.mark.django_db

SEEDY_STARTED = [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70)]  # then bob's stock turn


@pytest.fixture
def rb_game(players) -> Game:
    return started_game(players[:2], title="railroad-barons", options={}, seed=1)


class CardTexts(HTMLParser):
    """The texts of the prompt card (``#prompt``), one per text node, stripped; and its forms' data-action."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.actions: list[str] = []
        self.folds: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if self._depth == 0 and attributes.get("id") == "prompt":
            self._depth = 1
        elif self._depth and tag == "div":
            self._depth += 1
        if self._depth and tag == "form" and attributes.get("data-action"):
            self.actions.append(attributes["data-action"] or "")
        if self._depth and tag == "details":
            self.folds.append(attributes.get("data-fold") or "")

    def handle_endtag(self, tag: str) -> None:
        if self._depth and tag == "div":
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth and data.strip():
            self.texts.append(data.strip())


def prompt_card(html: str) -> CardTexts:
    card = CardTexts()
    card.feed(html)
    return card


def test_a_pass_without_fields_shows_once_as_its_button_and_still_posts(client, players, rb_game):
    play(rb_game, SEEDY_STARTED)
    prompt = prompt_of(rb_game.pk)
    assert prompt.seat == BOB and prompt.name == "stock_turn"
    assert any(option.type == "pass" and not option.fields for option in prompt.actions)
    bob = type(client)()
    bob.force_login(players[1])
    card = prompt_card(bob.get(f"/games/{rb_game.pk}/").content.decode())

    assert card.texts.count("Pass") == 1  # the button: no folded form repeating it
    assert "pass" not in card.actions and "pass" not in card.folds
    assert "buy" in card.actions and "buy" in card.folds  # a form with fields stays, folded behind the buttons

    version = rb_game.actions.count()
    assert post_prompt(bob, rb_game.pk, "pass", {}).status_code == 302  # presses the button
    last = Action.objects.filter(game=rb_game).order_by("-seq").first()
    assert rb_game.actions.count() == version + 1 and last.seat == BOB and last.payload == {"type": "pass"}
    assert prompt_of(rb_game.pk).seat != BOB


# ------------------------------------------------------------------ plain data: which forms stay

PASS = ActionOption("pass", "Pass")
BID = ActionOption("bid", "Bid", (Field("price", "number", "Price", min=10, max=90, step=5),))
CONVERT_A = ActionOption("convert", "Convert A", fixed={"company": "a"})
CONVERT_B = ActionOption("convert", "Convert B", fixed={"company": "b"})
QUICK = (QuickAnswer("Pass", {"type": "pass"}), QuickAnswer("Bid 10", {"type": "bid", "price": 10}),
         QuickAnswer("Convert A", {"type": "convert", "company": "a"}))
PROMPT = Prompt(0, "turn", "Bid, convert or pass?", (PASS, BID, CONVERT_A, CONVERT_B), QUICK)


def kept(prompt: Prompt, shown: list[QuickAnswer], refused: QueryDict | None = None) -> list[str]:
    return [form.label for form in without_repeats(option_forms(prompt, refused), prompt, shown)]


def test_only_a_form_without_fields_whose_action_is_a_button_goes() -> None:
    # The bid form has fields (a quick bid does not make it a repeat); "Convert B" is no button's action.
    assert kept(PROMPT, list(QUICK)) == ["Bid", "Convert B"]


KIND = Field("kind", "choice", "Dividend", choices=(Choice("payout", "payout"), Choice("withhold", "withhold")))
DIVIDEND = ActionOption("dividend", "Dividend", (KIND,))
PAYOUT, WITHHOLD = (QuickAnswer(kind, {"type": "dividend", "kind": kind}) for kind in ("payout", "withhold"))


def test_a_form_of_choices_whose_every_answer_is_a_button_goes() -> None:
    """A walk's 1861 dividend: three buttons, then "Dividend (the full form)" with the same three as radios."""
    prompt = Prompt(0, "operate", "Pay out or withhold?", (DIVIDEND,), (PAYOUT, WITHHOLD))
    assert kept(prompt, [PAYOUT, WITHHOLD]) == []
    assert kept(prompt, [PAYOUT]) == ["Dividend"]  # withholding is only on the form


def test_a_form_of_choices_with_an_optional_field_stays() -> None:
    optional = ActionOption("dividend", "Dividend", (Field("kind", "choice", "Dividend", choices=KIND.choices,
                                                           required=False),))
    assert kept(Prompt(0, "operate", "Pay out or withhold?", (optional,), (PAYOUT, WITHHOLD)), [PAYOUT, WITHHOLD]) == [
        "Dividend"]


def test_a_form_of_choices_with_help_of_its_own_stays() -> None:
    """Acquire's founding: every chain is a button, but the form says "You receive one share free (R17)"."""
    helped = ActionOption("dividend", "Dividend", (KIND,), help="Half of it is kept (12.7).")
    assert kept(Prompt(0, "operate", "Pay out or withhold?", (helped,), (PAYOUT, WITHHOLD)), [PAYOUT, WITHHOLD]) == [
        "Dividend"]


def test_a_form_of_choices_whose_choices_say_more_than_the_buttons_stays() -> None:
    detailed = ActionOption("dividend", "Dividend", (Field("kind", "choice", "Dividend", choices=(
        Choice("payout", "payout", "₽12 a share"), Choice("withhold", "withhold"))),))
    assert kept(Prompt(0, "operate", "Pay out or withhold?", (detailed,), (PAYOUT, WITHHOLD)), [PAYOUT, WITHHOLD]) == [
        "Dividend"]


def test_without_buttons_every_form_stays() -> None:
    assert kept(PROMPT, []) == ["Pass", "Bid", "Convert A", "Convert B"]
    assert kept(Prompt(0, "turn", "Pass?", (PASS,)), []) == ["Pass"]


def test_the_refused_form_stays() -> None:
    refused = QueryDict("type=convert&option=2")
    assert kept(PROMPT, list(QUICK), refused) == ["Bid", "Convert A", "Convert B"]
