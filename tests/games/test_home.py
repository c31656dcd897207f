"""The home page tells a signed-in player which games keep a seat for them."""

import pytest

from games import services
from tests.games.factories import SCRIPT, play

pytestmark = pytest.mark.django_db


def test_an_invited_player_sees_the_invitation_on_the_home_page(client, players, dee):
    game = services.create_game(players[0], "acquire", 3, invited_emails=[dee.email], name="Friday Acquire")
    client.force_login(dee)
    html = client.get("/").content.decode()
    invitations = html[html.index('id="invitations"'):]
    assert "Invitations for you" in invitations
    assert f'href="/games/{game.pk}/">Friday Acquire</a>' in invitations
    assert "ann kept a seat for you" in invitations
    assert "Games looking for players" not in html  # listed once, as an invitation


def test_players_without_an_invitation_see_no_invitations(client, players, dee):
    services.create_game(players[0], "acquire", 3, invited_emails=[dee.email])
    client.force_login(players[1])
    html = client.get("/").content.decode()
    assert 'id="invitations"' not in html and "Games looking for players" in html  # bob may take the open seat


def test_a_taken_invitation_is_no_longer_listed(client, players, dee):
    game = services.create_game(players[0], "acquire", 3, invited_emails=[dee.email])
    services.take_seat(game.pk, dee)
    client.force_login(dee)
    assert 'id="invitations"' not in client.get("/").content.decode()


def test_a_visitor_reads_every_title_a_game_can_be_started_of(client):
    """1861 is startable from the new-game page, so the welcome names it with the other two."""
    html = client.get("/").content.decode()
    assert ("Play Acquire, Railroad Barons and 1861: The Railways of the Russian Empire with friends"
            in " ".join(html.split()))


def test_the_game_lists_name_the_move_waited_for_as_the_turn_mail_does(client, game, players):
    """One numbering: after move 3 the game waits for move 4 (the mail's subject says "move 4"); a walk
    saw "move 3" beside "waiting for ann" on the home page, and "move 0" in a game nobody had moved in."""
    client.force_login(players[0])
    waiting = client.get("/").content.decode()
    assert '<span class="pill">move 1</span>' in waiting and "move 0" not in waiting
    play(game, SCRIPT[:3])
    client.force_login(players[1])
    running = client.get("/games/").content.decode()
    assert '<span class="pill">move 4</span>' in running and '<span class="pill">move 3</span>' not in running


def test_the_signed_in_home_page_has_one_main_heading_above_its_sections(client, players):
    """axe (best practice: page-has-heading-one) on a walk: the signed-in home page began at h2
    ("Waiting for you"), so a screen reader's heading list had no title for the page."""
    import re

    client.force_login(players[0])
    html = client.get("/").content.decode()
    headings = re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", html, re.S)
    assert [level for level, _ in headings].count("1") == 1
    assert headings[0] == ("1", "Your games")
