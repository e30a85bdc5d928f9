"""Outgoing email (SMTP). Notifications go through the outbox (``notifications``).

https://docs.djangoproject.com/en/5.2/topics/email/#smtp-backend
"""

from config.env import env_bool, env_int, env_str

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
# Seconds before an unreachable SMTP server fails the delivery (retried later).
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Cursus <cursus@localhost>")
