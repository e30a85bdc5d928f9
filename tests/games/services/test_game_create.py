import hashlib

import pytest

from games import errors, services
from games.models import Event, Game, Step
from rules import dice as rules_dice
from rules.base import canonical_json


@pytest.mark.django_db
def test_create_publishes_the_commitment_and_seats_the_creator(make_player, ruleset):
    aurelia = make_player("aurelia")
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="PRIMUS")
    assert game.status == Game.Status.OPEN
    assert game.ruleset_version == ruleset.version
    seed = bytes.fromhex(game.dice_seed)
    assert len(seed) == 32
    assert game.dice_commitment == hashlib.sha256(seed).hexdigest() == rules_dice.commitment(seed)
    assert list(game.seats.values_list("role", "player__username")) == [("PRIMUS", "aurelia")]
    created = game.events.get(type="game_created")
    assert created.data["dice_commitment"] == game.dice_commitment
    # The seed itself is in no event.
    for event in Event.objects.filter(game=game):
        assert game.dice_seed not in canonical_json(event.data)


@pytest.mark.django_db
def test_options_are_validated_and_completed_with_defaults(make_player, ruleset):
    player = make_player()
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=player)
    declared = {option["id"]: option["default"] for option in ruleset.options()}
    assert game.options == declared
    with pytest.raises(errors.InvalidSetup):
        services.game_create(ruleset=ruleset.slug, scenario="305", options={"no-such-option": 1}, created_by=player)
    if declared:
        option = ruleset.options()[0]
        with pytest.raises(errors.InvalidSetup):
            services.game_create(
                ruleset=ruleset.slug, scenario="305", options={option["id"]: "not-a-choice-xyz"}, created_by=player
            )


@pytest.mark.django_db
def test_unknown_ruleset_scenario_or_role_is_refused(make_player, ruleset):
    player = make_player()
    with pytest.raises(errors.UnknownRuleset):
        services.game_create(ruleset="no-such-game", scenario="305", options={}, created_by=player)
    with pytest.raises(errors.InvalidSetup):
        services.game_create(ruleset=ruleset.slug, scenario="999", options={}, created_by=player)
    with pytest.raises(errors.InvalidSetup):
        services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=player, role="TERTIUS")
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_last_join_starts_the_game_with_the_mixed_dice(make_player, ruleset):
    aurelia, marcus = make_player("aurelia"), make_player("marcus")
    game = services.game_create(
        ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="PRIMUS", entropy="aurelia's words"
    )
    services.game_join(game=game, player=marcus, entropy="marcus's words")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.started_at
    assert game.seats.get(player=marcus).role == "SECONDUS"
    # setup() ran with HmacDice(mix_entropy(seed, entropies in seat order), step=0).
    key = rules_dice.mix_entropy(bytes.fromhex(game.dice_seed), ["aurelia's words", "marcus's words"])
    dice = rules_dice.HmacDice(key, step=0)
    assert game.state == ruleset.setup("305", dict(game.options), dice)
    assert game.setup_state == game.state
    setup_dice = game.events.get(type="dice", step=None)
    logged = [roll.as_dict() for roll in dice.rolls]
    for roll in logged:  # each with what it was rolled for, in words (Ruleset.roll_purpose)
        roll["why"] = ruleset.roll_purpose(roll["purpose"])
        assert roll["why"], roll
    assert setup_dice.data == {"step": 0, "rolls": logged}
    step = game.steps.get()
    assert step.number == 1 and step.status == Step.Status.OPEN
    assert step.prompts == [prompt.as_dict() for prompt in ruleset.prompts(game.state)]
    assert step.deadline > step.opened_at


@pytest.mark.django_db
def test_join_refuses_a_second_seat_a_taken_role_and_a_full_game(make_player, ruleset):
    aurelia, marcus, livia = make_player(), make_player(), make_player()
    game = services.game_create(ruleset=ruleset.slug, scenario="305", options={}, created_by=aurelia, role="PRIMUS")
    with pytest.raises(errors.NotJoinable):
        services.game_join(game=game, player=aurelia)
    with pytest.raises(errors.NotJoinable):
        services.game_join(game=game, player=marcus, role="PRIMUS")
    services.game_join(game=game, player=marcus)
    with pytest.raises(errors.NotJoinable):
        services.game_join(game=game, player=livia)
