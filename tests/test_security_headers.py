"""Hardening a deployment gets by default: HTTPS-only cookies and redirects, HSTS, a Content
Security Policy, and pages showing a secret kept out of every cache.

The embedded run is http on 127.0.0.1: its cookies and pages must keep working there.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys

import pytest

from accounts.links import signin_link
from tests.games.factories import started_game
from tests.test_settings import ROOT, run_site_code

pytestmark = pytest.mark.django_db

HTTPS_SETTINGS = (
    "from django.conf import settings as s; "
    "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
    "s.SECURE_PROXY_SSL_HEADER)"
)


def deployment_env(tmp_path, **env: str) -> dict[str, str]:
    return {"DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}", "TURNPOST_SECRET_KEY": secrets.token_urlsafe(50),
            "TURNPOST_SITE_URL": "https://turnpost.example", "TURNPOST_ALLOWED_HOSTS": "turnpost.example", **env}


def test_an_https_site_gets_secure_cookies_redirects_and_hsts(tmp_path):
    result = run_site_code(HTTPS_SETTINGS, **deployment_env(tmp_path))
    assert result.stdout.split() == ["True", "True", "True", str(365 * 86400), "None"], result.stderr


def test_the_embedded_run_on_http_keeps_plain_cookies_and_no_redirect(tmp_path):
    result = run_site_code(HTTPS_SETTINGS, TURNPOST_EMBEDDED="true", TURNPOST_VAR_DIR=str(tmp_path))
    assert result.stdout.split() == ["False", "False", "False", "0", "None"], result.stderr


def test_the_proxy_header_is_trusted_only_when_named(tmp_path):
    result = run_site_code(HTTPS_SETTINGS, **deployment_env(tmp_path, TURNPOST_PROXY_SSL_HEADER="X-Forwarded-Proto"))
    assert result.stdout.strip().endswith("('HTTP_X_FORWARDED_PROTO', 'https')"), result.stderr
    bad = run_site_code(HTTPS_SETTINGS, **deployment_env(tmp_path, TURNPOST_PROXY_SSL_HEADER="X-Proto: https"))
    assert "TURNPOST_PROXY_SSL_HEADER must be a header name" in bad.stderr


def test_the_deploy_check_passes_with_the_production_settings(tmp_path):
    # Ours stripped, and the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE, which no deployment sets.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TURNPOST_", "DATABASE_", "CELERY_")) and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "turnpost.settings", **deployment_env(tmp_path)},
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


# ---- Content Security Policy --------------------------------------------------------------

INLINE = re.compile(r"<(script|style)(?![^>]*\bsrc=)(?![^>]*application/json)([^>]*)>")


def nonce_of(response) -> str:
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy.split("style-src-attr")[0]
    return re.search(r"'nonce-([^']+)'", policy)[1]


def assert_every_inline_block_carries_the_nonce(response) -> None:
    nonce = nonce_of(response)
    blocks = INLINE.findall(response.content.decode())
    assert blocks, "the page has its inline style at least"
    for tag, attributes in blocks:
        assert f'nonce="{nonce}"' in attributes, f"<{tag}{attributes}> would be refused by the browser"


def test_pages_name_their_inline_scripts_and_styles_in_the_policy(client, players):
    game = started_game(players)
    assert_every_inline_block_carries_the_nonce(client.get("/"))
    client.force_login(players[0])
    for path in ("/", "/games/new/", "/accounts/", f"/games/{game.pk}/", f"/games/{game.pk}/history/",
                 "/games/import/", "/accounts/welcome/", "/no-such-page/"):
        assert_every_inline_block_carries_the_nonce(client.get(path))


def test_each_response_has_its_own_nonce(client):
    assert nonce_of(client.get("/")) != nonce_of(client.get("/"))


def test_a_bad_request_page_keeps_its_style(client):
    response = client.get("/", HTTP_HOST="not-allowed.example")
    assert response.status_code == 400
    assert_every_inline_block_carries_the_nonce(response)


# ---- Cache-Control: no-store on pages showing a secret --------------------------------------

def is_no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_a_new_api_token_is_kept_out_of_caches(client, players):
    client.force_login(players[0])
    response = client.post("/accounts/tokens/", {"name": "bot"})
    assert 'id="new-token"' in response.content.decode() and is_no_store(response)
    assert is_no_store(client.get("/accounts/"))


@pytest.mark.django_db(transaction=True)  # the turn mail is sent after the start commits
def test_mail_link_pages_are_kept_out_of_caches(client, players):
    from django.core import mail

    from tests.notifications.helpers import move_links, outbox_to, path_of, start_game

    mail.outbox.clear()
    game = start_game(players)
    links = move_links(outbox_to(players[0].email)[-1].body)  # ann's turn mail; the others get a start notice
    response = client.get(path_of(next(iter(links.values()))))
    assert response.status_code == 200 and is_no_store(response)
    for path in ("/mail/unsubscribe/not-a-token/", "/mail/order/cancel/not-a-token/",
                 f"/games/{game.pk}/invitation/not-a-token/"):
        assert is_no_store(client.get(path)), path


def test_the_sign_in_confirm_page_is_kept_out_of_caches(client, players):
    from tests.notifications.helpers import path_of

    response = client.get(path_of(signin_link(players[0], "http://testserver")))
    assert response.status_code == 200 and is_no_store(response)


def test_ordinary_pages_may_be_cached(client, players):
    game = started_game(players)
    assert not is_no_store(client.get(f"/games/{game.pk}/history/"))
    assert not is_no_store(client.get("/"))
