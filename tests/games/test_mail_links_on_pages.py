"""The game and account pages lead to the mail settings, the mail audit and bounce notices."""

from __future__ import annotations

import pytest

from notifications.models import Suppression

pytestmark = pytest.mark.django_db


def test_a_seated_player_finds_the_games_mail_settings_from_the_game_page(client, game, players):
    client.force_login(players[1])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/mail/games/{game.pk}/" id="mail-settings-link"' in html


def test_a_visitor_without_a_seat_gets_no_mail_settings_link(client, game):
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "mail-settings-link" not in html


def test_the_game_page_says_whose_mail_bounced(client, game, players):
    Suppression.objects.create(address=players[2].email, reason="bounced")
    client.force_login(players[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="unreachable-notice"' in html and "Mail to cy bounced" in html


def test_no_bounce_notice_while_every_address_works(client, game, players):
    client.force_login(players[0])
    assert "unreachable-notice" not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_account_page_links_to_the_mail_audit(client, players):
    client.force_login(players[0])
    html = client.get("/accounts/").content.decode()
    assert 'href="/mail/history/" id="mail-audit-link"' in html
    assert client.get("/mail/history/").status_code == 200
