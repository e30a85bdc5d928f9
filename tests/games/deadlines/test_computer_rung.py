"""The computer rung of the missed-turn ladder (issue 20; docs/deadlines.md): an organiser
chooses "computer player after N misses" instead of default orders. The rung is told to
every seat, the computer's orders are stored and logged like a human's (an order set of
source ``computer``, an ``orders_used`` event only its seat sees), and the seat is handed
back (and that told too) when its player sends orders again."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import selectors, services
from games.deadlines import DeadlinePolicy, PolicyInvalid
from games.models import Event, Game, OrderSet, Step
from notifications.models import Outbox
from tests.games.play import player_of

POLICY = {"computer_after": 1, "computer_level": "fast", "civil_disorder_after": 0, "step_hours": 48}


def _expire(step: Step) -> None:
    Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def _submit_defaults(game, step, role):
    prompt = next(p for p in step.prompts if p["role"] == role)
    return services.order_submit(game=game, player=player_of(game, role), step=step.number,
                                 orders=prompt["default_orders"])


def _ladder_recipients(game, role, rung):
    return set(Outbox.objects.filter(kind="ladder", game=game, dedupe_key__contains=f":{role}:{rung}:")
               .values_list("recipient__username", flat=True))


@pytest.mark.django_db
def test_the_computer_stands_in_after_a_miss_and_hands_the_seat_back(
    game_with_policy, announced_inline, no_delivery, django_capture_on_commit_callbacks
):
    game = game_with_policy(POLICY)
    absent, present = "SECONDUS", "PRIMUS"
    computer_steps: list[int] = []
    returned_at = None
    for _ in range(40):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE or returned_at is not None:
            break
        step = game.steps.get(status=Step.Status.OPEN)
        with django_capture_on_commit_callbacks(execute=True):
            if present in step.roles:
                _submit_defaults(game, step, present)
            if absent in step.roles and len(computer_steps) >= 2:
                _submit_defaults(game, step, absent)  # the player is back
                returned_at = step.number
        with django_capture_on_commit_callbacks(execute=True):
            step.refresh_from_db()
            if step.status == Step.Status.OPEN:
                if services.step_adjudicate(game_id=game.pk, step_number=step.number) == "waiting":
                    _expire(step)
                    assert services.step_adjudicate(game_id=game.pk, step_number=step.number) == "resolved"
        if OrderSet.objects.filter(step=step, seat__role=absent, source=OrderSet.Source.COMPUTER).exists():
            computer_steps.append(step.number)
    assert len(computer_steps) >= 2 and returned_at is not None, (computer_steps, returned_at)
    first = computer_steps[0]

    # The rung: logged for everyone, told to every seat (each in their language).
    taken = Event.objects.get(game=game, type="seat_computer")
    assert taken.visible_to is None and taken.data == {"step": first, "role": absent, "level": "fast", "misses": 1}
    assert _ladder_recipients(game, absent, "computer") == {"aurelia", "marcus"}
    assert _ladder_recipients(game, absent, "computer_played") == {"aurelia", "marcus"}
    french = Outbox.objects.get(kind="ladder", game=game, dedupe_key__contains=f":{absent}:computer:",
                                recipient__username="marcus")
    assert "ordinateur" in french.text_body
    # No default orders were used for the absent seat once the computer stood in.
    for number in computer_steps:
        resolved = Event.objects.get(game=game, type="step_resolved", data__step=number)
        assert absent not in resolved.data["defaulted"]
        missed = Event.objects.get(game=game, type="deadline_missed", data__step=number)
        assert missed.data["computer"] is True

    # Its orders are logged like a human's: a stored order set (the replay plays it) and
    # an event its seat sees, with the receipt; the other seat sees neither.
    order_set = OrderSet.objects.get(step__game=game, step__number=first, seat__role=absent)
    used = Event.objects.get(game=game, type="orders_used", data__step=first, visible_to=[absent])
    assert used.data["computer"] is True and used.data["level"] == "fast"
    assert used.data["receipt"] == order_set.canonical_hash
    assert used.data["decision"]["level"] == "fast"
    assert used.pk in {e.pk for e in selectors.events_visible_to(game=game, role=absent)}
    assert used.pk not in {e.pk for e in selectors.events_visible_to(game=game, role=present)}

    # Handed back when the player sent orders again, and told to every seat.
    seat = game.seats.get(role=absent)
    assert seat.stand_in == "" and seat.missed_in_a_row == 0
    back = Event.objects.get(game=game, type="seat_handed_back")
    assert back.visible_to is None and back.data["role"] == absent and back.data["step"] == returned_at
    assert _ladder_recipients(game, absent, "handed_back") == {"aurelia", "marcus"}
    assert not OrderSet.objects.filter(step__game=game, step__number=returned_at, seat__role=absent,
                                       source=OrderSet.Source.COMPUTER).exists()


@pytest.mark.django_db
def test_a_forced_resolution_asks_no_computer(game_with_policy, dispatched, django_capture_on_commit_callbacks):
    """An operator's "resolve now" runs in a web request: the seats it did not hear from
    get their defaults, even one the computer stands in for."""
    from games import overrides

    game = game_with_policy(POLICY)
    game.seats.update(stand_in="strong")  # whoever step 1 asks
    step = game.steps.get(status=Step.Status.OPEN)
    with django_capture_on_commit_callbacks(execute=True):
        overrides.step_resolve_now(game=game, reason="test")
    assert not OrderSet.objects.filter(step=step, source=OrderSet.Source.COMPUTER).exists()


def test_the_rung_is_validated_like_every_policy_key():
    policy = DeadlinePolicy.from_dict({"computer_after": 2, "computer_level": "strong"})
    assert (policy.computer_after, policy.computer_level) == (2, "strong")
    assert DeadlinePolicy().computer_after == 0  # off unless an organiser chooses it
    with pytest.raises(PolicyInvalid) as refused:
        DeadlinePolicy.from_dict({"computer_after": -1, "computer_level": "genius"})
    by_code = {e["code"]: e for e in refused.value.errors}
    assert set(by_code) == {"policy.not_a_count", "policy.computer_level"}
    level = by_code["policy.computer_level"]
    assert level["path"] == "/computer_level"
    assert "fast, strong" in level["message"]["en"] and "doit valoir" in level["message"]["fr"]


@pytest.mark.django_db
def test_the_api_refuses_the_rung_where_no_computer_can_sit(make_player, api_for):
    creator = make_player("livia")
    answer = api_for(creator).post("/api/v1/games/", {
        "ruleset": "refereed", "scenario": "open", "options": {"players": 2},
        "deadline_policy": {"computer_after": 2}}, format="json")
    assert answer.status_code == 422, answer.content
    errors = answer.json()["errors"]
    assert [e["code"] for e in errors] == ["policy.computer_unavailable"]
    assert errors[0]["path"] == "/deadline_policy/computer_after" and errors[0]["message"]["fr"]
    bad = api_for(creator).post("/api/v1/games/", {
        "ruleset": "semper-victor", "scenario": "305", "deadline_policy": {"computer_level": "genius"}}, format="json")
    assert bad.status_code == 422
    assert [(e["code"], e["path"]) for e in bad.json()["errors"]] == [("policy.computer_level",
                                                                      "/deadline_policy/computer_level")]
    made = api_for(creator).post("/api/v1/games/", {
        "ruleset": "semper-victor", "scenario": "305",
        "deadline_policy": {"computer_after": 2, "computer_level": "strong"}}, format="json")
    assert made.status_code == 201, made.content
    assert Game.objects.get(pk=made.json()["id"]).deadline_policy["computer_level"] == "strong"


@pytest.mark.django_db
def test_the_new_game_page_offers_the_rung(make_player, client):
    import json

    creator = make_player("livia")
    client.force_login(creator)
    client.cookies["django_language"] = "en"
    page = client.get("/games/new/?ruleset=semper-victor").content.decode()
    assert "Computer player after missed turns" in page and "Computer (strong)" in page
    options = {f"option_{o['id']}": json.dumps(o["default"]) for o in services.ruleset_for("semper-victor").options()}
    answer = client.post("/games/new/", {"ruleset": "semper-victor", "scenario": "305", "step_hours": 48,
                                          "stand_in": "default", "computer_after": 2, "computer_level": "strong",
                                          **options})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game = Game.objects.get(created_by=creator)
    assert (game.deadline_policy["computer_after"], game.deadline_policy["computer_level"]) == (2, "strong")
    client.cookies["django_language"] = "fr"
    french = client.get("/games/new/?ruleset=semper-victor").content.decode()
    assert "Ordinateur après des tours manqués" in french and "Ordinateur (fort)" in french


@pytest.mark.django_db
def test_a_tournament_organiser_chooses_the_rung_for_every_game(make_player):
    from tournaments import services as tournaments
    from tournaments.models import Pairing

    organiser, a, b = make_player(), make_player(), make_player()
    tournament = tournaments.tournament_create(created_by=organiser, name="Ludi", ruleset="semper-victor", scenario="305",
                                               deadline_policy={"computer_after": 2, "computer_level": "strong"})
    tournaments.entry_register(tournament=tournament, player=a)
    tournaments.entry_register(tournament=tournament, player=b)
    tournaments.round_pair_next(tournament=tournament, by=organiser)
    game = Pairing.objects.get(tournament=tournament).game
    assert (game.deadline_policy["computer_after"], game.deadline_policy["computer_level"]) == (2, "strong")
