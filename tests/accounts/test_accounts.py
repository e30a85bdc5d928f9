"""Sign up with email confirmation (through a real SMTP sink), log in, password reset,
the API token, language and time zone."""

import re

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

PASSWORD = "Vexilla-regis-305"


def body(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


@pytest.mark.django_db
def test_sign_up_sends_a_confirmation_that_activates_and_logs_in(client, smtp_sink, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the email leaves on commit
        response = client.post("/accounts/signup/", {
            "username": "livia", "email": "livia@example.test", "password1": PASSWORD, "password2": PASSWORD, "next": "/games/new/",
        }, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200 and "livia@example.test" in response.content.decode()
    user = get_user_model().objects.get(username="livia")
    assert not user.is_active and user.profile.language == "fr"
    assert not client.login(username="livia", password=PASSWORD)  # not before confirming
    mails = smtp_sink.wait_for(lambda m: m["to"] == ["livia@example.test"])
    message = mails[0]["message"]
    assert "confirmez" in message["Subject"]  # in the language she signed up in
    link = re.search(r"http://testserver(/accounts/confirm/\S+/)", body(message)).group(1)
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == "/games/new/"
    user.refresh_from_db()
    assert user.is_active and Token.objects.filter(user=user).exists()
    assert client.get("/games/").status_code == 200  # logged in


@pytest.mark.django_db
def test_sign_up_refuses_a_taken_email_and_bad_passwords_with_clear_errors(client, make_player):
    make_player("aurelia")
    response = client.post("/accounts/signup/", {
        "username": "other", "email": "aurelia@example.test", "password1": PASSWORD, "password2": PASSWORD,
    }, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "account.email_taken" in response.content.decode()
    response = client.post("/accounts/signup/", {"username": "x", "email": "x@example.test", "password1": "a", "password2": "b"})
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username__in=["other", "x"]).exists()


@pytest.mark.django_db
def test_a_forged_or_expired_confirmation_is_refused(client, make_player, settings):
    assert client.get("/accounts/confirm/forged/").status_code == 400
    from django.core import signing

    from accounts.services import CONFIRM_SALT

    user = make_player("late")
    user.is_active = False
    user.save()
    token = signing.dumps({"u": user.pk, "n": ""}, salt=CONFIRM_SALT)
    import time

    real = time.time
    try:
        time.time = lambda: real() + 4 * 24 * 3600
        response = client.get(f"/accounts/confirm/{token}/")
    finally:
        time.time = real
    assert response.status_code == 400 and "account.confirm.expired" in response.content.decode()


@pytest.mark.django_db
def test_password_reset_by_email(client, make_player, smtp_sink):
    user = make_player("aurelia")
    client.post("/accounts/password_reset/", {"email": user.email})
    message = smtp_sink.wait_for(lambda m: m["to"] == [user.email])[0]["message"]
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", body(message)).group(1)
    form = client.get(link, follow=True)
    url = form.redirect_chain[-1][0] if form.redirect_chain else link
    client.post(url, {"new_password1": PASSWORD + "!", "new_password2": PASSWORD + "!"})
    assert client.login(username="aurelia", password=PASSWORD + "!")


@pytest.mark.django_db
def test_the_api_token_page_shows_and_replaces_the_token(client, make_player):
    user = make_player("aurelia")
    client.force_login(user)
    old = user.auth_token.key
    assert old in client.get("/accounts/token/").content.decode()
    client.post("/accounts/token/")
    new = Token.objects.get(user=user).key
    assert new != old and new in client.get("/accounts/token/").content.decode()


@pytest.mark.django_db
def test_language_and_time_zone_settings_change_the_pages(client, started_game):
    from tests.games.play import player_of, prompted

    step, role, _ = prompted(started_game)
    user = player_of(started_game, role)
    client.force_login(user)
    response = client.post("/accounts/settings/", {"language": "fr", "timezone": "Asia/Tokyo"})
    assert response.status_code == 302
    user.profile.refresh_from_db()
    assert user.profile.language == "fr" and user.profile.timezone == "Asia/Tokyo"
    page = client.get("/games/").content.decode()
    assert "Mes parties" in page
    from zoneinfo import ZoneInfo

    assert step.deadline.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%d/%m/%Y %H:%M") in page  # French: day first
    bad = client.post("/accounts/settings/", {"language": "fr", "timezone": "Mars/Olympus"})
    assert bad.status_code == 400
    user.profile.refresh_from_db()
    assert user.profile.timezone == "Asia/Tokyo"
