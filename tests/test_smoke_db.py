"""The test run talks to the machine's real PostgreSQL."""

import pytest
from django.db import connection


@pytest.mark.django_db
def test_service_tests_run_on_postgresql():
    assert connection.vendor == "postgresql"
