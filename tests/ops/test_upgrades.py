"""A release that bumps a ruleset's version carries its running games over (issue 15):
the release declares a state migration from the version they pinned; the sweep (or the
first write) migrates each game, asks the open step's prompts again and voids only the
order sets the new rules refuse; ``manage.py ruleset_versions`` lists what it would do; a
game no migration leads from is halted, shown to its players, the API and the admin,
and resumes once a release continues it. The real Semper Victor engine plays throughout;
only its version and its migrations are those of a pretend release."""

import html
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command

from games import errors, services
from games.models import Event, Game, Step
from rules.base import Message, StateMigration
from tests.games.play import player_of


@pytest.fixture
def release(ruleset, monkeypatch):
    """Install a "new release" of the ruleset: ``release(version, migrations)``."""
    pinned = ruleset.version

    def install(version: str, migrations=()):
        monkeypatch.setattr(ruleset, "version", version)
        monkeypatch.setattr(ruleset, "state_migrations", tuple(migrations))

    install.pinned = pinned
    return install


@pytest.fixture
def inline_mail(dispatched, django_capture_on_commit_callbacks):
    """Notifications delivered at once (to Django's locmem outbox), and the work each
    service leaves for after its commit run: ``with inline_mail(): ...``."""
    from games import dispatch
    from notifications import services as notify

    dispatched.inline[dispatch.DELIVER_OUTBOX] = lambda outbox_id: notify.outbox_deliver(outbox_id=outbox_id)
    return lambda: django_capture_on_commit_callbacks(execute=True)


def mark_migrated(state):
    state["migrated_by_test_release"] = True
    return state


NOTE = Message("Leaders now test for death after each battle.", "Les chefs testent désormais leur mort après chaque bataille.")


def submit(game, role, orders=None):
    step = game.steps.get(status=Step.Status.OPEN)
    prompt = next(p for p in step.prompts if p["role"] == role)
    return services.order_submit(
        game=game, player=player_of(game, role), step=step.number, orders=orders if orders is not None else prompt["default_orders"]
    )


@pytest.mark.django_db
def test_a_running_game_crosses_a_release_and_goes_on(started_game, release, announced_inline, ruleset, inline_mail):
    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    first = step.roles[0]
    submit(game, first)
    release("9.0.0-test", [StateMigration(release.pinned, "9.0.0-test", mark_migrated, NOTE)])

    out = StringIO()
    call_command("ruleset_versions", stdout=out)
    listing = out.getvalue()
    assert f"game {game.pk}: {release.pinned} -> 9.0.0-test: upgradable" in listing
    assert NOTE.en in listing
    assert f"semper-victor {release.pinned}: 1 game(s), installed 9.0.0-test" in listing
    assert Game.objects.get(pk=game.pk).ruleset_version == release.pinned  # a listing writes nothing

    mail.outbox.clear()
    with inline_mail():
        results = services.games_upgrade_sweep()
    assert [r["status"] for r in results] == ["upgraded"] and results[0]["voided"] == []
    game.refresh_from_db()
    assert game.ruleset_version == "9.0.0-test" and game.state["migrated_by_test_release"] is True
    upgraded = Event.objects.get(game=game, type="ruleset_upgraded")
    assert upgraded.data["from"] == release.pinned and upgraded.data["notes"] == [NOTE.as_dict()]
    assert step.order_sets.count() == 1  # the first seat's orders still stand
    told = sorted(m.to[0] for m in mail.outbox if "new version of the rules" in m.subject or "nouvelle version" in m.subject)
    assert len(told) == 2
    assert any(NOTE.en in m.body for m in mail.outbox) and any(NOTE.fr in m.body for m in mail.outbox)

    # The game goes on: the other seats submit, the step resolves with the new engine.
    for role in step.roles[1:]:
        submit(game, role)
    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
    game.refresh_from_db()
    assert game.steps.filter(status=Step.Status.OPEN).get().number == step.number + 1
    assert game.state["migrated_by_test_release"] is True
    assert services.games_upgrade_sweep() == []  # current now
    from games.selectors import game_replay

    replay = game_replay(game=game)  # replayed from the upgrade with the new engine
    assert replay["from_step"] == step.number and replay["diverged_at"] is None and replay["matches_current"]


