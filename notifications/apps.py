"""Mail: outbox, composing, signed move links, delivery tasks, reminders and deadlines."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        """Wire the layers: the games signals (inside the move transaction), anymail's tracking, the dispatcher, clocks.

        The imports are here, not at the top, because Django imports this module while it
        loads the apps, before any model may be imported; they are no import cycle.
        """
        from anymail.signals import tracking

        from games import move_clocks
        from games.signals import (
            chat_posted,
            game_created,
            game_started,
            move_applied,
            organizer_acted,
            seat_changed,
            seat_claimed,
            seat_resigned,
            undo_closed,
            undo_requested,
        )
        from notifications import announcements, deadlines, dispatch, organizer_mail, tasks, undo_consent
        from notifications.compose import register_composer
        from notifications.models import MailKind

        # The receivers' ids keep the names they always had: benchmarks and tests disconnect by them.
        move_applied.connect(announcements.on_move_applied, dispatch_uid="notifications.outbox.move_applied")
        game_started.connect(announcements.on_game_started, dispatch_uid="notifications.outbox.game_started")
        game_created.connect(announcements.on_game_created, dispatch_uid="notifications.outbox.game_created")
        seat_resigned.connect(announcements.on_seat_resigned, dispatch_uid="notifications.outbox.seat_resigned")
        organizer_acted.connect(announcements.on_organizer_acted, dispatch_uid="notifications.organizer_acted")
        seat_changed.connect(announcements.on_seat_changed, dispatch_uid="notifications.seat_changed")
        seat_claimed.connect(announcements.on_seat_claimed, dispatch_uid="notifications.seat_claimed")
        chat_posted.connect(announcements.on_chat_posted, dispatch_uid="notifications.outbox.chat_posted")
        undo_requested.connect(undo_consent.on_undo_requested, dispatch_uid="notifications.undo_consent.requested")
        undo_closed.connect(undo_consent.on_undo_closed, dispatch_uid="notifications.undo_consent.closed")
        tracking.connect(tasks.on_tracking, dispatch_uid="notifications.tracking")
        dispatch.connect(tasks.publish_rows, tasks.publish_order_runs)
        register_composer(MailKind.ORGANIZER_ACT, organizer_mail.compose_organizer_act)
        move_clocks.provide(deadlines.due_times)  # the game page shows the clocks kept here
