"""Player-facing pages of the notifications app, under /notifications/."""

from django.urls import path

from notifications import views

app_name = "notify"

urlpatterns = [
    path("preferences/", views.preferences, name="preferences"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar"),
]
