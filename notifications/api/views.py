"""The API of what the preferences page does (docs/api.md, "Preferences"): a player's
notification preferences, webhooks and muted games. Thin: validation, then one service.
Errors are the same RFC 9457 problem documents as every /api error."""

from __future__ import annotations

from zoneinfo import available_timezones

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import ProblemSerializer
from games.api.validation import StrictIntegerField, validate_input
from games.models import Game
from notifications import selectors, services
from notifications.models import Profile, Webhook

PROBLEMS = {code: ProblemSerializer for code in (400, 401, 403, 404, 422)}


class PreferencesSerializer(serializers.Serializer):
    class Meta:
        ref_name = "Preferences"

    language = serializers.ChoiceField(choices=[code for code, _name in settings.LANGUAGES])
    timezone = serializers.CharField(max_length=64, help_text="an IANA time zone, e.g. Europe/Paris")
    email_enabled = serializers.BooleanField(help_text="turn emails, reminders and announcements by email")
    webhooks_enabled = serializers.BooleanField()
    delivery = serializers.ChoiceField(choices=Profile.Delivery.values, help_text="one email per turn, or one daily digest")
    digest_hour = StrictIntegerField(min_value=0, max_value=23, help_text="local hour of the daily digest")
    quiet_start = serializers.TimeField(allow_null=True, help_text="no email from this local time...")
    quiet_end = serializers.TimeField(allow_null=True, help_text="...until this one (held, then sent)")
    press_delivery = serializers.ChoiceField(choices=Profile.PressDelivery.values,
                                             help_text="table talk: an email for each message, or folded into the turn emails and the digest")
    unsubscribed_all = serializers.BooleanField(help_text="no email for any game (answers to your own actions still come)")
    calendar_url = serializers.CharField(read_only=True, help_text="your private .ics feed of deadlines")
    muted_games = serializers.ListField(child=serializers.IntegerField(), read_only=True)

    def validate_timezone(self, value: str) -> str:
        if value not in available_timezones():
            raise serializers.ValidationError(_("Unknown time zone: give an IANA name such as Europe/Paris."))
        return value


def _preferences(user) -> dict:
    profile = services.profile_for(user=user)
    body = {field: getattr(profile, field) for field in services.PREFERENCE_FIELDS}
    body["calendar_url"] = services.feed_url(user=user)
    body["muted_games"] = selectors.muted_games(user=user)
    return body


class PreferencesApi(APIView):
    @extend_schema(operation_id="preferences_retrieve", responses={200: PreferencesSerializer, **PROBLEMS})
    def get(self, request):
        return Response(PreferencesSerializer(_preferences(request.user)).data)

    @extend_schema(
        operation_id="preferences_update",
        description="Change any of the preferences; fields left out keep their value.",
        request=PreferencesSerializer,
        responses={200: PreferencesSerializer, **PROBLEMS},
    )
    def patch(self, request):
        changes = validate_input(PreferencesSerializer, request.data, partial=True)
        services.profile_update(user=request.user, **changes)
        return Response(PreferencesSerializer(_preferences(request.user)).data)


class WebhookSerializer(serializers.Serializer):
    class Meta:
        ref_name = "Webhook"

    id = serializers.IntegerField(read_only=True)
    kind = serializers.ChoiceField(choices=Webhook.Kind.values, help_text="discord, slack, or json (signed)")
    url = serializers.CharField(max_length=500)
    game = StrictIntegerField(source="game_id", required=False, allow_null=True, default=None, min_value=1,
                              help_text="one game of yours; empty: every game of yours")
    secret = serializers.CharField(read_only=True, help_text="key of the X-Cursus-Signature HMAC (json kind)")
    active = serializers.BooleanField(read_only=True)
    failures = serializers.IntegerField(read_only=True)
    last_error = serializers.CharField(read_only=True)
    last_success_at = serializers.DateTimeField(read_only=True, allow_null=True)
    created_at = serializers.DateTimeField(read_only=True)


class WebhookListApi(APIView):
    @extend_schema(operation_id="webhooks_list", responses={200: WebhookSerializer(many=True), **PROBLEMS})
    def get(self, request):
        return Response(WebhookSerializer(selectors.webhooks_of(user=request.user), many=True).data)

    @extend_schema(operation_id="webhooks_create", request=WebhookSerializer, responses={201: WebhookSerializer, **PROBLEMS})
    def post(self, request):
        data = validate_input(WebhookSerializer, request.data)
        game = get_object_or_404(Game, pk=data["game_id"]) if data.get("game_id") else None
        hook = services.webhook_create(owner=request.user, kind=data["kind"], url=data["url"], game=game)
        return Response(WebhookSerializer(hook).data, status=status.HTTP_201_CREATED)


class WebhookDetailApi(APIView):
    @extend_schema(operation_id="webhooks_delete", responses={204: None, **PROBLEMS})
    def delete(self, request, webhook_id: int):
        get_object_or_404(selectors.webhooks_of(user=request.user), pk=webhook_id)
        services.webhook_delete(owner=request.user, webhook_id=webhook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameMuteApi(APIView):
    @extend_schema(operation_id="games_mute", description="No more email or webhook about this game.",
                   request=None, responses={204: None, **PROBLEMS})
    def put(self, request, game_id: int):
        services.game_mute(user=request.user, game=get_object_or_404(Game, pk=game_id))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(operation_id="games_unmute", responses={204: None, **PROBLEMS})
    def delete(self, request, game_id: int):
        services.game_unmute(user=request.user, game=get_object_or_404(Game, pk=game_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
