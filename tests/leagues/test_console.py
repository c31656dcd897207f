"""The organizer's console: only a league's organizers act on its games and write to its divisions."""

from __future__ import annotations

import pytest

from games.models import GameStatus, OrganizerAct
from notifications.compose import compose
from notifications.models import MailKind, Outbox
from tests.games.factories import make_user
from tests.leagues.console_factories import league_game, make_league

pytestmark = pytest.mark.django_db

ACT_POSTS = {
    "pause": {},
    "extend": {"hours": "6"},
    "replace": {"seat": "1", "email": "dee@example.com"},
    "adjudicate": {"place_0": "1", "place_1": "2", "place_2": "3"},
}


@pytest.fixture
def other_organizer(db):
    """Organizes another league: no rights over this one's games."""
    user = make_user("olga@example.com", "olga")
    make_league(user, slug="other")
    return user


@pytest.mark.parametrize("kind", sorted(ACT_POSTS))
def test_only_the_leagues_organizers_may_act_on_its_games(client, season, organizer, other_organizer, players,
                                                          dee, kind):
    game = league_game(season, players)
    for user in (players[0], dee, other_organizer):
        client.force_login(user)
        refused = client.post(f"/games/{game.pk}/act/{kind}/", {"reason": "r", "nonce": "x", **ACT_POSTS[kind]})
        assert refused.status_code == 403
    assert not OrganizerAct.objects.filter(game=game).exists()
    client.force_login(organizer)
    if kind == "extend":  # a game without a time limit: allowed, but there is no deadline to extend
        done = client.post(f"/games/{game.pk}/act/{kind}/", {"reason": "r", "nonce": "x", **ACT_POSTS[kind]})
        assert done.status_code == 400 and "no move time limit" in done.content.decode()
        return
    done = client.post(f"/games/{game.pk}/act/{kind}/", {"reason": "r", "nonce": "x", **ACT_POSTS[kind]})
    assert done.status_code == 302
    assert OrganizerAct.objects.filter(game=game, kind=kind, by_user=organizer).count() == 1


def test_the_console_lists_the_seasons_games_with_their_state_and_act_buttons(client, season, organizer, players):
    game = league_game(season, players)
    client.force_login(organizer)
    client.post(f"/games/{game.pk}/act/pause/", {"reason": "waiting for a substitute", "nonce": "x"})
    page = client.get(f"/leagues/{season.league.slug}/seasons/1/console/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"/games/{game.pk}/act/resume/" in text and f"/games/{game.pk}/act/adjudicate/" in text
    assert f"/leagues/games/{game.pk}/offer-seat/" in text
    assert "paused" in text


def test_the_console_is_refused_to_everyone_else(client, season, players, other_organizer):
    league_game(season, players)
    for user in (players[0], other_organizer):
        client.force_login(user)
        assert client.get(f"/leagues/{season.league.slug}/seasons/1/console/").status_code == 403


def test_a_message_to_a_division_is_mailed_to_each_of_its_players_once(client, season, organizer, players, dee):
    game = league_game(season, players)
    division = game.league_game.division
    client.force_login(dee)
    assert client.post(f"/leagues/divisions/{division.pk}/message/",
                       {"subject": "s", "body": "b", "nonce": "x"}).status_code == 403
    client.force_login(organizer)
    form = {"subject": "Round two", "body": "Round two starts on Monday.", "nonce": "n1"}
    for _ in range(2):  # a double submit
        assert client.post(f"/leagues/divisions/{division.pk}/message/", form).status_code == 302
    rows = Outbox.objects.filter(kind=MailKind.DIVISION_MSG).order_by("recipient__email")
    assert [row.recipient.name for row in rows] == ["ann", "bob", "cy"]
    mail = compose(rows[0])
    assert mail.subject == "League acq, Division A: Round two"
    assert "orla, organizer of League acq, writes to Division A:" in mail.text and "starts on Monday" in mail.text
    # A walk's message gave its players no way back to the division it was about.
    season = division.season
    page = f"/leagues/{season.league.slug}/{season.number}/divisions/{division.pk}/"
    assert mail.text.startswith("Hello ann,") and "Your division's games and standings: http" in mail.text
    assert mail.text.split("standings: ", 1)[1].split()[0].endswith(page)


def test_an_organizers_adjudication_finishes_the_league_game(client, season, organizer, players):
    game = league_game(season, players)
    client.force_login(organizer)
    client.post(f"/games/{game.pk}/act/adjudicate/", {"reason": "r", "nonce": "x", **ACT_POSTS["adjudicate"]})
    game.refresh_from_db()
    assert (game.status, game.adjudicated) == (GameStatus.FINISHED, True)
    assert "adjudicated" in client.get(f"/leagues/{season.league.slug}/seasons/1/console/").content.decode()
