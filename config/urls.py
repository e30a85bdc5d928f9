"""URLs: the API under /api/v1/, its schema and docs, the game and tournament pages, login, admin."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import views as account_views
from games.api.problems import api_not_found, api_server_error
from games.web import tables as games_tables
from games.web import views as games_views
from operations.views import HealthApi, metrics_view

urlpatterns = [
    path("", games_views.home, name="home"),
    path("rules/<slug:slug>/notation/", games_views.notation, name="notation"),
    # The dice tables of the library (rules/tables; docs/tables.md).
    path("tables/", games_tables.tables_index, name="tables"),
    path("tables/<slug:game>/<slug:table>/", games_tables.table_page, name="table"),
    # The health check and the Prometheus metrics (operations/; docs/operations.md).
    path("api/v1/health/", HealthApi.as_view(), name="health"),
    path("metrics", metrics_view, name="metrics"),
    path("api/v1/tournaments/", include("tournaments.api.urls")),
    path("api/v1/", include("games.api.urls")),
    # Preferences, webhooks and muted games (notifications/api/).
    path("api/v1/", include("notifications.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI's start-up script is a file of its own, not an inline script, so the
    # Content-Security-Policy needs no exception.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    path("games/", include("games.web.urls")),
    path("tournaments/", include("tournaments.web.urls")),
    # Signed email links: the order page of a seat without a login, acting links.
    path("games/", include("games.web.links")),
    path("dev/", include("notifications.urls")),
    # Preferences, one-click unsubscribe, the calendar feed (notifications/public_urls.py).
    path("notifications/", include("notifications.public_urls")),
    # Inbound email webhooks of email providers (django-anymail; docs/inbound-mail.md).
    path("anymail/", include("anymail.urls")),
    path("accounts/", include("accounts.urls")),
    # Download my data, delete my account (operations/privacy.py; docs/operations.md).
    path("accounts/", include("operations.urls")),
    # Django's log-in and password reset, rate limited (accounts/views.py); the rest as is.
    path("accounts/login/", account_views.LoginView.as_view(), name="login"),
    path("accounts/password_reset/", account_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # /static/ is served by WhiteNoise's middleware (config/settings/base.py).
]


def handler404(request, exception=None):
    """JSON problem documents under /api, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        return api_not_found(request, exception)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def handler500(request):
    if request.path.startswith("/api/"):
        return api_server_error(request)
    from django.views.defaults import server_error

    return server_error(request)
