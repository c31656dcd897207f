"""Calendars read the games' and the mail's deadlines; the turn mail asks them for its attachment."""

from django.apps import AppConfig


class CalendarsConfig(AppConfig):
    name = "calendars"

    def ready(self) -> None:
        """Offer the turn mail its .ics (notifications.turn_attachments asks; it imports nothing of calendars).

        And put the leagues' season milestones into every feed.
        """
        from calendars import events, invites, milestones
        from notifications import turn_attachments

        turn_attachments.provide(invites.turn_invite)
        events.provide_milestones(milestones.season_milestones)
