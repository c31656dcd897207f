"""Calendars: each player's deadlines as an iCalendar feed at a secret address, and as turn-mail invitations."""
