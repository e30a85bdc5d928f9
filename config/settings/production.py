"""What changes when ``DJANGO_DEBUG`` is off: the secret key is required, HTTPS is
enforced (redirect, HSTS, secure cookies, the proxy's scheme header), every page carries a
Content-Security-Policy, static files are served with hashed names and far-future cache
headers, and errors reach the operators (``ADMINS``, an optional error tracker). Each knob
is read from the environment; the defaults are the safe ones. docs/operations.md lists
them; ``manage.py check --deploy`` is clean with the documented environment.

Imported by ``base`` after DEBUG is known (``apply(globals())``)."""

from __future__ import annotations

from email.utils import getaddresses

from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str

#: The development key: only DEBUG (``make run``) and the test settings may use it.
DEVELOPMENT_SECRET_KEY = "django-insecure-cursus-development-key-change-me"


def secret_key(*, debug: bool) -> str:
    """DJANGO_SECRET_KEY, or the development key under DEBUG. Without DEBUG and without a
    key every process refuses to start: a worker missing the variable would otherwise sign
    links with another key than the web's."""
    key = env_str("DJANGO_SECRET_KEY")
    if key:
        return key
    if debug:
        return DEVELOPMENT_SECRET_KEY
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set. Set it (the same value for the web, every worker, beat "
        "and the mail server: docs/operations.md), or DJANGO_DEBUG=1 on a development machine."
    )


def admins() -> list[tuple[str, str]]:
    """DJANGO_ADMINS="Ops <ops@example.org>, alice@example.org": who gets error reports."""
    raw = env_str("DJANGO_ADMINS")
    return [(name or address, address) for name, address in getaddresses([raw]) if address]


def apply(namespace: dict) -> None:
    """Fill the security settings into the settings module's ``namespace``."""
    debug = namespace["DEBUG"]
    production = not debug
    namespace["SECRET_KEY"] = secret_key(debug=debug)
    # Rotation: the old key(s) still verify links and sessions they signed
    # (https://docs.djangoproject.com/en/5.2/ref/settings/#secret-key-fallbacks).
    namespace["SECRET_KEY_FALLBACKS"] = env_list("DJANGO_SECRET_KEY_FALLBACKS")

    # --- HTTPS (https://docs.djangoproject.com/en/5.2/topics/security/#ssl-https) ---
    namespace["SECURE_SSL_REDIRECT"] = env_bool("CURSUS_SSL_REDIRECT", production)
    # Probes may call the health check and the metrics over plain HTTP on the inside.
    namespace["SECURE_REDIRECT_EXEMPT"] = [r"^api/v1/health/$", r"^metrics$"]
    namespace["SECURE_HSTS_SECONDS"] = env_int("CURSUS_HSTS_SECONDS", 31536000 if production else 0)
    namespace["SECURE_HSTS_INCLUDE_SUBDOMAINS"] = env_bool("CURSUS_HSTS_INCLUDE_SUBDOMAINS", production)
    namespace["SECURE_HSTS_PRELOAD"] = env_bool("CURSUS_HSTS_PRELOAD", production)
    # The reverse proxy terminates TLS and says so in X-Forwarded-Proto; only trust the
    # header behind a proxy that sets it (CURSUS_PROXY_SSL_HEADER= turns it off).
    header = env_str("CURSUS_PROXY_SSL_HEADER", "HTTP_X_FORWARDED_PROTO" if production else "")
    namespace["SECURE_PROXY_SSL_HEADER"] = (header, "https") if header else None
    secure_cookies = env_bool("CURSUS_SECURE_COOKIES", production)
    namespace["SESSION_COOKIE_SECURE"] = secure_cookies
    namespace["CSRF_COOKIE_SECURE"] = secure_cookies
    namespace["LANGUAGE_COOKIE_SECURE"] = secure_cookies
    base_url = namespace["CURSUS_BASE_URL"]
    namespace["CSRF_TRUSTED_ORIGINS"] = env_list("CSRF_TRUSTED_ORIGINS") or (
        [base_url] if base_url.startswith("https://") else []
    )
    namespace["SECURE_REFERRER_POLICY"] = "same-origin"
    namespace["X_FRAME_OPTIONS"] = "DENY"

    # --- Content-Security-Policy (django-csp: https://django-csp.readthedocs.io/) -----
    # Scripts and everything else from our own origin only; inline style attributes are
    # allowed (the map and the admin use them), inline scripts are not.
    mode = env_str("CURSUS_CSP", "enforce").lower()
    policy = {
        "DIRECTIVES": {
            "default-src": ["'self'"],
            "script-src": ["'self'"],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:"],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
        }
    }
    report_uri = env_str("CURSUS_CSP_REPORT_URI")
    if report_uri:
        policy["DIRECTIVES"]["report-uri"] = [report_uri]
    if mode == "report-only":
        namespace["CONTENT_SECURITY_POLICY_REPORT_ONLY"] = policy
    elif mode != "off":
        namespace["CONTENT_SECURITY_POLICY"] = policy

    # --- Errors ------------------------------------------------------------------------
    namespace["ADMINS"] = admins()
    namespace["SERVER_EMAIL"] = env_str("SERVER_EMAIL") or namespace["DEFAULT_FROM_EMAIL"]
    namespace["EMAIL_SUBJECT_PREFIX"] = env_str("DJANGO_EMAIL_SUBJECT_PREFIX", "[Cursus] ")
    dsn = env_str("SENTRY_DSN")
    if dsn:
        # An error tracker the operator chose (Sentry or a compatible one such as
        # GlitchTip): off unless configured; no personal data is sent.
        import sentry_sdk

        sentry_sdk.init(
            dsn=dsn,
            environment=env_str("SENTRY_ENVIRONMENT", "production"),
            send_default_pii=False,
            traces_sample_rate=0.0,
        )
