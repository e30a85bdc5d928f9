from django.urls import path

from notifications.api import views

app_name = "notifications-api"
urlpatterns = [
    path("preferences/", views.PreferencesApi.as_view(), name="preferences"),
    path("webhooks/", views.WebhookListApi.as_view(), name="webhooks"),
    path("webhooks/<int:webhook_id>/", views.WebhookDetailApi.as_view(), name="webhook-detail"),
    path("games/<int:game_id>/mute/", views.GameMuteApi.as_view(), name="game-mute"),
]
