"""The account's mail audit, per-game mail settings, and the local inbox page."""

from datetime import timedelta

import pytest

from games.models import Game
from notifications import preferences
from notifications.models import GameMailSettings, StandingOrder, Stream, VacationDay
from tests.notifications.helpers import move_links, outbox_to, path_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_audit_lists_mails_sent_and_links_used(client, game, players):
    url = move_links(outbox_to("ann@example.com")[-1].body)["Place 2A — founds a new chain"]
    client.post(path_of(url))
    client.force_login(players[0])
    page = client.get("/mail/history/").content.decode()
    assert "Acquire by ann · move 1: Which tile do you place?" in page
    assert "Place 2A — founds a new chain" in page and "move made: Done: Place 2A" in page
    assert "move 2: 2A founds a new chain: which one?" in page


def test_the_audit_needs_a_sign_in(client, game):
    assert client.get("/mail/history/").status_code == 302


def test_players_set_streams_orders_and_vacation(client, game, players):
    client.force_login(players[1])
    url = f"/mail/games/{game.pk}/"
    assert client.get(url).status_code == 200
    client.post(url, {"op": "stream", "stream": "reminder"})
    assert not preferences.wants(players[1].pk, game.pk, Stream.REMINDER)
    client.post(url, {"op": "order", "kind": "sell_all"})
    assert StandingOrder.objects.get(game=game).seat == 1
    client.post(url, {"op": "vacation", "day": "2026-03-03"})
    assert not VacationDay.objects.exists()  # the game allows no vacation days yet
    client.post(url, {"op": "rules", "policy": "pause"})  # only the creator sets the rules
    assert not GameMailSettings.objects.exists()


def test_switching_off_turn_mails_and_the_digest_together_is_saved_with_a_warning(client, game, players):
    client.force_login(players[1])
    page = client.post(f"/mail/games/{game.pk}/", {"op": "streams", "enabled": ["result"]}, follow=True)
    text = page.content.decode()
    assert "Saved: you get results for this game." in text
    assert "no mail will tell you when this game waits for you" in text
    wanted = {stream: preferences.wants(players[1].pk, game.pk, stream) for stream in Stream}
    assert wanted == {Stream.TURN: False, Stream.REMINDER: False, Stream.RESULT: True, Stream.DIGEST: False,
                      Stream.CHAT: False}


def test_the_creator_sets_the_deadline_rules(client, game, players):
    client.force_login(players[0])
    client.post(f"/mail/games/{game.pk}/", {"op": "rules", "policy": "pause", "reminder_hours": "6",
                                            "vacation_days": "3"})
    rules = GameMailSettings.objects.get(game=game)
    assert (rules.timeout_policy, rules.reminder_before.total_seconds(), rules.vacation_days) == ("pause", 21600, 3)
    client.post(f"/mail/games/{game.pk}/", {"op": "vacation", "day": "2026-03-03"})
    assert VacationDay.objects.get().user == players[0]


def test_the_deadline_rules_form_shows_the_saved_reminder_so_saving_again_keeps_it(client, game, players):
    Game.objects.filter(pk=game.pk).update(move_time_limit=timedelta(hours=24))
    client.force_login(players[0])
    url = f"/mail/games/{game.pk}/"
    response = client.post(url, {"op": "rules", "policy": "default", "reminder_hours": "6", "vacation_days": "0"},
                           follow=True)
    page = response.content.decode()
    assert "Deadline rules saved." in page
    assert 'name="reminder_hours" min="0" value="6"' in page
    # the creator changes only the vacation days: the form posts the reminder it shows
    client.post(url, {"op": "rules", "policy": "default", "reminder_hours": "6", "vacation_days": "2"})
    rules = GameMailSettings.objects.get(game=game)
    assert (rules.reminder_before.total_seconds(), rules.vacation_days) == (21600, 2)


