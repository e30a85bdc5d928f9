"""Each signed-in player's time zone and language (``notifications.Profile``)."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.utils import timezone, translation


class ProfileMiddleware:
    """Activates the player's time zone for the request, and their language (their profile)
    unless the browser chose one with the language switcher (its cookie; for a signed-in
    player the switcher saves the same choice to the profile: accounts.views.language)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        zone = None
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None) if hasattr(user, "profile") else None
            zone = getattr(profile, "timezone", None)
            language = getattr(profile, "language", None)
            if language and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        if zone:
            try:
                timezone.activate(zoneinfo.ZoneInfo(zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)
