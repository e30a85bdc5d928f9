"""Django REST framework and drf-spectacular (OpenAPI)."""

# https://www.django-rest-framework.org/api-guide/settings/
REST_FRAMEWORK = {
    # Token for clients (`Authorization: Token <key>`), session for the browsable docs.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's TokenAuthentication, refusing an address that sent too many wrong tokens.
        "games.api.authentication.ThrottledTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # Rate limits on the Redis cache (games/throttles.py, docs/security.md); the rates are
    # CURSUS_THROTTLE_RATES (config/settings/security.py). Views add their own scopes.
    "DEFAULT_THROTTLE_CLASSES": ["games.throttles.ApiAnonThrottle", "games.throttles.ApiUserThrottle"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # DRF's JSON parser with a body limit (413) and a nesting limit (400): games/api/parsers.py.
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.BoundedJSONParser"],
    # Every error under /api is an RFC 9457 problem document.
    # https://www.django-rest-framework.org/api-guide/exceptions/#custom-exception-handling
    "EXCEPTION_HANDLER": "games.api.problems.problem_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

# The largest request body the API reads (a 413 problem beyond; the largest real order set
# is a few kilobytes) and the deepest JSON nesting it accepts (a 400 beyond).
API_MAX_BODY_BYTES = 256 * 1024
API_MAX_JSON_DEPTH = 32

# https://drf-spectacular.readthedocs.io/en/latest/settings.html
SPECTACULAR_SETTINGS = {
    "TITLE": "Cursus API",
    "DESCRIPTION": "Asynchronous play-by-email turn server for historical wargames. "
    "Errors are RFC 9457 problem details (application/problem+json).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    # OpenAPI 3.1: its schemas are JSON Schema 2020-12, the dialect of the rulesets' order
    # sets, which the hook below publishes one component per ruleset and prompt kind.
    "OAS_VERSION": "3.1.0",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.order_schemas.postprocess",
    ],
    # Self-hosted Swagger UI and Redoc (drf-spectacular-sidecar): no CDN at run time.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
