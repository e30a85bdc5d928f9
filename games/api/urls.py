from django.urls import path

from games.api import attachments, orders, press, tables, together, views

app_name = "api"

urlpatterns = [
    path("rulesets/", views.RulesetListApi.as_view(), name="rulesets"),
    path("games/", views.GameListApi.as_view(), name="games"),
    path("games/practice/", together.PracticeApi.as_view(), name="game-practice"),
    path("games/<int:game_id>/", views.GameDetailApi.as_view(), name="game-detail"),
    path("games/<int:game_id>/computer-seats/", together.ComputerSeatsApi.as_view(), name="game-computer-seats"),
    path("games/<int:game_id>/join/", views.GameJoinApi.as_view(), name="game-join"),
    path("games/<int:game_id>/orders/", orders.order_submit, name="game-orders"),
    path("games/<int:game_id>/orders/attachments/", attachments.OrderAttachmentsApi.as_view(), name="game-order-attachments"),
    path("games/<int:game_id>/orders/attachments/<str:token>/", attachments.OrderAttachmentApi.as_view(),
         name="game-order-attachment"),
    path("games/<int:game_id>/tables/", tables.GameTablesApi.as_view(), name="game-tables"),
    path("games/<int:game_id>/tables/<str:group>/<str:name>/", tables.GameTableApi.as_view(), name="game-table"),
    path("games/<int:game_id>/events/", views.EventListApi.as_view(), name="game-events"),
    path("games/<int:game_id>/steps/<int:number>/", views.StepReplayApi.as_view(), name="game-step"),
    path("games/<int:game_id>/pause/", views.GamePauseApi.as_view(), name="game-pause"),
    path("games/<int:game_id>/resume/", views.GameResumeApi.as_view(), name="game-resume"),
    path("games/<int:game_id>/start/", together.GameStartApi.as_view(), name="game-start"),
    path("games/<int:game_id>/archive/", views.GameArchiveApi.as_view(), name="game-archive"),
    path("games/<int:game_id>/follow/", views.GameFollowApi.as_view(), name="game-follow"),
    path("games/<int:game_id>/messages/", press.MessageListApi.as_view(), name="game-messages"),
    path("games/<int:game_id>/messages/mutes/<str:role>/", press.MuteApi.as_view(), name="game-messages-mute"),
    path("games/<int:game_id>/press-lock/", press.PressLockApi.as_view(), name="game-press-lock"),
    path("games/<int:game_id>/take-over/", together.TakeOverApi.as_view(), name="game-take-over"),
    path("games/<int:game_id>/resign/", together.ResignApi.as_view(), name="game-resign"),
    path("games/<int:game_id>/draw/", together.DrawApi.as_view(), name="game-draw"),
    path("games/<int:game_id>/hand-over/", together.HandOverApi.as_view(), name="game-hand-over"),
    path("lobby/seats/", together.SeatsOfferedApi.as_view(), name="lobby-seats"),
    path("archive/", views.ArchiveListApi.as_view(), name="archive"),
    path("lobby/", together.LobbyApi.as_view(), name="lobby"),
    path("lobby/match/", together.MatchApi.as_view(), name="lobby-match"),
    path("lobby/match/<int:request_id>/", together.MatchDetailApi.as_view(), name="lobby-match-detail"),
    path("vacations/", views.VacationListApi.as_view(), name="vacations"),
    path("vacations/<int:vacation_id>/", views.VacationDetailApi.as_view(), name="vacation-detail"),
]
