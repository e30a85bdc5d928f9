"""The admin as an operator's tool (issue 15): games found by id, player and status, read
only, with operator actions through the override services, each with its note in the
game's log and the admin's history, none counted as a missed deadline; the outbox with
signed links masked and a resend action."""

import pytest
from django.contrib.admin.models import LogEntry

from games.models import Event, Game, Step
from notifications.models import Outbox


@pytest.fixture
def operator(make_player, client):
    user = make_player("operator", staff=True)
    user.is_superuser = True
    user.save()
    client.force_login(user)
    return client


def operate(client, game, **data):
    return client.post(f"/admin/games/game/{game.pk}/operate/", data)


@pytest.mark.django_db
def test_games_are_found_by_id_player_and_status_and_read_only(operator, started_game, make_player):
    other = make_player("unrelated")
    for query in (f"q={started_game.pk}", "q=aurelia", "q=marcus@example.test", "status__exact=active"):
        page = operator.get(f"/admin/games/game/?{query}").content.decode()
        assert f'/admin/games/game/{started_game.pk}/change/' in page, query
    assert f'/admin/games/game/{started_game.pk}/change/' not in operator.get(f"/admin/games/game/?q={other.username}").content.decode()
    change = operator.get(f"/admin/games/game/{started_game.pk}/change/").content.decode()
    assert 'name="ruleset"' not in change and 'name="status"' not in change and 'name="options"' not in change
    assert "game_started" in change  # the recent log, read only
    assert operator.get("/admin/games/game/add/").status_code == 403
    assert operator.get(f"/admin/games/game/{started_game.pk}/delete/").status_code == 403


@pytest.mark.django_db
def test_resolve_now_uses_defaults_without_counting_a_missed_deadline(operator, started_game, dispatched):
    assert operate(operator, started_game, action="resolve", note="").status_code == 200  # the note is required
    response = operate(operator, started_game, action="resolve", note="the players asked for it by email")
    assert response.status_code == 302
    step = Step.objects.get(game=started_game, number=1)
    assert step.status == Step.Status.RESOLVED
    forced = Event.objects.get(game=started_game, type="step_forced")
    assert forced.data["reason"] == "the players asked for it by email" and forced.data["by"] == "operator operator"
    assert not Event.objects.filter(game=started_game, type="deadline_missed").exists()
    assert all(seat.missed_deadlines == 0 for seat in started_game.seats.all())
    assert LogEntry.objects.filter(object_id=str(started_game.pk), change_message__contains="asked for it").exists()


@pytest.mark.django_db
def test_extend_reassign_and_end(operator, started_game, make_player):
    step = Step.objects.get(game=started_game, number=1)
    before = step.deadline
    assert operate(operator, started_game, action="extend", hours="24", note="storm").status_code == 302
    step.refresh_from_db()
    assert (step.deadline - before).total_seconds() == 24 * 3600
    assert Event.objects.get(game=started_game, type="deadline_extended").data["by"] == "operator operator"

    newcomer = make_player("newcomer")
    assert operate(operator, started_game, action="reassign", role="SECONDUS", username="nobody", note="x").status_code == 200
    assert operate(operator, started_game, action="reassign", role="SECONDUS", username="newcomer", note="marcus left").status_code == 302
    assert started_game.seats.get(role="SECONDUS").player == newcomer
    assert Event.objects.get(game=started_game, type="seat_reassigned").data["reason"] == "marcus left"

    assert operate(operator, started_game, action="end", winner="PRIMUS", note="agreed concession").status_code == 302
    game = Game.objects.get(pk=started_game.pk)
    assert game.status == Game.Status.FINISHED and game.outcome["winner"] == "PRIMUS"
    assert Event.objects.get(game=game, type="game_finished").data["reason"] == "agreed concession"


@pytest.mark.django_db
def test_the_outbox_masks_signed_links_and_resends(operator, make_player, dispatched, django_capture_on_commit_callbacks):
    from games import dispatch
    user = make_player()
    token = "eyJnIjoxLCJzIjoxLCJuIjoxfQ:1vabcd:SECRETSECRETSECRET"
    row = Outbox.objects.create(
        recipient=user, address=user.email, subject="Your turn", dedupe_key="t1", status=Outbox.Status.FAILED,
        gave_up_at="2026-01-01T00:00:00Z",
        text_body=f"Open http://testserver/games/1/link/{token}/ now",
        headers={"Reply-To": "play+1-1-1-abcdefgh-abcdefghijklmnopqrst@play.localhost"},
    )
    page = operator.get(f"/admin/notifications/outbox/{row.pk}/change/").content.decode()
    assert "SECRETSECRET" not in page and "/link/eyJnIj…" in page
    assert "abcdefghijklmnopqrst" not in page and "play+1-1-1-…@play.localhost" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = operator.post("/admin/notifications/outbox/", {"action": "resend", "_selected_action": [row.pk]})
    assert response.status_code == 302
    row.refresh_from_db()
    assert row.status == "pending" and row.gave_up_at is None and dispatched.of(dispatch.DELIVER_OUTBOX) == [(row.pk,)]


@pytest.mark.django_db
def test_the_staff_outbox_page_masks_signed_links_too(operator, make_player):
    user = make_player()
    Outbox.objects.create(recipient=user, address=user.email, subject="Your turn", dedupe_key="t2",
                          text_body="Open http://testserver/games/1/link/eyJnIjoxLCJzSECRETSECRET/ now")
    page = operator.get("/dev/outbox/").content.decode()
    assert "Your turn" in page and "SECRETSECRET" not in page and "/link/eyJnIj…" in page
