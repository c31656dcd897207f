"""Move links: GET confirms, POST acts once; forged, tampered, other-purpose, expired, stale and reused links."""

import re
from datetime import timedelta

import pytest

from games.models import Action, Game
from notifications import clock, links
from notifications.models import LinkOutcome, LinkUse
from tests.notifications.helpers import move, move_links, outbox_to, path_of

pytestmark = pytest.mark.django_db(transaction=True)


def ann_links():
    return move_links(outbox_to("ann@example.com")[-1].body)


def token_of(url):
    return path_of(url).rstrip("/").rsplit("/", 1)[-1]


def test_it_confirms_on_get_without_acting(client, game):
    url = ann_links()["Place 2A — founds a new chain"]
    response = client.get(path_of(url))
    assert response.status_code == 200
    assert response["Referrer-Policy"] == "same-origin"
    assert b"Confirm: Place 2A" in response.content
    assert Action.objects.filter(game=game).count() == 0
    assert LinkUse.objects.count() == 0


def test_it_moves_on_post_through_the_move_path(client, game, players):
    url = ann_links()["Place 2A — founds a new chain"]
    response = client.post(path_of(url))
    assert response.status_code == 200
    assert b"Done: Place 2A" in response.content
    action = Action.objects.get(game=game)
    assert action.payload == {"type": "place_tile", "tile": "2A"}
    assert (action.source, action.by_user_id) == ("email", players[0].pk)
    assert LinkUse.objects.get().outcome == LinkOutcome.APPLIED


def test_the_done_page_offers_the_players_next_decision_and_only_then(client, game):
    done = client.post(path_of(ann_links()["Place 2A — founds a new chain"])).content.decode()
    assert "Done: Place 2A" in done and "You still have a decision" in done and "2A founds a new chain" in done
    found_tower = re.search(r'<a href="(http://[^"]+/mail/move/[^"]+)">Found Tower</a>', done)[1]
    done = client.post(path_of(found_tower)).content.decode()
    assert "Done: Found Tower" in done and "which shares do you buy" in done
    buy_nothing = re.search(r'<a href="(http://[^"]+/mail/move/[^"]+)">Buy nothing</a>', done)[1]
    done = client.post(path_of(buy_nothing)).content.decode()
    assert "Done: Buy nothing" in done and "You still have a decision" not in done and "See the game" in done
    assert Action.objects.filter(game=game).count() == 3


def test_it_shows_the_first_result_on_reuse(client, game):
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    client.post(url)
    again = client.post(url)
    assert again.status_code == 200
    assert b"already used" in again.content and b"Done: Place 2A" in again.content
    assert client.get(url).content.count(b"Done: Place 2A") == 1
    assert Action.objects.filter(game=game).count() == 1


def test_a_used_link_opened_again_offers_the_next_decision_or_the_game(client, game):
    """The mail's link pressed a second time was a dead end: "Nothing more was done.", no way on."""
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    client.post(url)
    again = client.get(url).content.decode()
    assert "already used" in again and "You still have a decision" in again and "Found Tower" in again
    found_tower = re.search(r'<a href="(http://[^"]+/mail/move/[^"]+)">Found Tower</a>', again)[1]
    client.post(path_of(found_tower))
    buy_nothing = re.search(r'<a href="(http://[^"]+/mail/move/[^"]+)">Buy nothing</a>', client.get(
        path_of(found_tower)).content.decode())[1]
    client.post(path_of(buy_nothing))
    last = client.get(path_of(buy_nothing)).content.decode()  # nothing left to decide: the game's page
    assert "already used" in last and re.search(rf'href="[^"]*/games/{game.pk}/">See the game</a>', last)


def test_it_says_already_resolved_for_a_stale_link_and_offers_fresh_ones(client, game):
    offered = ann_links()
    client.post(path_of(offered["Place 2A — founds a new chain"]))
    stale = client.get(path_of(offered["Place 12G — stands alone"]))
    assert stale.status_code == 200
    assert b"Already resolved" in stale.content
    assert b"Found Tower" in stale.content  # ann still decides: which chain to found, with fresh links
    assert b'id="link-page" data-kind="stale"' in stale.content
    posted = client.post(path_of(offered["Place 12G — stands alone"]))
    assert b"Already resolved" in posted.content
    assert Action.objects.filter(game=game).count() == 1