def test_a_game_without_a_time_limit_offers_no_vacation_days_or_deadline_rules(client, game, players):
    """A walk's settings read 'Vacation days (0 of 0): none' above deadline rules for a game with no deadlines."""
    client.force_login(players[0])  # the creator
    page = client.get(f"/mail/games/{game.pk}/").content.decode()
    assert "Moves in this game have no time limit, so no deadline, reminder or vacation day applies" in page
    assert "(0 of 0)" not in page and "Deadline rules" not in page
    Game.objects.filter(pk=game.pk).update(move_time_limit=timedelta(hours=24))
    page = client.get(f"/mail/games/{game.pk}/").content.decode()
    assert "This game allows no vacation days." in page and "Deadline rules" in page


def test_outsiders_have_no_mail_settings_for_a_game(client, game, dee):
    client.force_login(dee)
    response = client.get(f"/mail/games/{game.pk}/")
    assert response.status_code == 404 and "You have no seat in this game." in response.content.decode()


def test_a_game_that_does_not_exist_is_the_sites_not_found(client, game, dee):
    """A walk's /mail/games/99999/ said "You have no seat in this game." of a game that is not there."""
    client.force_login(dee)
    response = client.get(f"/mail/games/{game.pk + 99999}/")
    html = response.content.decode()
    assert response.status_code == 404 and "There is no such game." in html and "no seat" not in html


def test_the_inbox_shows_mail_in_the_embedded_run(client, game, settings):
    settings.EMAIL_BACKEND = "notifications.backends.InboxBackend"
    settings.TURNPOST_LOCAL_INBOX = True
    from notifications.delivery import drop_connections
    from notifications.models import InboxMessage
    from tests.notifications.helpers import move

    drop_connections()
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    drop_connections()
    assert InboxMessage.objects.get().subject.endswith("2A founds a new chain: which one?")
    page = client.get("/inbox/?to=ann@example.com").content.decode()
    assert "2A founds a new chain: which one?" in page and 'href="?to=ann%40example.com"' in page
    # the HTML version's frame sends its links to the whole tab: the site refuses to be framed
    assert 'srcdoc="&lt;!doctype html&gt;' in page and "&lt;head&gt;&lt;base target=&quot;_top&quot;&gt;" in page


def keep(to: str, subject: str):
    from django.core.mail import EmailMessage

    from notifications.models import InboxMessage

    return InboxMessage.store(EmailMessage(subject, f"Body of {subject}", "turnpost@example.com", [to]))


@pytest.fixture
def inbox(db, settings):
    settings.EMAIL_BACKEND = "notifications.backends.InboxBackend"
    settings.TURNPOST_LOCAL_INBOX = True
    for number in range(1, 26):
        keep("ann@example.com", f"Ann's mail {number}")
    for number in range(1, 3):
        keep("bob@example.com", f"Bob's mail {number}")


def test_the_inbox_lists_recipients_with_their_counts_and_no_mail(client, inbox):
    page = client.get("/inbox/").content.decode()
    assert "ann@example.com" in page and "25 mails" in page
    assert "bob@example.com" in page and "2 mails" in page
    assert page.index("bob@example.com") < page.index("ann@example.com")  # bob had the newest mail
    assert "Body of" not in page


def test_the_inbox_shows_one_recipients_mail_newest_first_a_page_at_a_time(client, inbox):
    first = client.get("/inbox/", {"to": "ann@example.com"}).content.decode()
    assert first.count('<article class="card mail">') == 20 and "Bob's mail" not in first
    assert first.index("Ann&#x27;s mail 25<") < first.index("Ann&#x27;s mail 24<")
    assert "page 1 of 2" in first and 'rel="next"' in first and 'rel="prev"' not in first
    second = client.get("/inbox/", {"to": "ann@example.com", "page": "2"}).content.decode()
    assert second.count('<article class="card mail">') == 5 and "Ann&#x27;s mail 1<" in second
    assert 'rel="prev"' in second and 'rel="next"' not in second
    assert client.get("/inbox/", {"to": "ann@example.com", "page": "junk"}).status_code == 200


def test_the_inbox_is_off_outside_the_embedded_run(client, inbox, settings):
    settings.TURNPOST_LOCAL_INBOX = False
    assert client.get("/inbox/").status_code == 404
