"""Substitutes: the pool, seat offers by mail, the first claim taking the seat, the timeout rule, who scores."""

from __future__ import annotations

import re
import threading
from datetime import timedelta
from fractions import Fraction

import pytest
from django.db import connection

from games.models import Seat
from leagues import claim_links, substitutes
from leagues.models import PointsTo, SeatOffer, Substitute
from notifications import deadlines
from notifications.compose import compose
from notifications.models import Deadline, MailKind, Outbox
from tests.games.factories import SCRIPT, make_user, play
from tests.leagues.console_factories import league_game


@pytest.fixture
def volunteers(season):
    found = [make_user("vi@example.com", "vi"), make_user("wes@example.com", "wes")]
    for user in found:
        substitutes.join_pool(season.league, user)
    return found


def claim_path(offer: SeatOffer, user) -> str:
    return "/" + claim_links.claim_url(offer, user).split("/", 3)[3]


def mailed_claim_path(text: str) -> str:
    """The claim link a mail carries; its signature holds the second it was made, so it is read, not rebuilt."""
    found = re.search(r"/leagues/claim/[^/\s]+/", text)
    assert found, text
    return found.group(0)


@pytest.mark.django_db
def test_joining_and_leaving_the_pool_from_the_leagues_page(client, season, dee):
    client.force_login(dee)
    page = client.get(f"/leagues/{season.league.slug}/substitutes/").content.decode()
    assert 'id="join-pool"' in page
    client.post(f"/leagues/{season.league.slug}/substitutes/toggle/", {"join": "1"})
    assert Substitute.objects.filter(league=season.league, user=dee).exists()
    assert 'id="leave-pool"' in client.get(f"/leagues/{season.league.slug}/substitutes/").content.decode()
    client.post(f"/leagues/{season.league.slug}/substitutes/toggle/", {"join": "0"})
    assert not Substitute.objects.filter(league=season.league, user=dee).exists()


@pytest.mark.django_db
def test_an_offered_seat_is_mailed_to_the_pool_and_the_first_claim_takes_it(client, season, organizer, players,
                                                                           volunteers):
    vi, wes = volunteers
    game = league_game(season, players)
    play(game, SCRIPT[:3])
    client.force_login(players[0])
    assert client.post(f"/leagues/games/{game.pk}/offer-seat/", {"seat": "1", "reason": "r"}).status_code == 403
    client.force_login(organizer)
    response = client.post(f"/leagues/games/{game.pk}/offer-seat/", {"seat": "1", "reason": "bob dropped out."})
    assert response.status_code == 302
    offer = SeatOffer.objects.get(game=game)
    rows = Outbox.objects.filter(kind=MailKind.SEAT_OFFER).order_by("recipient__email")
    assert [row.recipient for row in rows] == [vi, wes]
    mail = compose(rows[0])
    assert "bob's seat in \"Acquire by ann\" needs a new player: bob dropped out." in mail.text
    vi_link = mailed_claim_path(mail.text)
    token = claim_links.read_claim_token(vi_link.split("/")[-2])
    assert (token.offer, token.user) == (offer.pk, vi.pk)
    client.logout()
    confirm = client.get(vi_link)
    assert confirm.status_code == 200 and 'id="claim-button"' in confirm.content.decode()
    assert Seat.objects.get(game=game, index=1).user == players[1]  # the GET changes nothing
    assert client.post(vi_link).status_code == 200
    assert Seat.objects.get(game=game, index=1).user == vi
    late = client.post(claim_path(offer, wes))
    assert late.status_code == 409 and "Already taken" in late.content.decode()
    assert "Already taken" in client.get(claim_path(offer, wes)).content.decode()
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert "vi took over seat 2 as a substitute after move 3." in history
    game.refresh_from_db()
    assert substitutes.seat_players(game, 1) == [(players[1], 1, 3), (vi, 4, 3)]


