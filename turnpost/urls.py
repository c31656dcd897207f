"""Top-level URLs; each app owns its own."""

from django.contrib import admin
from django.urls import include, path

from games import views as game_views
from games.api import api
from turnpost.favicon import favicon

urlpatterns = [
    path("", game_views.home, name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("accounts/", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("leagues/", include("leagues.urls")),
    path("players/<int:user_id>/", game_views.player, name="player"),
    path("", include("notifications.urls")),
    path("api/", api.urls),
    path("admin/", admin.site.urls),
]

handler400 = "games.views.bad_request"
handler404 = "games.views.not_found"
handler500 = "games.views.server_error"
