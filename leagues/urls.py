from django.urls import path

from leagues import console_views, views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/seasons/<int:number>/console/", console_views.console_page, name="console"),
    path("<slug:slug>/substitutes/", console_views.pool_page, name="substitutes"),
    path("<slug:slug>/substitutes/toggle/", console_views.pool_toggle, name="substitutes_toggle"),
    path("games/<int:game_id>/offer-seat/", console_views.offer_seat, name="offer_seat"),
    path("divisions/<int:division_id>/message/", console_views.message_division, name="message_division"),
    path("claim/<str:token>/", console_views.claim, name="claim"),
]
