"""Mails of a new 1861 game: after every move the seat asked gets a mail with one link per quick answer.

The game is played by the engine's random player through the one move path, from the private
auction through the first stock round and into the operating rounds (track, routes, trains),
and every mail is composed as the site sends it (eager, locmem).
"""

from __future__ import annotations

import pytest
from django.core import mail

import engine.core as engine
from engine.core.rng import seeded_rng
from games.models import Game, Snapshot
from tests.games.factories import started_game
from tests.notifications.helpers import LINK_LINE, move, outbox_to

pytestmark = pytest.mark.django_db(transaction=True)

WANTED = {"private_auction", "stock_turn", "minor_auction", "operate:track", "operate:routes", "operate:buy_train"}


def kind_of(prompt: engine.Prompt) -> str:
    return f"operate:{prompt.context['step']}" if prompt.name == "operate" else prompt.name


def asked(game: Game) -> engine.Prompt:
    return engine.prompts(engine.from_json(Snapshot.objects.get(game=game).state))[0]


def test_every_1861_prompt_is_mailed_with_a_link_per_quick_answer(players) -> None:
    mail.outbox.clear()
    game = started_game(players, title="1861", options={}, seed=12)
    emails = {seat.index: seat.user.email for seat in game.seats.select_related("user")}
    rng, rules, seen = seeded_rng(12, "t1861-mail"), engine.get_title("1861"), set()
    for _ in range(400):
        prompt = asked(game)
        newest = outbox_to(emails[prompt.seat])[-1]
        links = [match for match in LINK_LINE.finditer(newest.body) if "/mail/move/" in match["url"]]
        assert len(links) == len(prompt.quick), (kind_of(prompt), newest.body[:1500])
        assert "1861" in newest.subject and "/games/" in newest.body
        seen.add(kind_of(prompt))
        if seen >= WANTED:
            break
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        assert move(game.pk, prompt.seat, rules.random_action(state, prompt.seat, rng)).applied
    assert seen >= WANTED, seen
