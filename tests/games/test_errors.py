"""Custom error pages, without tracebacks or internals."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import path

from games import views


def boom(request):
    raise RuntimeError("secret internals")


urlpatterns = [path("boom/", boom), *__import__("turnpost.urls", fromlist=["urlpatterns"]).urlpatterns]
handler404 = "games.views.not_found"
handler500 = "games.views.server_error"


@pytest.mark.django_db
def test_404_is_the_sites_page_without_internals(client):
    response = client.get("/no/such/page/")
    html = response.content.decode()
    assert response.status_code == 404 and "Not found" in html and "Turnpost" in html
    assert "urlpatterns" not in html and "Traceback" not in html and "tried" not in html


@pytest.mark.django_db
def test_404_for_a_missing_game_says_so(client):
    response = client.get("/games/424242/")
    assert response.status_code == 404 and "There is no such game" in response.content.decode()


@pytest.mark.django_db
def test_500_is_the_sites_page_without_a_traceback(settings):
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)
    response = client.get("/boom/")
    html = response.content.decode()
    assert response.status_code == 500 and "Something went wrong" in html
    assert "secret internals" not in html and "Traceback" not in html


def test_the_handlers_are_the_sites(rf):
    assert views.server_error(rf.get("/")).status_code == 500
