import pytest


@pytest.mark.django_db
def test_health_pings_database_and_broker(api_for):
    response = api_for().get("/api/v1/health/")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_health_reports_which_backend_failed(api_for, celery_app, depends_on_current_app):
    from tests.helpers import free_port

    # The test's own Celery app (current for this test only) has a broker nobody answers.
    celery_app.conf.broker_url = f"redis://127.0.0.1:{free_port()}/0"
    response = api_for().get("/api/v1/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["database"] == "ok"
    assert body["broker"].startswith("error")
