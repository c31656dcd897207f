"""The time-zone picker: places only, the common zones first, typed names forgiven their spelling."""

from __future__ import annotations

import pytest

from accounts.forms import AccountForm, ProfileForm, picker_time_zones
from accounts.models import User


@pytest.fixture
def ann(db):
    return User.objects.create_user("ann@example.com", display_name="Ann")


def test_the_list_holds_places_with_the_common_ones_first():
    zones = picker_time_zones()
    assert zones[:3] == ("UTC", "Europe/London", "Europe/Berlin")
    assert "Europe/Amsterdam" in zones[:10] and "America/New_York" in zones[:10]
    assert {"Factory", "localtime", "Etc/GMT+5", "US/Eastern", "EST5EDT", "posixrules"}.isdisjoint(zones)
    rest = [zone for zone in zones if zone not in zones[:16]]
    assert rest == sorted(rest) and len(zones) == len(set(zones)) > 300


@pytest.mark.parametrize("typed, stored", [("Europe/Paris", "Europe/Paris"), ("america/new york", "America/New_York"),
                                            (" UTC ", "UTC")])
def test_a_typed_zone_is_read_forgivingly(typed, stored):
    form = ProfileForm({"display_name": "Newt", "time_zone": typed})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["time_zone"] == stored


@pytest.mark.parametrize("typed", ["Factory", "localtime", "Nowhere", "US/Eastern"])
def test_a_non_zone_is_refused_in_words(typed):
    form = ProfileForm({"display_name": "Newt", "time_zone": typed})
    assert not form.is_valid()
    assert "is not a time zone we know" in form.errors["time_zone"][0]


def test_an_account_keeps_a_zone_it_had_before(ann):
    ann.time_zone = "US/Eastern"
    ann.save()
    kept = AccountForm({"display_name": "Ann", "email": ann.email, "time_zone": "US/Eastern"}, instance=ann)
    assert kept.is_valid(), kept.errors
    assert not ProfileForm({"display_name": "Bo", "time_zone": "US/Eastern"}).is_valid()


def test_the_input_offers_the_list(client, ann):
    client.force_login(ann)
    html = client.get("/accounts/").content.decode()
    assert 'list="time-zones"' in html and '<datalist id="time-zones"><option value="UTC"></option>' in html
    assert '<option value="Factory">' not in html
