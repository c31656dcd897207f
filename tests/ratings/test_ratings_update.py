"""Ratings follow finished games on PostgreSQL: who counts, in which place, and which games are left out."""

from __future__ import annotations

import pytest

from games import resignation
from games.models import EndKind, Game
from ratings import seats
from ratings.models import RatedResult, RatingEntry
from ratings.recompute import rebuild_title, recompute_title
from ratings.skill import INITIAL
from ratings.tasks import catch_up_ratings
from tests.games.factories import started_game

pytestmark = pytest.mark.django_db


def finish_by_resigning(players, quitter, capture) -> Game:
    """A started Acquire game of ``players`` that ends when ``quitter`` resigns, its commit's callbacks run
    (dealt from the seed: a game with a fixed tile order is never rated)."""
    game = started_game(players, options={})
    with capture(execute=True):
        resignation.resign(game.pk, quitter)
    game.refresh_from_db()
    return game


def latest(user, title: str = "acquire") -> RatingEntry:
    return RatingEntry.objects.filter(user=user, title=title).order_by("-position").first()


def test_a_game_ended_by_resignation_rates_the_winner_up_and_the_resigned_player_down(
        players, django_capture_on_commit_callbacks):
    ann, bob, _ = players
    game = finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    assert game.ended_by == EndKind.RESIGNATION and game.rated
    assert latest(ann).mu > INITIAL.mu > latest(bob).mu
    assert latest(ann).game_id == game.pk and latest(ann).games_played == 1


def test_the_history_keeps_one_row_per_player_per_game_in_order(players, django_capture_on_commit_callbacks):
    ann, bob, _ = players
    first = finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    second = finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    history = list(RatingEntry.objects.filter(user=ann).order_by("position"))
    assert [(entry.game_id, entry.position, entry.games_played) for entry in history] == [
        (first.pk, 1, 1), (second.pk, 2, 2)]
    assert history[1].mu > history[0].mu and history[1].sigma < history[0].sigma


def test_an_adjudicated_game_drops_out_at_the_next_catch_up(players, django_capture_on_commit_callbacks):
    ann, bob, _ = players
    kept = finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    dropped = finish_by_resigning([ann, bob], ann, django_capture_on_commit_callbacks)
    assert latest(ann).games_played == 2
    Game.objects.filter(pk=dropped.pk).update(ended_by=EndKind.ADJUDICATED)
    assert catch_up_ratings() == ["acquire"]
    assert not RatedResult.objects.filter(game=dropped).exists()
    assert latest(ann).game_id == kept.pk and latest(ann).games_played == 1
    assert catch_up_ratings() == []  # nothing behind any more


def test_a_game_whose_tile_order_its_creator_fixed_is_not_rated(players, django_capture_on_commit_callbacks):
    """Whoever sets ``tile_bag`` knows every hand: the game plays, but its result counts for nobody."""
    ann, bob, _ = players
    game = started_game([ann, bob], options={"tile_bag": ["1A", "2A", "3A"]})
    with django_capture_on_commit_callbacks(execute=True):
        resignation.resign(game.pk, bob)
    game.refresh_from_db()
    assert game.ended_by == EndKind.RESIGNATION and not game.rated
    assert recompute_title("acquire") == 0 and catch_up_ratings() == []
    assert not RatingEntry.objects.exists() and not RatedResult.objects.exists()


def test_abandoned_and_unfinished_games_are_not_rated(players):
    ann, bob, _ = players
    game = started_game([ann, bob], options={})
    assert not game.rated
    Game.objects.filter(pk=game.pk).update(status="finished", ended_by=EndKind.ABANDONED)
    assert recompute_title("acquire") == 0
    assert not RatingEntry.objects.exists()


def test_rebuilding_gives_the_same_ratings(players, django_capture_on_commit_callbacks):
    ann, bob, cy = players
    finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    finish_by_resigning([bob, cy], cy, django_capture_on_commit_callbacks)
    before = list(RatingEntry.objects.order_by("user", "position").values_list("user", "game", "mu", "sigma"))
    rebuild_title("acquire")
    after = list(RatingEntry.objects.order_by("user", "position").values_list("user", "game", "mu", "sigma"))
    assert before == after and len(after) == 4


def test_a_substitute_recorded_by_a_provider_takes_their_share(players, django_capture_on_commit_callbacks,
                                                                monkeypatch):
    ann, bob, cy = players
    game = started_game([ann, bob], options={})
    monkeypatch.setattr(seats, "_providers", [])
    seats.provide(lambda g: {0: [(ann.pk, 1.0)], 1: [(bob.pk, 0.5), (cy.pk, 0.5)]} if g.pk == game.pk else None)
    with django_capture_on_commit_callbacks(execute=True):
        resignation.resign(game.pk, bob)
    assert latest(cy).games_played == 1
    assert INITIAL.mu - latest(cy).mu == pytest.approx(INITIAL.mu - latest(bob).mu)
    assert latest(ann).mu - INITIAL.mu > INITIAL.mu - latest(cy).mu


