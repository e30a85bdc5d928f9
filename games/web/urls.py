from django.urls import path

from games.web import views

app_name = "games-web"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("<int:game_id>/", views.game_detail, name="detail"),
]
