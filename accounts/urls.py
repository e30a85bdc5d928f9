from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.sign_up, name="signup"),
    path("confirm/<str:token>/", views.confirm, name="confirm"),
    path("token/", views.api_token, name="token"),
    path("settings/", views.settings_view, name="settings"),
    path("language/", views.language, name="language"),
]
