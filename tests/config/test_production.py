"""Production settings (config/settings/production.py): secure by default when DEBUG is
off, each knob adjustable from the environment, and no start without a secret key."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps({name: getattr(settings, name, None) for name in (
    "DEBUG", "SECRET_KEY", "SECRET_KEY_FALLBACKS", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER",
    "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "CSRF_TRUSTED_ORIGINS", "ADMINS", "SERVER_EMAIL",
    "CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY")}, default=list))
"""

#: The environment docs/operations.md documents for production (values made up).
PRODUCTION = {
    "DJANGO_SECRET_KEY": "k" * 20 + "-a-long-random-production-key-0123456789",
    "ALLOWED_HOSTS": "cursus.example",
    "CURSUS_BASE_URL": "https://cursus.example",
    "DEFAULT_FROM_EMAIL": "Cursus <cursus@cursus.example>",
    "DJANGO_ADMINS": "Ops <ops@cursus.example>, alice@cursus.example",
}


def run(args, **env):
    environment = {k: v for k, v in os.environ.items()
                   if not k.startswith(("DJANGO_", "CURSUS_", "SENTRY_")) and k not in ("ALLOWED_HOSTS", "DATABASE_URL")}
    environment.update(DJANGO_SETTINGS_MODULE="config.settings.base", DATABASE_URL="sqlite:///:memory:", **env)
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)


def probe(**env) -> dict:
    result = run(["-c", PROBE], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_without_debug_a_missing_secret_key_refuses_to_start():
    result = run(["-c", PROBE])
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr
    worker = run(["-m", "celery", "-A", "config", "inspect", "ping", "--timeout=0.1"])
    assert worker.returncode != 0 and "DJANGO_SECRET_KEY is not set" in worker.stderr


def test_debug_may_use_the_development_key_and_plain_http():
    found = probe(DJANGO_DEBUG="1")
    assert found["SECRET_KEY"].startswith("django-insecure-")
    assert not found["SECURE_SSL_REDIRECT"] and found["SECURE_HSTS_SECONDS"] == 0
    assert not found["SESSION_COOKIE_SECURE"] and found["SECURE_PROXY_SSL_HEADER"] is None


def test_production_defaults_are_the_safe_ones():
    found = probe(**PRODUCTION, DJANGO_SECRET_KEY_FALLBACKS="old-key-1,old-key-2")
    assert found["DEBUG"] is False
    assert found["SECRET_KEY"] == PRODUCTION["DJANGO_SECRET_KEY"]
    assert found["SECRET_KEY_FALLBACKS"] == ["old-key-1", "old-key-2"]
    assert found["SECURE_SSL_REDIRECT"] is True
    assert found["SECURE_HSTS_SECONDS"] == 31536000
    assert found["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and found["SECURE_HSTS_PRELOAD"]
    assert found["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert found["SESSION_COOKIE_SECURE"] and found["CSRF_COOKIE_SECURE"]
    assert found["CSRF_TRUSTED_ORIGINS"] == ["https://cursus.example"]
    assert found["ADMINS"] == [["Ops", "ops@cursus.example"], ["alice@cursus.example", "alice@cursus.example"]]
    assert found["SERVER_EMAIL"] == "Cursus <cursus@cursus.example>"
    directives = found["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]
    assert directives["script-src"] == ["'self'"] and directives["frame-ancestors"] == ["'none'"]
    assert found["CONTENT_SECURITY_POLICY_REPORT_ONLY"] is None


def test_each_knob_comes_from_the_environment():
    found = probe(
        **PRODUCTION,
        CURSUS_SSL_REDIRECT="false",
        CURSUS_HSTS_SECONDS="600",
        CURSUS_HSTS_PRELOAD="false",
        CURSUS_PROXY_SSL_HEADER="",
        CURSUS_SECURE_COOKIES="false",
        CURSUS_CSP="report-only",
        CURSUS_CSP_REPORT_URI="https://reports.example/csp",
    )
    assert found["SECURE_SSL_REDIRECT"] is False and found["SECURE_HSTS_SECONDS"] == 600
    assert found["SECURE_HSTS_PRELOAD"] is False and found["SECURE_PROXY_SSL_HEADER"] is None
    assert found["SESSION_COOKIE_SECURE"] is False
    assert found["CONTENT_SECURITY_POLICY"] is None
    report_only = found["CONTENT_SECURITY_POLICY_REPORT_ONLY"]["DIRECTIVES"]
    assert report_only["report-uri"] == ["https://reports.example/csp"]
    assert probe(**PRODUCTION, CURSUS_CSP="off")["CONTENT_SECURITY_POLICY"] is None


def test_check_deploy_is_clean_with_the_documented_environment():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_pages_carry_the_security_headers(client):
    """The test settings keep the Content-Security-Policy (plain HTTP otherwise)."""
    response = client.get("/accounts/login/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"
