from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [path("outbox/", views.outbox_list, name="outbox")]
