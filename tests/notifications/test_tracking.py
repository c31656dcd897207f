"""Bounces and complaints through anymail's authenticated tracking webhook."""

import base64
import json

import pytest
from django.core import mail

from notifications.models import MailKind, Outbox, OutboxStatus, Suppression
from tests.notifications.helpers import move, outbox_to

pytestmark = pytest.mark.django_db(transaction=True)

WEBHOOK = "/anymail/postmark/tracking/"


def bounce(email: str, kind: str = "HardBounce") -> str:
    record = "SpamComplaint" if kind == "SpamComplaint" else "Bounce"
    return json.dumps({
        "RecordType": record, "Type": kind, "TypeCode": 1, "ID": 42, "MessageID": "pm-1", "Email": email,
        "Description": "The server was unable to deliver your message", "Details": "smtp;550 5.1.1 no such user",
        "BouncedAt": "2026-03-02T12:00:00Z", "Inactive": True, "CanActivate": True,
    })


def auth(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(secret.encode()).decode()}


@pytest.fixture
def secret(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "hook:s3cret"}
    return "hook:s3cret"


def test_it_refuses_events_while_no_secret_is_configured(client, game, settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": ""}
    response = client.post(WEBHOOK, bounce("bob@example.com"), content_type="application/json")
    assert response.status_code == 403
    assert not Suppression.objects.exists()


def test_it_refuses_events_with_a_wrong_secret(client, game, secret):
    response = client.post(WEBHOOK, bounce("bob@example.com"), content_type="application/json", **auth("hook:guess"))
    assert response.status_code in (400, 401, 403)
    assert not Suppression.objects.exists()


def test_a_hard_bounce_suppresses_the_address_and_tells_the_creator(client, game, secret, players):
    mail.outbox.clear()
    response = client.post(WEBHOOK, bounce("bob@example.com"), content_type="application/json", **auth(secret))
    assert response.status_code == 200
    assert Suppression.objects.get().address == "bob@example.com"
    notice = outbox_to("ann@example.com")[-1]
    assert "mail to bob bounced" in notice.subject
    # Bob's next turn mail is recorded but not sent; the others' mails say bob is unreachable.
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    assert Outbox.objects.get(recipient=players[1], kind=MailKind.TURN).status == OutboxStatus.SKIPPED
    assert outbox_to("bob@example.com") == []
    move(game.pk, 1, {"type": "place_tile", "tile": "6A"})
    move(game.pk, 1, {"type": "found_chain", "chain": "luxor"})
    move(game.pk, 1, {"type": "buy_shares", "shares": {}})
    assert "mail to bob bounced" in outbox_to("cy@example.com")[-1].body
    again = client.post(WEBHOOK, bounce("bob@example.com"), content_type="application/json", **auth(secret))
    assert again.status_code == 200
    assert len([m for m in outbox_to("ann@example.com") if "bounced" in m.subject]) == 1


@pytest.mark.parametrize("kind", ["Transient", "SoftBounce"])
def test_a_temporary_failure_changes_nothing(client, game, secret, kind):
    response = client.post(WEBHOOK, bounce("bob@example.com", kind), content_type="application/json", **auth(secret))
    assert response.status_code == 200
    assert not Suppression.objects.exists()


def test_a_complaint_suppresses_the_address(client, game, secret):
    client.post(WEBHOOK, bounce("cy@example.com", "SpamComplaint"), content_type="application/json", **auth(secret))
    assert Suppression.objects.get().reason == "complaint"


def test_the_game_page_include_names_unreachable_players(game, players):
    from django.template import Context, Template

    template = Template("{% load mail_tags %}{% unreachable_notice game %}")
    assert "bounced" not in template.render(Context({"game": game}))
    Suppression.objects.create(address="cy@example.com", reason="bounce")
    assert "Mail to cy bounced" in template.render(Context({"game": game}))
