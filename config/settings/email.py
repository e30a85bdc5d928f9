"""Outgoing email (SMTP). Notifications go through the outbox (``notifications``).

https://docs.djangoproject.com/en/5.2/topics/email/#smtp-backend
"""

import secrets

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

# --- Reply-by-email (docs/inbound-mail.md) ----------------------------------------------
# Turn emails carry Reply-To: <CURSUS_INBOUND_LOCALPART>+<signed token>@<CURSUS_INBOUND_DOMAIN>.
# Point that domain's MX (or a forwarding rule) at `manage.py mailserver`, an IMAP mailbox
# polled by `manage.py fetchmail`, or an email provider's inbound webhook.
CURSUS_INBOUND_DOMAIN = env_str("CURSUS_INBOUND_DOMAIN", "play.localhost")
CURSUS_INBOUND_LOCALPART = env_str("CURSUS_INBOUND_LOCALPART", "play")
# `manage.py mailserver`: where the local SMTP server listens.
CURSUS_MAILSERVER_HOST = env_str("CURSUS_MAILSERVER_HOST", "127.0.0.1")
CURSUS_MAILSERVER_PORT = env_int("CURSUS_MAILSERVER_PORT", 2525)
# The largest message it takes (a larger one is refused in SMTP, 552): room for a reply
# whose attachments are each over CURSUS_ATTACHMENT_MAX_BYTES, so that it is read and
# answered with the attachments' own error rather than bounced by the sender's server.
CURSUS_MAILSERVER_MAX_BYTES = env_int("CURSUS_MAILSERVER_MAX_BYTES", 25 * 1024 * 1024)
# A certificate (PEM chain) and its key for the MX host name: the server then offers STARTTLS.
CURSUS_MAILSERVER_TLS_CERT = env_str("CURSUS_MAILSERVER_TLS_CERT")
CURSUS_MAILSERVER_TLS_KEY = env_str("CURSUS_MAILSERVER_TLS_KEY")
# `manage.py fetchmail`: an IMAP mailbox that receives the replies (SSL unless
# CURSUS_IMAP_SSL=false). Fetched messages are flagged \Deleted and expunged.
CURSUS_IMAP_HOST = env_str("CURSUS_IMAP_HOST")
CURSUS_IMAP_PORT = env_int("CURSUS_IMAP_PORT", 993)
CURSUS_IMAP_USER = env_str("CURSUS_IMAP_USER")
CURSUS_IMAP_PASSWORD = env_str("CURSUS_IMAP_PASSWORD")
CURSUS_IMAP_SSL = env_bool("CURSUS_IMAP_SSL", True)
CURSUS_IMAP_FOLDER = env_str("CURSUS_IMAP_FOLDER", "INBOX")
# Inbound webhooks of email providers through django-anymail
# (https://anymail.dev/en/stable/inbound/): the provider posts to
# /anymail/<provider>/inbound/ with basic auth "user:password" from this secret. Unset,
# a random secret closes the webhooks (nobody knows it). Provider keys (e.g.
# MAILGUN_WEBHOOK_SIGNING_KEY) go in ANYMAIL_* environment variables, read by anymail.
ANYMAIL = {"WEBHOOK_SECRET": env_str("ANYMAIL_WEBHOOK_SECRET") or "closed:" + secrets.token_urlsafe(24)}
if env_str("ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY"):
    ANYMAIL["MAILGUN_WEBHOOK_SIGNING_KEY"] = env_str("ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY")

# --- Webhooks (docs/email.md) -------------------------------------------------------------
# Seconds before a webhook endpoint that does not answer fails the delivery (retried).
CURSUS_WEBHOOK_TIMEOUT = env_int("CURSUS_WEBHOOK_TIMEOUT", 10)
