"""Pages travel gzipped to a browser that asks for it, and arrive whole."""

from __future__ import annotations

import gzip

import pytest


@pytest.mark.django_db
def test_a_page_is_gzipped_for_a_browser_that_accepts_it_and_unpacks_to_the_same_page(client):
    plain = client.get("/games/rules/1861/")
    packed = client.get("/games/rules/1861/", headers={"accept-encoding": "gzip, deflate, br"})
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) < len(plain.content) / 3
    assert b"1861" in gzip.decompress(packed.content)


@pytest.mark.django_db
def test_an_api_error_stays_json_when_gzipped(client):
    response = client.get("/api/games/999999/", headers={"accept-encoding": "gzip"})
    assert response.status_code == 404
    body = gzip.decompress(response.content) if response.get("Content-Encoding") == "gzip" else response.content
    assert b'"error"' in body
