"""Mail: outbox, composing, signed move links, delivery tasks, reminders and deadlines."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        """Wire the layers: the games signals (sent inside the move transaction), anymail's tracking, the dispatcher.

        The imports are here, not at the top, because Django imports this module while it
        loads the apps, before any model may be imported; they are no import cycle.
        """
        from anymail.signals import tracking

        from games.signals import game_created, game_started, move_applied, undo_closed, undo_requested
        from notifications import announcements, dispatch, tasks, undo_consent

        # The receivers' ids keep the names they always had: benchmarks and tests disconnect by them.
        move_applied.connect(announcements.on_move_applied, dispatch_uid="notifications.outbox.move_applied")
        game_started.connect(announcements.on_game_started, dispatch_uid="notifications.outbox.game_started")
        game_created.connect(announcements.on_game_created, dispatch_uid="notifications.outbox.game_created")
        undo_requested.connect(undo_consent.on_undo_requested, dispatch_uid="notifications.undo_consent.requested")
        undo_closed.connect(undo_consent.on_undo_closed, dispatch_uid="notifications.undo_consent.closed")
        tracking.connect(tasks.on_tracking, dispatch_uid="notifications.tracking")
        dispatch.connect(tasks.publish_rows, tasks.publish_order_runs)
