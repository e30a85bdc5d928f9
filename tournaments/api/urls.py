from django.urls import path

from tournaments.api import views

app_name = "tournaments-api"

urlpatterns = [
    path("", views.TournamentListApi.as_view(), name="list"),
    path("players/<str:username>/", views.PlayerProfileApi.as_view(), name="player"),
    path("<int:tournament_id>/", views.TournamentDetailApi.as_view(), name="detail"),
    path("<int:tournament_id>/register/", views.RegisterApi.as_view(), name="register"),
    path("<int:tournament_id>/invitations/", views.InvitationApi.as_view(), name="invitations"),
    path("<int:tournament_id>/rounds/", views.RoundApi.as_view(), name="rounds"),
    path("<int:tournament_id>/standings/", views.StandingsApi.as_view(), name="standings"),
    path("<int:tournament_id>/standings.csv", views.StandingsCsvApi.as_view(), name="standings-csv"),
    path("<int:tournament_id>/audit/", views.AuditApi.as_view(), name="audit"),
    path("<int:tournament_id>/press-lock/", views.PressLockApi.as_view(), name="press-lock"),
    path("<int:tournament_id>/replace/", views.ReplaceApi.as_view(), name="replace"),
    path("<int:tournament_id>/withdraw/", views.WithdrawApi.as_view(), name="withdraw"),
    path("<int:tournament_id>/pairings/<int:pairing_id>/forfeit/", views.ForfeitApi.as_view(), name="forfeit"),
    path("<int:tournament_id>/pairings/<int:pairing_id>/result/", views.ResultApi.as_view(), name="result"),
    path("<int:tournament_id>/pairings/<int:pairing_id>/extend-deadline/", views.ExtendDeadlineApi.as_view(), name="extend"),
]
