"""Turn emails: rendered per prompted seat in its language, deduplicated, with what
happened since the seat last acted, what it must decide, the deadline and a link."""

import pytest

from games import services
from notifications import services as notify
from notifications.models import Outbox
from tests.games.play import player_of, prompted


@pytest.mark.django_db
def test_the_prompted_seat_gets_one_email_in_its_language(started_game, django_capture_on_commit_callbacks):
    step, role, prompt = prompted(started_game)
    with django_capture_on_commit_callbacks(execute=False):
        created = notify.notify_step_opened(game=started_game, step=step)
    assert [o.recipient for o in created] == [player_of(started_game, role)]
    outbox = created[0]
    french = player_of(started_game, role).username == "marcus"
    assert outbox.dedupe_key == f"step-opened:{started_game.pk}:{step.number}:{role}"
    assert outbox.status == "pending" and outbox.game == started_game and outbox.step == step
    # The link is signed for this seat and step (games/links.py), in both bodies.
    assert f"http://testserver/games/{started_game.pk}/link/" in outbox.text_body
    assert f'href="http://testserver/games/{started_game.pk}/link/' in outbox.html_body
    assert prompt["title"]["fr" if french else "en"] in outbox.text_body
    assert step.deadline.strftime("%Y-%m-%d %H:%M") in outbox.text_body
    if french:
        assert "étape 1" in outbox.subject and "Échéance" in outbox.text_body
    else:
        assert "step 1" in outbox.subject and "Deadline" in outbox.text_body
    # What happened since the start: the setup is in the email.
    assert ("La partie commence" if french else "The game starts") in outbox.text_body
    # A re-run (a duplicate signal, the sweep) never writes a second email.
    assert notify.notify_step_opened(game=started_game, step=step) == []
    assert Outbox.objects.count() == 1


@pytest.mark.django_db
def test_emails_are_queued_when_a_step_opens(started_game, announced_inline, django_capture_on_commit_callbacks):
    from games import dispatch

    step, role, prompt = prompted(started_game)
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(
            game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"]
        )
    with django_capture_on_commit_callbacks(execute=True):
        assert services.step_adjudicate(game_id=started_game.pk, step_number=step.number) == "resolved"
    following = started_game.steps.get(number=step.number + 1)
    expected = {f"step-opened:{started_game.pk}:{following.number}:{r}" for r in following.roles}
    assert set(Outbox.objects.filter(kind="turn").values_list("dedupe_key", flat=True)) == expected
    # The submitter got its receipt by email too.
    assert Outbox.objects.filter(kind="receipt", recipient=player_of(started_game, role)).count() == 1
    sent = [outbox_id for (outbox_id,) in announced_inline.of(dispatch.DELIVER_OUTBOX)]
    assert sorted(sent) == sorted(Outbox.objects.values_list("pk", flat=True))


@pytest.mark.django_db
def test_the_email_tells_what_happened_since_the_seat_last_acted(started_game, django_capture_on_commit_callbacks):
    # Play three steps; the last email of a seat covers the steps since its last order set.
    for _ in range(3):
        started_game.refresh_from_db()
        step, role, prompt = prompted(started_game)
        services.order_submit(
            game=started_game, player=player_of(started_game, role), step=step.number, orders=prompt["default_orders"]
        )
        services.step_adjudicate(game_id=started_game.pk, step_number=step.number)
    started_game.refresh_from_db()
    step, role, _ = prompted(started_game)
    with django_capture_on_commit_callbacks(execute=False):
        outbox = notify.notify_step_opened(game=started_game, step=step)[0]
    seat = started_game.seats.get(role=role)
    last = seat.order_sets.order_by("-step__number").first()
    french = seat.player.username == "marcus"
    resolved = "Étape %s résolue." if french else "Step %s resolved."
    if last is not None:
        assert resolved % last.step.number in outbox.text_body
        for earlier in range(1, last.step.number):
            assert resolved % earlier not in outbox.text_body
    # The newest event the seat may see is told, in its language.
    from django.utils import translation

    from games import selectors
    from games.presentation import event_text, worth_telling

    with translation.override("fr" if french else "en"):
        newest = [
            event_text(e)
            for e in (selectors.event_as_dict(event=ev, game=started_game) for ev in selectors.events_visible_to(game=started_game, role=role))
            if worth_telling(e)
        ][-1]
    assert newest.split("\n")[0] in outbox.text_body


@pytest.mark.django_db
def test_the_finished_game_email_reveals_the_seed(started_game, django_capture_on_commit_callbacks):
    started_game.status = "finished"
    started_game.outcome = {"winner": "PRIMUS", "scores": {"PRIMUS": 3, "SECONDUS": 1}, "level": "decisive"}
    started_game.save()
    with django_capture_on_commit_callbacks(execute=False):
        created = notify.notify_game_finished(game=started_game)
    assert len(created) == 2
    for outbox in created:
        assert started_game.dice_seed in outbox.text_body
    assert notify.notify_game_finished(game=started_game) == []


@pytest.mark.django_db
def test_language_preference(make_player):
    user = make_player()
    assert notify.profile_language(user=user) == "en"
    notify.profile_set_language(user=user, language="fr")
    assert notify.profile_language(user=user) == "fr"
    with pytest.raises(ValueError):
        notify.profile_set_language(user=user, language="xx")
