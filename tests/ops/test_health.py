"""The health check tells the truth (issue 15): 503 with no worker, with beat silent, with
mail given up or stuck, with a step whose adjudication fails or a game that cannot go on;
200 when all is well. The metrics say the same in Prometheus's format."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import metrics
from games.models import Game, Step
from notifications.models import Outbox


def get(api_for, path="/api/v1/health/"):
    response = api_for().get(path)
    return response.status_code, response.json()


@pytest.fixture
def swept(settings):
    """Beat's sweep ran just now."""
    import time

    metrics.set_value("last_sweep_unixtime", time.time())


@pytest.mark.django_db
def test_no_worker_answers_503_and_the_web_scope_still_200(api_for, swept, settings):
    settings.CURSUS_HEALTH_PING_SECONDS = 0.3
    status, body = get(api_for)
    assert status == 503 and body["status"] == "degraded"
    assert body["database"] == "ok" and body["broker"] == "ok"
    assert body["workers"] == {"status": "error: no worker answers", "names": []}
    assert body["beat"]["status"] == "ok"
    assert body["outbox"]["status"] == "ok" and body["steps"]["status"] == "ok"
    status, body = get(api_for, "/api/v1/health/?scope=web")
    assert status == 200 and set(body) == {"database", "broker", "status"}


@pytest.mark.django_db
def test_a_broker_that_does_not_answer_is_named(api_for, celery_app, depends_on_current_app):
    from tests.helpers import free_port

    # The test's own Celery app (current for this test only) has a broker nobody answers.
    celery_app.conf.broker_url = f"redis://127.0.0.1:{free_port()}/0"
    response = api_for().get("/api/v1/health/?scope=web")
    assert response.status_code == 503
    body = response.json()
    assert body["database"] == "ok" and body["broker"].startswith("error")


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_and_a_recent_sweep_make_it_200(api_for, celery_app, celery_worker, swept):
    status, body = get(api_for)
    assert status == 200, body
    assert body["status"] == "ok" and len(body["workers"]["names"]) == 1
    assert body["queue"]["waiting"] == 0


@pytest.mark.django_db
def test_beat_silent_degrades(api_for, settings):
    settings.CURSUS_HEALTH_PING_SECONDS = 0.1
    metrics.set_value("last_sweep_unixtime", timezone.now().timestamp() - 600)
    body = get(api_for)[1]
    assert body["beat"]["status"].startswith("error: the last sweep is 6")
    assert body["beat"]["age_seconds"] >= 600


@pytest.mark.django_db
def test_mail_given_up_or_late_degrades(api_for, make_player, settings, swept):
    settings.CURSUS_HEALTH_PING_SECONDS = 0.1
    user = make_player()
    row = Outbox.objects.create(recipient=user, address=user.email, subject="s", text_body="b", dedupe_key="late")
    Outbox.objects.filter(pk=row.pk).update(created_at=timezone.now() - timedelta(hours=1))
    outbox = get(api_for)[1]["outbox"]
    assert outbox["waiting"] == 1 and outbox["oldest_seconds"] >= 3600
    assert outbox["status"].startswith("error: the oldest undelivered is")
    Outbox.objects.filter(pk=row.pk).update(status=Outbox.Status.FAILED, gave_up_at=timezone.now())
    outbox = get(api_for)[1]["outbox"]
    assert outbox["status"] == "error: 1 given up" and outbox["given_up"] == 1


@pytest.mark.django_db
def test_failing_stalled_and_halted_steps_degrade(api_for, started_game, settings, swept):
    from games import services

    settings.CURSUS_HEALTH_PING_SECONDS = 0.1
    step = Step.objects.get(game=started_game, number=1)
    assert get(api_for)[1]["steps"]["status"] == "ok"
    assert services.step_failure_record(game_id=started_game.pk, step_number=1, error="RulesError: boom") == 1
    steps = get(api_for)[1]["steps"]
    assert steps["failing"] == 1 and steps["status"] == "error: 1 failing"
    Step.objects.filter(pk=step.pk).update(failures=0, deadline=timezone.now() - timedelta(hours=1))
    assert get(api_for)[1]["steps"]["status"] == "error: 1 overdue"
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() + timedelta(hours=1))
    Game.objects.filter(pk=started_game.pk).update(halted_at=timezone.now(), halted_reason={"code": "x", "en": "x", "fr": "x"})
    assert get(api_for)[1]["steps"]["status"] == "error: 1 halted games"


@pytest.mark.django_db
def test_metrics_need_the_token_and_carry_the_figures(client, settings, started_game, swept):
    settings.CURSUS_HEALTH_PING_SECONDS = 0.1
    settings.CURSUS_METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 404
    settings.CURSUS_METRICS_TOKEN = "s3cret"
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    metrics.observe("step_latency_seconds", 0.3, ruleset="semper-victor")
    metrics.count("adjudication_errors_total")
    response = client.get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert 'cursus_up{component="workers"} 0.0' in text
    assert 'cursus_up{component="database"} 1.0' in text
    assert "cursus_healthy 0.0" in text
    assert 'cursus_steps{state="open"} 1.0' in text
    assert 'cursus_games{status="active"} 1.0' in text
    assert 'cursus_step_latency_seconds_bucket{le="0.5",ruleset="semper-victor"}' in text
    assert "cursus_adjudication_errors_total" in text
    assert 'cursus_outbox{state="given_up"} 0.0' in text
