from django.urls import path

from leagues import standing_pages, views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
    path("me/games/", standing_pages.my_league_games, name="my_games"),
    path("<slug:slug>/", standing_pages.league_page, name="league"),
    path("<slug:slug>/seasons/<int:number>/", standing_pages.season_page, name="season"),
    path("<slug:slug>/seasons/<int:number>/divisions/<int:division_id>/", standing_pages.division_page,
         name="division"),
]
