from django.urls import path

from games import act_views, claim_views, views
from games import t1861_route_views as route_views

app_name = "games"

urlpatterns = [
    path("", views.mine, name="mine"),
    path("new/", views.new_game, name="new"),
    path("lobby/", views.lobby, name="lobby"),
    path("import/", views.import_game, name="import"),
    path("titles/<slug:title_id>/help/", views.title_help, name="title_help"),
    path("rules/<slug:title_id>/", views.rules_page, name="rules"),
    path("<int:game_id>/", views.game_page, name="game"),
    path("<int:game_id>/join/", views.take_seat, name="join"),
    path("<int:game_id>/invitation/<str:token>/", views.invitation, name="invitation"),
    path("<int:game_id>/seats/", claim_views.seat_links, name="seat_links"),
    path("<int:game_id>/claim/<str:token>/", claim_views.claim_seat, name="claim_seat"),
    path("<int:game_id>/version.json", views.game_version, name="version"),
    path("<int:game_id>/move/", views.move, name="move"),
    path("<int:game_id>/routes/", route_views.run_edited, name="t1861_routes"),
    path("<int:game_id>/routes/preview.json", route_views.preview, name="t1861_routes_preview"),
    path("<int:game_id>/resign/", views.resign, name="resign"),
    path("<int:game_id>/act/<slug:kind>/", act_views.act, name="act"),
    path("<int:game_id>/chat/", views.post_chat, name="chat"),
    path("<int:game_id>/history/", views.history_page, name="history"),
    path("<int:game_id>/undo/", views.undo, name="undo"),
    path("<int:game_id>/undo/<int:request_id>/answer/", views.undo_answer, name="undo_answer"),
    path("<int:game_id>/record.json", views.record_download, name="record"),
]
