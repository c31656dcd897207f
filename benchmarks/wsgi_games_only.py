"""The site's WSGI app with the notifications receivers disconnected: a benchmark-only entry point
(``load_site.py --without-notifications``) that shows what the move path costs without the outbox."""

from games.signals import game_started, move_applied
from turnpost.wsgi import application

move_applied.disconnect(dispatch_uid="notifications.outbox.move_applied")
game_started.disconnect(dispatch_uid="notifications.outbox.game_started")

__all__ = ["application"]
