"""The league rows: their defaults and the rules the database keeps."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from leagues.models import Season, SeasonStatus, SignUp
from tests.leagues.conftest import open_season

pytestmark = pytest.mark.django_db


def test_a_season_starts_open_with_the_default_points_and_tie_breaks(league):
    season = open_season(league)
    assert season.number == 1 and season.status == SeasonStatus.SIGNUP
    assert season.points_per_place == [10, 6, 3, 1]
    assert season.tie_breaks == ["points", "wins", "seconds", "winner_share", "head_to_head"]
    assert season.label == "Season 1"


def test_a_player_signs_up_for_a_season_once(league, dee):
    season = open_season(league)
    SignUp.objects.create(season=season, user=dee)
    with pytest.raises(IntegrityError), transaction.atomic():
        SignUp.objects.create(season=season, user=dee)


def test_season_numbers_are_unique_in_a_league(league):
    season = open_season(league)
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(league=league, number=season.number, signup_deadline=season.signup_deadline)


def test_a_game_needs_two_players(league):
    season = open_season(league)
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.filter(pk=season.pk).update(game_size=1)


def test_the_creator_organizes_the_league(league, olga, dee):
    assert league.is_organizer(olga)
    assert not league.is_organizer(dee)
