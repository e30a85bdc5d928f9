import pytest


@pytest.fixture
def en(client):
    client.cookies["django_language"] = "en"
    return client


def resolve_open_step(game, orders_for=None):
    """Submit the default orders of every prompted seat and adjudicate the step in this
    thread (the platform's own services; no worker)."""
    from games import services
    from games.models import Step

    step = game.steps.get(status=Step.Status.OPEN)
    for prompt in step.prompts:
        seat = game.seats.get(role=prompt["role"])
        orders = (orders_for or {}).get(prompt["role"]) or prompt["default_orders"]
        services.order_submit(game=game, player=seat.player, step=step.number, orders=orders, source="web")
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    game.refresh_from_db()
    return step.number
