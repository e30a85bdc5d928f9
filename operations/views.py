"""The health check and the metrics: thin views over ``operations.health`` and
``operations.metrics``."""

from __future__ import annotations

import hmac

from django.conf import settings
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from prometheus_client import CONTENT_TYPE_LATEST
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from operations import health, metrics


class HealthApi(APIView):
    """Is the service working? 200 when every component is healthy, 503 when one is not:
    the database, the broker, the workers (each named), beat's last sweep, undelivered
    mail and open steps. ``?scope=web`` asks this web process only (its database and
    broker): what a load balancer probes."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="health",
        parameters=[OpenApiParameter("scope", OpenApiTypes.STR, enum=["all", "web"], required=False)],
        responses={200: OpenApiTypes.OBJECT, 503: OpenApiTypes.OBJECT},
    )
    def get(self, request):
        report = health.system_health(web_only=request.query_params.get("scope") == "web")
        return Response(report, status=status.HTTP_200_OK if report["status"] == "ok" else status.HTTP_503_SERVICE_UNAVAILABLE)


def metrics_view(request):
    """Prometheus metrics, for a scraper that sends ``Authorization: Bearer
    <CURSUS_METRICS_TOKEN>``. Without a token configured, nobody (404) unless DEBUG."""
    token = settings.CURSUS_METRICS_TOKEN
    if token:
        sent = request.headers.get("Authorization", "")
        if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
            response = HttpResponse("a bearer token is required\n", status=401, content_type="text/plain")
            response["WWW-Authenticate"] = 'Bearer realm="metrics"'
            return response
    elif not settings.DEBUG:
        raise Http404("metrics are off: set CURSUS_METRICS_TOKEN")
    return HttpResponse(metrics.exposition(), content_type=CONTENT_TYPE_LATEST)