def test_a_link_of_a_game_that_has_ended_says_so(client, game, players):
    """A walk's old link of a finished game said only 'the game has moved on since this mail'."""
    from games import resignation

    offered = ann_links()
    resignation.resign(game.pk, players[1])
    resignation.resign(game.pk, players[2])  # ann is the last player left: the game is over
    page = client.get(path_of(offered["Place 2A — founds a new chain"])).content.decode()
    assert "Already resolved: the game has ended since this mail." in page and "moved on" not in page


def test_a_stale_link_offers_nothing_when_the_player_has_no_decision(client, game):
    offered = ann_links()
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    page = client.get(path_of(offered["Place 2A — founds a new chain"]))
    assert b"Already resolved" in page.content and b"/mail/move/" not in page.content


@pytest.mark.parametrize("method", ["get", "post"])
def test_it_refuses_a_forged_token(client, game, method):
    forged = links.signing.dumps({"g": game.pk, "s": 0, "u": 1, "v": 0, "a": {"type": "place_tile", "tile": "2A"},
                                  "l": "x", "e": 2**40}, key="not-our-secret", salt="turnpost.notifications.move")
    response = getattr(client, method)(f"/mail/move/{forged}/")
    assert response.status_code == 400
    assert b"not one we sent" in response.content
    assert Action.objects.filter(game=game).count() == 0


def test_it_refuses_a_tampered_token(client, game):
    token = token_of(ann_links()["Place 2A — founds a new chain"])
    body, rest = token.split(":", 1)
    tampered = body[:-3] + ("AAA" if body[-3:] != "AAA" else "BBB") + ":" + rest
    assert client.post(f"/mail/move/{tampered}/").status_code == 400
    assert client.get("/mail/move/garbage/").status_code == 400
    assert Action.objects.filter(game=game).count() == 0


def test_it_refuses_a_token_of_another_purpose(client, game, players):
    token = links.unsubscribe_token(players[0].pk, game.pk, "turn")
    assert client.post(f"/mail/move/{token}/").status_code == 400


def test_it_refuses_an_expired_link(client, game, monkeypatch):
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    later = clock.now() + timedelta(days=31)
    monkeypatch.setattr(clock, "now", lambda: later)
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 410
        assert b"expired" in response.content
    assert Action.objects.filter(game=game).count() == 0


def test_a_link_expires_at_the_deadline_plus_the_grace(settings, game):
    deadline = clock.now() + timedelta(hours=24)
    expires = links.link_expiry(deadline)
    token = links.move_token(game.pk, 0, 1, 0, {"type": "x"}, "x", expires)
    grace = timedelta(seconds=settings.TURNPOST_LINK_GRACE_SECONDS)
    assert links.read_move_token(token, deadline + grace - timedelta(seconds=1)).game == game.pk
    with pytest.raises(links.ExpiredLink):
        links.read_move_token(token, deadline + grace + timedelta(seconds=1))


def test_a_link_of_a_seat_that_changed_hands_is_refused(client, game, dee):
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    Game.objects.get(pk=game.pk).seats.filter(index=0).update(user=dee)
    response = client.post(url)
    assert response.status_code == 403
    assert Action.objects.filter(game=game).count() == 0


def test_a_double_click_moves_once(game):
    import threading

    from django.db import connections
    from django.test import Client

    url = path_of(ann_links()["Place 2A — founds a new chain"])
    pages, start = [], threading.Barrier(2)

    def click():
        start.wait()
        pages.append(Client().post(url).content.decode())
        connections.close_all()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Action.objects.filter(game=game).count() == 1
    assert sum("Done: Place 2A" in page for page in pages) >= 1
    assert any("already used" in page or "being used right now" in page for page in pages)


