from django.urls import path

from operations import account_views

app_name = "operations"

urlpatterns = [
    path("data/", account_views.data_export, name="data-export"),
    path("delete/", account_views.account_delete, name="account-delete"),
]
