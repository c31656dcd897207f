"""accounts.User: one account per address whatever its case; IANA time zones."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_addresses_are_stored_lower_case():
    user = User.objects.create_user("  Ann@Example.COM ")
    assert user.email == "ann@example.com"
    assert User.objects.for_email("ANN@example.com") == user
    assert User.objects.get_by_natural_key("Ann@Example.com") == user


def test_the_same_address_in_another_case_is_the_same_account():
    User.objects.create_user("ann@example.com")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("ANN@EXAMPLE.COM")


def test_the_database_refuses_case_twins_even_past_save():
    User.objects.create_user("ann@example.com")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.bulk_create([User(email="Ann@Example.com")])


def test_time_zones_must_be_iana_names():
    user = User(email="tz@example.com", time_zone="Mars/Olympus")
    with pytest.raises(ValidationError, match="time zone"):
        user.full_clean(exclude=["password"])
    user.time_zone = "Europe/Amsterdam"
    user.full_clean(exclude=["password"])


def test_names_fall_back_to_the_address():
    assert User(email="cy@example.com").name == "cy"
    assert User(email="cy@example.com", display_name="Cy").name == "Cy"


def test_superusers_have_passwords_players_do_not():
    admin = User.objects.create_superuser("root@example.com", "pw")
    assert admin.is_staff and admin.check_password("pw")
    assert not User.objects.create_user("p@example.com").has_usable_password()