@pytest.mark.django_db
def test_order_sets_the_new_rules_refuse_are_voided_and_their_seat_told(
    started_game, release, announced_inline, ruleset, monkeypatch, inline_mail
):
    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    submit(game, role)
    release("9.0.0-test", [StateMigration(release.pinned, "9.0.0-test", mark_migrated, NOTE)])
    from rules.base import OrderError

    refused = [OrderError("test.new_rule", "", Message("Refused by the new rules.", "Refusé par les nouvelles règles."))]
    monkeypatch.setattr(ruleset, "validate", lambda state, r, orders: refused if state.get("migrated_by_test_release") else [])

    plan = services.upgrade_plan(game=game)
    assert plan["status"] == "upgradable" and plan["voided"] == [role]
    mail.outbox.clear()
    with inline_mail():
        result = services.game_upgrade(game=game)
    assert result["status"] == "upgraded" and result["voided"] == [role]
    assert step.order_sets.count() == 0
    step.refresh_from_db()
    assert step.completed_at is None
    voided_seat = player_of(game, role)
    to_voided = [m for m in mail.outbox if m.to == [voided_seat.email]]
    assert to_voided and ("send them again" in to_voided[0].body or "envoyer à nouveau" in to_voided[0].body or "renvoyer" in to_voided[0].body)


@pytest.mark.django_db
def test_a_game_no_release_continues_halts_visibly_then_resumes(
    started_game, release, announced_inline, api_for, client, inline_mail
):
    game = started_game
    step = game.steps.get(status=Step.Status.OPEN)
    role = step.roles[0]
    deadline = step.deadline
    release("10.0.0-test")  # no migration from the pinned version
    mail.outbox.clear()
    with inline_mail():
        assert [r["status"] for r in services.games_upgrade_sweep()] == ["halted"]
    game.refresh_from_db()
    assert game.halted_at and game.ruleset_version == release.pinned
    assert {m.to[0] for m in mail.outbox if "cannot go on" in m.subject or "ne peut" in m.subject} == {
        s.player.email for s in game.seats.all()
    }
    assert services.steps_sweep()["due"] == []  # nothing runs while halted

    # The players see it: the API, the game page (in each language), the order refused.
    player = player_of(game, role)
    detail = api_for(player).get(f"/api/v1/games/{game.pk}/").json()
    assert detail["halted"]["code"] == "ruleset.no_migration" and "10.0.0-test" in detail["halted"]["en"]
    client.force_login(player)
    page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    if '<html lang="fr"' in page:  # marcus reads French (the language switch names both languages on every page)
        assert "Cette partie ne peut continuer pour l’instant." in page and "aucune migration d'état n'y mène" in page
    else:
        assert "This game cannot go on for now." in page and "no state migration leads from it" in page
    refused = api_for(player).post(
        f"/api/v1/games/{game.pk}/orders/", {"step": step.number, "text": "pass"}, format="json"
    )
    assert refused.status_code == 409 and refused.json()["type"].endswith("game-halted")
    with pytest.raises(errors.GameHalted):
        submit(game, role)

    # The operator lists it, installs a release that continues it, and applies.
    out = StringIO()
    call_command("ruleset_versions", stdout=out)
    assert f"game {game.pk}: {release.pinned} -> 10.0.0-test: impossible; " in out.getvalue()
    release("10.0.0-test", [StateMigration(release.pinned, "10.0.0-test", mark_migrated, NOTE)])
    out = StringIO()
    call_command("ruleset_versions", "--apply", "--game", str(game.pk), stdout=out)
    assert f"game {game.pk}: {release.pinned} -> 10.0.0-test: upgraded" in out.getvalue()
    game.refresh_from_db()
    step.refresh_from_db()
    assert game.halted_at is None and game.ruleset_version == "10.0.0-test"
    assert step.deadline >= deadline  # the time it stood still is given back
    assert Event.objects.filter(game=game, type="game_resumed_after_halt").count() == 1
    submit(game, role)  # accepted again


@pytest.mark.django_db
def test_the_admin_shows_halted_games(started_game, make_player, client):
    Game.objects.filter(pk=started_game.pk).update(
        halted_at=started_game.created_at, halted_reason={"code": "ruleset.no_migration", "en": "No way on.", "fr": "Aucune suite."}
    )
    admin = make_player("root", staff=True)
    admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    listing = client.get("/admin/games/game/?halted=yes").content.decode()
    assert f">{started_game.pk}<" in listing
    change = client.get(f"/admin/games/game/{started_game.pk}/change/").content.decode()
    assert "No way on." in change
