from django.urls import path

from tournaments.web import views

app_name = "tournaments-web"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("players/<str:username>/", views.player_profile, name="player"),
    path("<int:tournament_id>/", views.tournament_detail, name="detail"),
    path("<int:tournament_id>/rounds/<int:number>/", views.tournament_round, name="round"),
    path("<int:tournament_id>/audit/", views.tournament_audit, name="audit"),
    path("<int:tournament_id>/standings.csv", views.tournament_standings_csv, name="standings-csv"),
    path("<int:tournament_id>/console/", views.tournament_console, name="console"),
]
