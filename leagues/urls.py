from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new_league, name="new"),
    path("<slug:slug>/", views.league_page, name="league"),
    path("<slug:slug>/edit/", views.edit_league, name="edit"),
    path("<slug:slug>/seasons/new/", views.new_season, name="new_season"),
    path("<slug:slug>/<int:number>/", views.season_page, name="season"),
    path("<slug:slug>/<int:number>/edit/", views.edit_season, name="edit_season"),
    path("<slug:slug>/<int:number>/sign-up/", views.sign_up, name="sign_up"),
    path("<slug:slug>/<int:number>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:slug>/<int:number>/draw/", views.draw_now, name="draw"),
    path("<slug:slug>/<int:number>/mail-players/", views.mail_players, name="mail_players"),
    path("<slug:slug>/<int:number>/join/<str:token>/", views.signup_link, name="signup_link"),
]
