"""The 1861 prompt card leaves out what the page's picker and route card already offer.

Game 29683 cut where the acting seat is asked for a tile (action 78, MV), a station token
(376, NW), a home city (545) and routes (450, NW).  The picker lists every legal lay or city
and the route card has its own "run the suggested routes" button, so the prompt card shows
neither the prompt's lay/token/route quick answers nor the lay_tile/place_token/run_routes
forms; the prompt's other answers (pass, ...) stay, at the same indices, and still post (a pass as its
button only: its form, with nothing to fill in, would repeat it).  The engine's prompt is unchanged: a
mail still offers those quick answers.
"""

from __future__ import annotations

import re

import pytest

import engine.core as engine
from games import import_18xx, queries
from games.models import Game
from games.prompt_forms import repeats_quick
from tests.games.t1861_imports import running_export

pytestmark = pytest.mark.django_db

TRACK_CUT, TOKEN_CUT, HOME_CUT, ROUTES_CUT = 78, 376, 545, 450


def acting_page(client, user, cut: int) -> tuple[Game, engine.Prompt, str]:
    """The page of the seat the game waits on, played by ``user``, with the prompt it answers."""
    game = import_18xx.import_export(running_export(cut), None)
    prompt = engine.prompts(queries.current_state(Game.objects.get(pk=game.pk)))[0]
    seat = game.seats.get(index=prompt.seat)
    seat.user, seat.display_name = user, user.display_name
    seat.save()
    client.force_login(user)
    return game, prompt, client.get(f"/games/{game.pk}/").content.decode()


def quick_shown(html: str) -> list[int]:
    """The indices the prompt card's one-click buttons post (the picker's and route card's are not these)."""
    found = re.search(r'<form method="post" action="[^"]+" class="quick">(.*?)</form>', html, re.S)
    return [int(value) for value in re.findall(r'name="quick" value="(\d+)"', found.group(1))] if found else []


def forms_shown(html: str) -> list[str]:
    return re.findall(r'class="option" data-action="([^"]+)"', html)


def of_type(prompt: engine.Prompt, kinds: set[str], keep: bool = False) -> list[int]:
    return [index for index, answer in enumerate(prompt.quick) if (answer.action["type"] in kinds) != keep]


@pytest.mark.parametrize(("cut", "covered"), [(TRACK_CUT, "lay_tile"), (TOKEN_CUT, "place_token"),
                                              (HOME_CUT, "place_token")])
def test_the_pickers_choices_are_not_repeated_in_the_prompt_card(client, players, cut, covered) -> None:
    _, prompt, html = acting_page(client, players[0], cut)
    assert 'id="lay-picker"' in html
    assert of_type(prompt, {covered}), "the engine's prompt still offers them as quick answers (mails use them)"
    assert quick_shown(html) == of_type(prompt, {covered}, keep=True)
    assert covered not in forms_shown(html)
    # The other forms stay, but for one that would only repeat a kept button ("No (more) track", a pass).
    assert forms_shown(html) == [option.type for option in prompt.actions
                                 if option.type != covered and not repeats_quick(option, prompt.quick)]


def test_the_other_answers_at_the_track_step_still_post(client, players) -> None:
    game, prompt, html = acting_page(client, players[0], TRACK_CUT)
    kept = quick_shown(html)
    assert [prompt.quick[index].action["type"] for index in kept] == ["pass"], "passing the track step stays"
    version = Game.objects.get(pk=game.pk).version
    client.post(f"/games/{game.pk}/move/", {"expected_version": version, "quick": kept[0]})
    assert Game.objects.get(pk=game.pk).version == version + 1
    after = engine.prompts(queries.current_state(Game.objects.get(pk=game.pk)))[0]
    assert after.context.get("step") != "track"


def test_the_route_step_shows_one_run_the_routes_button(client, players) -> None:
    _, prompt, html = acting_page(client, players[0], ROUTES_CUT)
    assert of_type(prompt, {"run_routes"})
    assert len(re.findall(r'id="accept-routes"', html)) == 1
    assert not set(quick_shown(html)) & set(of_type(prompt, {"run_routes"}))
    assert "run_routes" not in forms_shown(html)


def test_a_spectator_sees_no_prompt_card(client, players) -> None:
    game = import_18xx.import_export(running_export(TRACK_CUT), None)
    client.force_login(players[1])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="prompt"' not in html and quick_shown(html) == []
