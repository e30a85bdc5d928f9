"""API token authentication that cannot be used to guess tokens: after
``token_failure`` wrong tokens from one address (10 a minute), every token from that address
is answered 429 (``throttled``, with ``Retry-After``) until the window has room again, right
tokens included, so guessing costs the attacker time and the legitimate client a pause, not
an account (docs/security.md)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication, get_authorization_header

from games import throttles


class ThrottledTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() != self.keyword.lower().encode():
            return None
        address = throttles.address_of(request)
        wait = throttles.blocked("token_failure", ident=address)
        if wait is not None:
            raise exceptions.Throttled(wait=wait, detail=_("Too many wrong API tokens from your address; wait and retry."))
        try:
            return super().authenticate(request)
        except exceptions.AuthenticationFailed:
            # Counted atomically (games/throttles.py); when the log filled while this request was
            # being checked (many wrong tokens at once all pass the check above), it is
            # answered like the ones after it: at most the rate of wrong tokens are told
            # they are wrong, however many arrive together (make soak, 32 clients).
            wait = throttles.hit("token_failure", ident=address)
            if wait is not None:
                raise exceptions.Throttled(wait=wait, detail=_("Too many wrong API tokens from your address; wait and retry.")) from None
            raise