@pytest.mark.django_db
def test_a_tampered_claim_link_is_refused_in_words(client, season, players, volunteers):
    game = league_game(season, players)
    offer = substitutes.offer_locked(game, 1, None, "test")
    response = client.get(claim_path(offer, volunteers[0])[:-4] + "xyz/")
    assert response.status_code == 400 and "not valid" in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_two_claims_at_once_seat_exactly_one_volunteer(season, players, volunteers):
    game = league_game(season, players)
    offer = substitutes.offer_locked(game, 2, None, "cy dropped out")
    barrier = threading.Barrier(2)
    results: dict[str, str] = {}

    def claim(user) -> None:
        try:
            barrier.wait()
            substitutes.claim(offer.pk, user)
            results[user.name] = "won"
        except substitutes.AlreadyTaken as error:
            results[user.name] = error.message
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(user,)) for user in volunteers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results.values()) == ["Already taken: another substitute claimed this seat first.", "won"]
    winner = next(user for user in volunteers if results[user.name] == "won")
    assert Seat.objects.get(game=game, index=2).user == winner
    assert SeatOffer.objects.get(pk=offer.pk).claimed_by == winner
    assert game.seat_changes.count() == 1


@pytest.mark.django_db
def test_timing_out_past_the_seasons_limit_offers_the_seat_by_itself(season, players, volunteers):
    season.timeouts_before_offer = 1
    season.save()
    game = league_game(season, players, limit=timedelta(hours=48))
    deadline = Deadline.objects.get(game=game, resolved=False)
    assert deadline.seat == 0
    deadlines.time_out(deadline.pk, deadline.due_at + timedelta(seconds=1))
    offer = SeatOffer.objects.get(game=game)
    assert (offer.seat, offer.offered_by, offer.claimed_by) == (0, None, None)
    assert offer.reason == "its player ran out of time 1 time."
    assert Outbox.objects.filter(kind=MailKind.SEAT_OFFER, recipient__in=volunteers).count() == 2


@pytest.mark.django_db
def test_without_the_rule_a_timeout_offers_nothing(season, players, volunteers):
    game = league_game(season, players, limit=timedelta(hours=48))
    deadline = Deadline.objects.get(game=game, resolved=False)
    deadlines.time_out(deadline.pk, deadline.due_at + timedelta(seconds=1))
    assert not SeatOffer.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_the_seasons_rule_says_who_scores_a_substituted_seat(season, players, volunteers):
    ann, vi = players[0], volunteers[0]
    game = league_game(season, players)
    play(game, SCRIPT[:3])  # ann's first turn: three moves
    offer = substitutes.offer_locked(game, 0, None, "ann dropped out")
    substitutes.claim(offer.pk, vi)
    play(game, SCRIPT[3:9])  # bob's and cy's turns, then ann's seat (now vi's) disposes
    game.refresh_from_db()
    assert substitutes.seat_players(game, 0) == [(ann, 1, 3), (vi, 4, game.version)]
    assert substitutes.points_shares(game, 0, PointsTo.FINISHER) == [(vi, Fraction(1))]
    assert substitutes.points_shares(game, 0, PointsTo.STARTER) == [(ann, Fraction(1))]
    assert substitutes.points_shares(game, 0, PointsTo.SPLIT) == [(ann, Fraction(3, 4)), (vi, Fraction(1, 4))]


def test_the_ratings_weigh_a_substituted_seats_players_by_the_moves_each_made(season, players, volunteers):
    from ratings.seats import seat_shares

    ann, bob, cy = players
    vi = volunteers[0]
    game = league_game(season, players)
    assert seat_shares(game) == {0: [(ann.pk, 1.0)], 1: [(bob.pk, 1.0)], 2: [(cy.pk, 1.0)]}
    play(game, SCRIPT[:3])
    substitutes.claim(substitutes.offer_locked(game, 0, None, "ann dropped out").pk, vi)
    play(game, SCRIPT[3:9])
    game.refresh_from_db()
    assert seat_shares(game) == {0: [(ann.pk, 0.75), (vi.pk, 0.25)], 1: [(bob.pk, 1.0)], 2: [(cy.pk, 1.0)]}


@pytest.mark.django_db
def test_the_league_page_leads_to_the_pool_and_its_organizers_to_the_console(client, season, organizer, dee):
    client.force_login(dee)
    page = client.get(f"/leagues/{season.league.slug}/").content.decode()
    assert f"/leagues/{season.league.slug}/substitutes/" in page and "/console/" not in page
    client.force_login(organizer)
    page = client.get(f"/leagues/{season.league.slug}/").content.decode()
    assert f"/leagues/{season.league.slug}/seasons/1/console/" in page
