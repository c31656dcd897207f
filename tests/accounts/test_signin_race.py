"""One sign-in link posted by ten browsers at once, against a live server: exactly one is signed in."""

from __future__ import annotations

import http.cookiejar
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.contrib.sessions.models import Session
from django.db import connection

from accounts.models import User
from tests.accounts.mailed import confirm_form, last_link_to

pytestmark = pytest.mark.django_db(transaction=True)

BROWSERS = 10


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """Cookies, a CSRF token and a Referer, as a browser has them; redirects are not followed."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects)

    def open(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers={"Referer": self.base + path})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def csrf(self) -> str:
        return next(cookie.value for cookie in self.cookies if cookie.name == "csrftoken")

    def signed_in(self) -> bool:
        return any(cookie.name == "sessionid" for cookie in self.cookies)


def signed_in_sessions() -> int:
    return sum(1 for session in Session.objects.all() if "_auth_user_id" in session.get_decoded())


def test_ten_simultaneous_posts_of_one_link_sign_in_once(live_server):
    User.objects.create_user("ann@example.com", display_name="Ann")
    asker = Browser(live_server.url)
    asker.open("/accounts/signin/")
    status, _ = asker.open("/accounts/signin/", {"email": "ann@example.com", "csrfmiddlewaretoken": asker.csrf()})
    assert status == 200
    link = last_link_to("ann@example.com")

    browsers = [Browser(live_server.url) for _ in range(BROWSERS)]
    forms = []
    for browser in browsers:  # each opens the mail's link and gets the confirm page (and its CSRF cookie)
        status, page = browser.open(link)
        assert status == 200 and "Sign in to Turnpost as" in page
        forms.append({**confirm_form(page), "csrfmiddlewaretoken": browser.csrf()})
    barrier, statuses = threading.Barrier(BROWSERS), [0] * BROWSERS

    def press(index: int) -> None:
        try:
            barrier.wait()
            statuses[index] = browsers[index].open("/accounts/signin/link/", forms[index])[0]
        finally:
            connection.close()

    threads = [threading.Thread(target=press, args=(index,)) for index in range(BROWSERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [302] + [400] * (BROWSERS - 1)
    assert sum(browser.signed_in() for browser in browsers) == 1
    assert signed_in_sessions() == 1