def test_the_ratings_page_lists_players_best_first_and_an_unknown_title_is_a_404(
        client, players, django_capture_on_commit_callbacks):
    ann, bob, _ = players
    finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    page = client.get("/ratings/acquire/").content.decode()
    table = page[page.index('id="ratings"'):]
    assert table.index(ann.name) < table.index(bob.name)
    assert client.get("/ratings/chess/").status_code == 404
    assert "No rated" in client.get("/ratings/railroad-barons/").content.decode()


def test_the_header_links_every_titles_ratings_with_its_leaders(client, players, django_capture_on_commit_callbacks):
    """/ratings/ was a 404, and nothing linked a title's table but a player's own history."""
    ann, bob, _ = players
    finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    home = client.get("/").content.decode()
    assert '<a href="/ratings/">Ratings</a>' in home
    index = client.get("/ratings/").content.decode()
    acquire = index[index.index('id="ratings-acquire"'):index.index('id="ratings-railroad-barons"')]
    assert acquire.index(ann.name) < acquire.index(bob.name) and "All 2 rated players" in acquire
    assert 'href="/ratings/acquire/"' in acquire
    assert "No rated Railroad Barons game has finished yet." in index and 'id="ratings-1861"' in index


def test_the_player_page_charts_the_rating_history(client, players, django_capture_on_commit_callbacks):
    ann, bob, _ = players
    finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    page = client.get(f"/players/{ann.pk}/").content.decode()
    assert "<svg" in page and "Acquire rating after each game" in page
    assert f"{ann.name}'s rating after 1 game:" in page
    assert "<title>After game 1: skill (mu) 28" in page  # the hover text of the chart's last step
    assert "<svg" not in client.get(f"/players/{players[2].pk}/").content.decode()


def test_dropping_an_earlier_game_rewrites_the_later_ratings_as_if_it_never_counted(
        players, django_capture_on_commit_callbacks):
    ann, bob, cy = players
    dropped = finish_by_resigning([ann, bob], ann, django_capture_on_commit_callbacks)
    later = finish_by_resigning([ann, cy], cy, django_capture_on_commit_callbacks)
    Game.objects.filter(pk=dropped.pk).update(ended_by=EndKind.ADJUDICATED)
    catch_up_ratings()
    rebuilt = list(RatingEntry.objects.order_by("user", "position").values_list("user", "game", "position", "mu"))
    rebuild_title("acquire")
    assert rebuilt == list(RatingEntry.objects.order_by("user", "position").values_list("user", "game", "position",
                                                                                          "mu"))
    assert [row[1:3] for row in rebuilt if row[0] == ann.pk] == [(later.pk, 1)]
    assert not RatingEntry.objects.filter(user=bob).exists()


def test_a_first_seasons_draw_reads_the_players_ratings(players, django_capture_on_commit_callbacks):
    from leagues.seeding import rating_of

    ann, bob, cy = players
    finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    assert rating_of(ann, "acquire") == latest(ann).ordinal
    assert rating_of(ann, "acquire") > rating_of(bob, "acquire")
    assert rating_of(cy, "acquire") is None and rating_of(ann, "railroad-barons") is None


def test_the_draw_reads_every_players_latest_rating_at_once(players, django_capture_on_commit_callbacks):
    from leagues.seeding import ratings_of

    ann, bob, cy = players
    finish_by_resigning([ann, bob], bob, django_capture_on_commit_callbacks)
    finish_by_resigning([ann, bob], ann, django_capture_on_commit_callbacks)  # a second game: the latest counts
    assert ratings_of([ann, bob, cy], "acquire") == {ann.pk: latest(ann).ordinal, bob.pk: latest(bob).ordinal}
    assert ratings_of([ann, bob, cy], "railroad-barons") == {}


def test_the_embedded_runs_periodic_loop_rates_a_game_whose_update_was_never_queued(players):
    from django.core.management import call_command

    ann, bob, _ = players
    game = started_game([ann, bob], options={})
    resignation.resign(game.pk, bob)  # inside the test's transaction: the on-commit update never runs
    assert not RatingEntry.objects.exists()
    call_command("periodic", once=True)
    assert latest(ann).game_id == game.pk and latest(ann).mu > latest(bob).mu
