"""Railroad Barons mails: the position include, one link per quick answer, and an offer answered from a mail."""

from __future__ import annotations

import pytest
from django.core import mail

import engine.core as engine
from games.models import Action, Game, Snapshot
from notifications.positions import position_template
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_WITHOUT_450,
    SEEDY_FLOATED,
    buy,
    offer_railroad,
    simple_answer,
)
from tests.games.factories import play, started_game
from tests.games.test_railroad_barons_pages import OFFER_READY, SEEDY_STARTED
from tests.notifications.helpers import html_of, move, move_links, outbox_to, path_of

pytestmark = pytest.mark.django_db(transaction=True)

TITLE = "railroad-barons"
EMAILS = {ANN: "ann@example.com", BOB: "bob@example.com"}


@pytest.fixture
def rb_game(players) -> Game:
    mail.outbox.clear()
    return started_game(players[:2], title=TITLE, options={}, seed=1)


def current_prompt(game: Game) -> engine.Prompt | None:
    waiting = engine.prompts(engine.from_json(Snapshot.objects.get(game=game).state))
    return waiting[0] if waiting else None


def assert_mail_offers_every_quick_answer(game: Game) -> engine.Prompt:
    """The newest mail to the asked seat has one move link per quick answer, in order, and the site link."""
    prompt = current_prompt(game)
    assert prompt is not None
    message = outbox_to(EMAILS[prompt.seat])[-1]
    assert sorted(move_links(message.body)) == sorted(answer.label for answer in prompt.quick), prompt.name
    assert "* Choose on the site (anything else):\n  http://" in message.body
    html = html_of(message)
    assert all(f'href="{url}"' in html for url in move_links(message.body).values())
    return prompt


def test_the_first_mail_has_the_position_and_a_link_per_investor_offer(rb_game):
    message = outbox_to("ann@example.com")[-1]
    assert message.to == ["ann@example.com"] and "Railroad Barons" in message.subject
    body = message.body
    assert "Draft; waiting for ann." in body
    assert "You: $200 cash; certificates: none (0 of 9); investors: none." in body
    assert "  MS&C (not started): director -, share price -, treasury $0, income $0" in body
    assert "Railroad pile: 27 left; top card Railroad A2:\n  A front: level 2, cost $60, income $22" in body
    assert "  bob: $200; certificates: none; investors: none; worth $200" in body
    prompt = assert_mail_offers_every_quick_answer(rb_game)
    assert [answer.label for answer in prompt.quick][:2] == ["Offer the $30 investor at $30",
                                                             "Offer the $40 investor at $40"]
    html = html_of(message)
    assert 'aria-label="Holdings"' in html and "<b>Railroad A2</b>" in html and "MS&amp;C" in html


def test_every_prompt_along_a_game_mails_one_link_per_quick_answer(rb_game):
    seen = {assert_mail_offers_every_quick_answer(rb_game).name}
    labels: list[str] = []
    accept = (BOB, {"type": "respond_offer", "accept": True})
    for seat, action in [*OFFER_READY, offer_railroad(ANN, "a1", 100), accept]:
        move(rb_game.pk, seat, action)
        prompt = assert_mail_offers_every_quick_answer(rb_game)
        seen.add(prompt.name)
        labels += [answer.label for answer in prompt.quick]
    for _ in range(60):  # on to a dividend: Seedy Brothers now earns Dominion Atlantic's $22
        state = engine.from_json(Snapshot.objects.get(game=rb_game).state)
        prompt = current_prompt(rb_game)
        move(rb_game.pk, prompt.seat, simple_answer(state, prompt.seat, state.phase, True, True))
        prompt = assert_mail_offers_every_quick_answer(rb_game)
        seen.add(prompt.name)
        labels += [answer.label for answer in prompt.quick]
        if prompt.name == "dividend":
            break
    assert {"offer_investor", "choose_offer", "stock_turn", "operate", "respond_offer", "dividend"} <= seen
    assert any(label.startswith("Pay $2 per share") for label in labels)
    assert any(label.startswith("Withhold") for label in labels)
    assert any(label.startswith("Buy Railroad A2 on its level 2") for label in labels)
    assert "Pass" in labels and any(label.startswith("Sell the 10% certificate") for label in labels)
    assert any(label.startswith("Buy the 30% certificate") for label in labels)
    assert any(label.startswith("Take $30") for label in labels)


