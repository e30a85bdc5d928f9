from django.urls import path

from games.web import desk, tables, views

app_name = "games-web"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("new/", views.game_new, name="new"),
    path("practice/", views.game_practice, name="practice"),
    path("<int:game_id>/computer-seats/", views.game_computer_seats, name="computer-seats"),
    path("lobby/", views.lobby_page, name="lobby"),
    path("archive/", views.archive_page, name="archive"),
    path("<int:game_id>/start/", views.game_start_now, name="start"),
    path("<int:game_id>/name/", views.game_rename, name="rename"),
    path("<int:game_id>/talk/", views.game_talk, name="talk"),
    path("<int:game_id>/follow/", views.game_follow, name="follow"),
    path("<int:game_id>/seat/", views.game_seat_action, name="seat"),
    path("invitations/<str:token>/", views.invitation, name="invitation"),
    path("<int:game_id>/", views.game_detail, name="detail"),
    path("<int:game_id>/text/", views.game_text, name="text"),
    path("<int:game_id>/orders/check/", views.orders_check, name="check"),
    path("<int:game_id>/version/", views.game_version, name="version"),
    path("<int:game_id>/replay/", views.replay, name="replay"),
    path("<int:game_id>/invite/", views.game_invite, name="invite"),
    path("<int:game_id>/join/", views.game_join, name="join"),
    path("<int:game_id>/desk/", desk.desk, name="desk"),
    path("<int:game_id>/attachments/<str:token>/", desk.attachment, name="attachment"),
    path("<int:game_id>/tables/<path:table_id>/", tables.own_table_page, name="own-table"),
]