def signed_in_as(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def shows_nothing_of_anns_seat(html: str) -> bool:
    """No tile of ann's hand, no link label (it names her tiles), no position."""
    import re

    from tests.notifications.helpers import HANDS, without_urls

    readable = without_urls(html)
    return not any(re.search(rf"\b{tile}\b", readable) for tile in HANDS[0]) and "The position" not in readable


def test_another_account_is_told_whose_link_it_is_and_sees_nothing_of_the_seat(client, game, players):
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    assert not shows_nothing_of_anns_seat(client.get(url).content.decode())  # signed out: her tiles, as today
    page = signed_in_as(players[1]).get(url)
    html = page.content.decode()
    assert page.status_code == 403
    assert "This link is for ann&#x27;s seat; you are signed in as bob" in html
    assert 'data-kind="not_yours"' in html and "Confirm:" not in html
    assert shows_nothing_of_anns_seat(html)


def test_another_accounts_post_does_nothing_and_leaves_the_link_to_its_player(client, game, players):
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    refused = signed_in_as(players[1]).post(url)
    assert refused.status_code == 403 and shows_nothing_of_anns_seat(refused.content.decode())
    assert not Action.objects.filter(game=game).exists() and not LinkUse.objects.exists()
    assert b"Done: Place 2A" in client.post(url).content  # signed out: the mailbox's owner holds the link


def test_the_seats_own_player_signed_in_uses_the_link(game, players):
    url = path_of(ann_links()["Place 2A — founds a new chain"])
    ann = signed_in_as(players[0])
    assert b"Confirm: Place 2A" in ann.get(url).content
    assert b"Done: Place 2A" in ann.post(url).content
    assert Action.objects.get(game=game).by_user_id == players[0].pk


def test_a_stale_link_offers_fresh_choices_only_to_its_seats_player(client, game, players):
    offered = ann_links()
    client.post(path_of(offered["Place 2A — founds a new chain"]))
    stale = path_of(offered["Place 12G — stands alone"])
    assert b"Found Tower" in signed_in_as(players[0]).get(stale).content
    other = signed_in_as(players[2]).get(stale)
    html = other.content.decode()
    assert other.status_code == 403 and "/mail/move/" not in html and "Found Tower" not in html
    assert shows_nothing_of_anns_seat(html)


def test_a_link_of_a_paused_game_says_so_before_the_button_and_works_once_the_game_resumes(client, game):
    """A paused game takes no moves; the link is not spent by trying, and it moves once the organizer resumes."""
    from games import organizer_acts
    from tests.games.factories import make_user

    organizer = make_user("org@example.com", "orla")
    organizer.is_staff = True
    organizer.save()
    path = path_of(ann_links()["Place 2A — founds a new chain"])
    organizer_acts.pause(game.pk, organizer, "ann is travelling", "n1")
    page = client.get(path).content.decode()
    assert "This game is paused" in page and "Confirm: Place 2A" not in page
    assert client.post(path).status_code == 409  # pressed anyway (an old tab): refused, nothing spent
    organizer_acts.resume(game.pk, organizer, "ann is back", "n2")
    assert b"Confirm: Place 2A" in client.get(path).content
    assert b"Done: Place 2A" in client.post(path).content
    assert Action.objects.filter(game=game).count() >= 1


def test_a_link_of_a_seat_the_organizer_passed_on_says_so_not_that_the_game_moved_on(client, game, dee):
    """A walk's replaced player opened his turn mail's link: 'Already resolved: the game has moved on
    since this mail', though the same move still waited, now for his successor."""
    from games import organizer_acts
    from tests.games.factories import make_user

    organizer = make_user("org@example.com", "orla")
    organizer.is_staff = True
    organizer.save()
    path = path_of(ann_links()["Place 2A — founds a new chain"])
    organizer_acts.replace_player(game.pk, organizer, "ann left the league", "n1", 0, dee)
    response = client.get(path)
    page = response.content.decode()
    assert response.status_code == 403
    assert "This seat is no longer yours" in page and "moved on" not in page and "Confirm: Place 2A" not in page
    assert client.post(path).status_code == 403
    assert not Action.objects.filter(game=game).exists()


def test_a_link_whose_seat_has_not_moved_since_says_its_decision_is_still_open(client, players):
    """A merger's second owner found her links "Already resolved" once the first owner had answered,
    though her own question was still waiting (a walk).  When only others moved since the mail, the
    page says the decision is still open and asks it again; it acts on nothing."""
    from tests.notifications.t1861_consent import OWNER, consent_game

    game = consent_game(players)
    owner = players[OWNER]
    earlier = game.version - 1  # a mail written before the president's last move, which cy did not make
    assert not Action.objects.filter(game=game, seat=OWNER, seq__gt=earlier).exists()
    token = links.move_token(game.pk, OWNER, owner.pk, earlier, {"type": "consent", "accept": True},
                             "Accept", links.link_expiry(None, clock.now()))
    client.force_login(owner)
    page = client.get(f"/mail/move/{token}/").content.decode()
    assert 'data-kind="still_open"' in page and "Your decision is still open" in page
    assert "Already resolved" not in page and "Accept: MB goes into GRR" in page  # asked again, with fresh links
    moves = Action.objects.filter(game=game).count()
    posted = client.post(f"/mail/move/{token}/").content.decode()
    assert "Your decision is still open" in posted and Action.objects.filter(game=game).count() == moves