def test_an_offer_is_accepted_through_the_mail_link(client, rb_game):
    play(rb_game, OFFER_READY)
    move(rb_game.pk, ANN, offer_railroad(ANN, "a1", 100)[1])
    message = outbox_to("bob@example.com")[-1]
    assert "Seedy Brothers offers $100 for Dominion Atlantic" in message.body
    links = move_links(message.body)
    accept = next(url for label, url in links.items() if label.startswith("Accept"))
    assert list(links) == ["Accept: Rice International sells it for $100", "Decline: Rice International keeps it"]
    assert b"Confirm: Accept" in client.get(path_of(accept)).content
    assert client.post(path_of(accept)).status_code == 200
    action = Action.objects.filter(game=rb_game).order_by("-seq").first()
    assert action.payload == {"type": "respond_offer", "accept": True} and action.source == "email"
    holdings = engine.summary(engine.from_json(Snapshot.objects.get(game=rb_game).state))["holdings"]
    assert "a1" in holdings["seedy"]["railroads"] and "a1" not in holdings["rice"]["railroads"]
    assert "  Seedy Brothers (floated): director ann" in outbox_to("ann@example.com")[-1].body


def test_the_share_value_track_line_ends_once_after_a_name_that_ends_in_a_full_stop(rb_game):
    play(rb_game, [*DRAFT_WITHOUT_450, buy(ANN, "picable", 40, par=70)])
    body = outbox_to("bob@example.com")[-1].body
    assert "Share-value track ($40 to $350): $70 Picable Inc.\n" in body and "Inc.." not in body


def test_a_stock_turn_groups_its_links_by_sale_and_purchase_and_by_holding(rb_game):
    play(rb_game, [*SEEDY_STARTED, buy(BOB, "rice", 40, par=70)])
    message = outbox_to("ann@example.com")[-1]
    assert message.subject.endswith("Stock round 1: sell, buy, pass or end your turn")
    answers = message.body.split("Your answer", 1)[1]
    assert "Sell a certificate" not in answers  # ann's one certificate is her director's: nothing to sell
    assert answers.index("Buy a certificate:") < answers.index("* Pass:")
    buys = answers.split("Buy a certificate:", 1)[1]
    assert buys.index("  -- Rice International --") < buys.index("* Buy the 10% certificate of Rice International")
    assert "  -- MS&C --\n* Start MS&C at par $70" in buys
    assert "End the turn" not in answers  # nothing sold yet this turn: only a pass ends it
    assert "Done:" not in message.body


def test_an_operating_turn_names_its_holding_and_its_end_link_reads_once(client, rb_game):
    play(rb_game, SEEDY_FLOATED)
    message = outbox_to("ann@example.com")[-1]
    assert message.subject.endswith("Seedy Brothers' turn: buy, sell or scrap railroads, or end the turn")
    links = move_links(message.body)
    end = links["End Seedy Brothers' turn"]
    assert "Buy the top railroad from the bank:\n* Buy Dominion Atlantic" in message.body
    assert "Operating round 1.1: Seedy Brothers operates" in message.body
    assert b"Confirm: End Seedy Brothers&#x27; turn" in client.get(path_of(end)).content
    done = client.post(path_of(end)).content.decode()
    assert "Done: End Seedy Brothers&#x27; turn." in done and "Done: Done" not in done


def test_the_position_include_is_chosen_by_title():
    assert position_template(TITLE) == "emails/includes/position-railroad-barons"
    assert position_template("acquire") == "emails/includes/position-acquire"
    assert position_template("some-new-title") == "emails/includes/position-generic"


def test_the_result_mail_of_a_game_ended_by_resignation_waits_for_nobody(rb_game, players):
    """The engine's position still has a prompt open when a resignation ends the game; the mail must not say so."""
    from games import resignation

    resignation.resign(rb_game.pk, players[1])
    result = next(message for message in outbox_to("ann@example.com") if message.subject.endswith("the game is over"))
    assert "bob resigned; ann wins." in result.body
    assert "waiting for" not in result.body and "waiting for" not in html_of(result)
    assert "Draft." in result.body  # the round the game stopped in


def test_the_result_mail_says_why_the_game_ended_as_the_page_does(rb_game, players):
    """A walk's result mail said only that the game was over; the page gives the engine's reason."""
    from tests.games.factories import play_to_end

    play_to_end(rb_game)
    result = next(message for message in outbox_to("ann@example.com") if message.subject.endswith("the game is over"))
    reason = current_view_reason(rb_game)
    assert reason and f"The game is over: {reason.rstrip('.')}." in result.body


def current_view_reason(game) -> str:
    import engine.core as engine
    from games.queries import current_state

    return engine.view(current_state(game), None)["end_reason"]
