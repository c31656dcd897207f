from django.urls import path

from leagues import console_views, standing_pages, views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/seasons/<int:number>/console/", console_views.console_page, name="console"),
    path("<slug:slug>/substitutes/", console_views.pool_page, name="substitutes"),
    path("<slug:slug>/substitutes/toggle/", console_views.pool_toggle, name="substitutes_toggle"),
    path("games/<int:game_id>/offer-seat/", console_views.offer_seat, name="offer_seat"),
    path("divisions/<int:division_id>/message/", console_views.message_division, name="message_division"),
    path("claim/<str:token>/", console_views.claim, name="claim"),
    path("new/", views.new_league, name="new"),
    path("me/games/", standing_pages.my_league_games, name="my_games"),
    path("<slug:slug>/", views.league_page, name="league"),
    path("<slug:slug>/edit/", views.edit_league, name="edit"),
    path("<slug:slug>/seasons/new/", views.new_season, name="new_season"),
    path("<slug:slug>/<int:number>/", views.season_page, name="season"),
    path("<slug:slug>/<int:number>/divisions/<int:division_id>/", standing_pages.division_page, name="division"),
    path("<slug:slug>/<int:number>/edit/", views.edit_season, name="edit_season"),
    path("<slug:slug>/<int:number>/sign-up/", views.sign_up, name="sign_up"),
    path("<slug:slug>/<int:number>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:slug>/<int:number>/draw/", views.draw_now, name="draw"),
    path("<slug:slug>/<int:number>/mail-players/", views.mail_players, name="mail_players"),
    path("<slug:slug>/<int:number>/join/<str:token>/", views.signup_link, name="signup_link"),
]
