"""Notification URLs, mounted at the site root: the local inbox, mail-link pages, settings, webhooks."""

from django.urls import path

from notifications import views
from notifications.webhooks import anymail_patterns

app_name = "notifications"

urlpatterns = [
    path("inbox/", views.inbox, name="inbox"),
    path("mail/move/<str:token>/", views.move, name="move"),
    path("mail/undo/<str:token>/", views.undo_answer, name="undo_answer"),
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("mail/order/cancel/<str:token>/", views.cancel_order, name="cancel_order"),
    path("mail/order/set/<str:token>/", views.set_order, name="set_order"),
    path("mail/history/", views.audit, name="audit"),
    path("mail/games/<int:game_id>/", views.game_mail, name="game_mail"),
    *anymail_patterns(),
]
