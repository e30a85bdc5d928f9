import warnings

import pytest
from django.core.management import call_command


def test_openapi_schema_renders_without_warnings(tmp_path, capsys):
    """drf-spectacular reports every problem as a warning; --fail-on-warn turns them
    into a failure (the cookiecutter-django check)."""
    out = tmp_path / "schema.yaml"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        call_command("spectacular", "--file", str(out), "--fail-on-warn", "--validate")
    captured = capsys.readouterr()
    assert "Warning" not in captured.err, captured.err
    text = out.read_text()
    for path in (
        "/api/v1/health/",
        "/api/v1/rulesets/",
        "/api/v1/games/",
        "/api/v1/games/{game_id}/",
        "/api/v1/games/{game_id}/join/",
        "/api/v1/games/{game_id}/orders/",
        "/api/v1/games/{game_id}/events/",
        "/api/v1/games/{game_id}/steps/{number}/",
    ):
        assert path in text


@pytest.mark.django_db
def test_schema_and_swagger_ui_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger" in docs.content.lower()


@pytest.mark.django_db
def test_swagger_ui_loads_nothing_from_another_host(client):
    """The docs page's scripts and styles are our own static files, not a CDN's."""
    import re

    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any("swagger-ui" in a for a in assets), assets
    assert not [a for a in assets if a.startswith(("http:", "https:", "//"))], assets
    bundle = next(a for a in assets if a.endswith("swagger-ui-bundle.js"))
    assert client.get(bundle).status_code == 200
