"""An adjusted result's victory level is the one the ruleset gives its scores
(``Ruleset.result_from_scores``), or the organiser's override, recorded as such in the
audit trail (issue 14, item 15: a "definitive" win at 10-9 VP gave its bonus)."""

from __future__ import annotations

import pytest

from rules.base import Ruleset
from rules.registry import all_rulesets, get_ruleset
from tournaments import errors, selectors, services
from tournaments.models import AuditEntry, Pairing

# -- the rules contract ----------------------------------------------------------------------


@pytest.mark.parametrize(("primus", "secundus", "winner", "level"), [
    (10, 9, "PRIMUS", "marginal"),
    (10, 5, "PRIMUS", "marginal"),  # twice is not more than twice (SV 10.3)
    (11, 5, "PRIMUS", "decisive"),
    (5, 25, "SECONDUS", "decisive"),  # five times is not more
    (5, 26, "SECONDUS", "definitive"),
    (1, 0, "PRIMUS", "definitive"),
    (0, 0, None, "draw"),
    (9, 9, None, "draw"),
])
def test_semper_victor_levels_come_from_the_vp(primus, secundus, winner, level):
    result = get_ruleset("semper-victor").result_from_scores({"PRIMUS": primus, "SECONDUS": secundus})
    assert (result.winner, result.level) == (winner, level)


def test_the_default_definition_and_the_rulesets_that_change_it():
    base = Ruleset()
    assert (base.result_from_scores({"A": 3, "B": 1}).winner, base.result_from_scores({"A": 3, "B": 1}).level) == ("A", "victory")
    assert base.result_from_scores({"A": 2, "B": 2}).level == "draw"
    assert base.result_from_scores({}) is None
    assert get_ruleset("semper-victor").result_from_scores({"PRIMUS": 3}) is None  # one score says nothing
    assert get_ruleset("tetrarchia").result_from_scores({"AUGUSTUS": 3}) is None  # cooperative
    kings = get_ruleset("kings-of-rome")
    assert kings.result_from_scores({"A": 5, "B": 5}) is None  # a tie goes to the King's seat (§8.0)
    assert kings.result_from_scores({"A": 6, "B": 5}).winner == "A"


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.slug)
def test_every_ruleset_names_its_levels_in_both_languages(ruleset):
    levels = ruleset.victory_levels()
    assert levels and len({lv["id"] for lv in levels}) == len(levels)
    for lv in levels:
        assert lv["label"]["en"] and lv["label"]["fr"]


# -- the organiser's adjustment ------------------------------------------------------------


@pytest.fixture
def paired(make_player):
    organiser = make_player("arbiter")
    t = services.tournament_create(created_by=organiser, name="Ludi", ruleset="semper-victor", scenario="305", rounds_planned=1)
    for name in ("aurelia", "marcus"):
        services.entry_register(tournament=t, player=make_player(name))
    services.round_pair_next(tournament=t, by=organiser)
    return t, Pairing.objects.get(tournament=t)


@pytest.mark.django_db
def test_a_definitive_win_at_10_9_is_refused_naming_the_level_the_scores_give(paired):
    t, pairing = paired
    with pytest.raises(errors.LevelMismatch) as refused:
        services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="PRIMUS",
                                       level="definitive", scores={"PRIMUS": 10, "SECONDUS": 9}, reason="")
    error = refused.value.errors[0]
    assert error["code"] == "tournament.level-mismatch" and error["path"] == "/level"
    assert "10–9 VP is marginal victory for PRIMUS, not definitive victory for PRIMUS" in error["message"]["en"]
    assert "victoire marginale" in error["message"]["fr"] and "victoire définitive" in error["message"]["fr"]
    pairing.refresh_from_db()
    assert pairing.result is None
    assert not AuditEntry.objects.filter(tournament=t, action__startswith="result").exists()
    # A level of the ruleset's without both scores cannot be checked: refused too.
    with pytest.raises(errors.LevelUnchecked) as refused:
        services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="PRIMUS",
                                       level="definitive", scores={"PRIMUS": 10})
    assert refused.value.errors[0]["path"] == "/scores"
    # An override needs a reason.
    with pytest.raises(errors.InvalidOverride) as refused:
        services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="PRIMUS",
                                       level="definitive", scores={"PRIMUS": 10, "SECONDUS": 9}, override=True, reason=" ")
    assert refused.value.errors[0]["path"] == "/reason"
    pairing.refresh_from_db()
    assert pairing.result is None


@pytest.mark.django_db
def test_the_organisers_override_stands_and_is_recorded_as_such(paired):
    t, pairing = paired
    services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="PRIMUS",
                                   level="definitive", scores={"PRIMUS": 10, "SECONDUS": 9}, override=True,
                                   reason="SECONDUS conceded the game before the last year")
    last = AuditEntry.objects.filter(tournament=t).last()
    assert last.action == AuditEntry.Action.RESULT_OVERRIDDEN
    assert last.data["override"] is True and last.data["by_rules"] == {"winner": "PRIMUS", "level": "marginal"}
    assert last.data["after"] == {"winner": "PRIMUS", "level": "definitive", "scores": {"PRIMUS": 10, "SECONDUS": 9}}
    assert str(last.get_action_display()) == "Result set against the rules' level"
    rows = selectors.standings(tournament=t)["rows"]
    assert rows[0]["points"] == "3"  # the organiser's level stands: 2 + 1 definitive bonus


@pytest.mark.django_db
def test_a_result_the_scores_give_is_a_plain_adjustment(paired):
    t, pairing = paired
    services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="SECONDUS",
                                   level="decisive", scores={"PRIMUS": 4, "SECONDUS": 9}, override=True, reason="typo")
    last = AuditEntry.objects.filter(tournament=t).last()
    assert last.action == AuditEntry.Action.RESULT_ADJUSTED and "override" not in last.data
    # The organiser's own levels need no score.
    services.pairing_result_adjust(tournament=t, pairing_id=pairing.pk, by=t.created_by, winner="PRIMUS",
                                   level="adjudicated", reason="the game could not go on")
    assert AuditEntry.objects.filter(tournament=t).last().action == AuditEntry.Action.RESULT_ADJUSTED


@pytest.mark.django_db
def test_through_the_api_and_the_console(paired, api_for, client):
    t, pairing = paired
    url = f"/api/v1/tournaments/{t.pk}/pairings/{pairing.pk}/result/"
    api = api_for(t.created_by)
    body = {"winner": "PRIMUS", "level": "definitive", "scores": {"PRIMUS": 10, "SECONDUS": 9}}
    response = api.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 422 and response["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["type"].endswith("level-mismatch") and problem["errors"][0]["path"] == "/level"
    assert api.post(url, {**body, "override": True, "reason": "conceded"}, format="json").status_code == 200
    assert AuditEntry.objects.filter(tournament=t).last().action == "result_overridden"

    client.force_login(t.created_by)
    form = {"form": "pairing", "action": "result", "pairing": pairing.pk, "winner": "PRIMUS", "level": "definitive",
            "primus_vp": 10, "secundus_vp": 9, "reason": "again"}
    page = client.post(f"/tournaments/{t.pk}/console/", form).content.decode()
    assert "tournament.level-mismatch" in page and "marginal victory for PRIMUS" in page
    assert 'value="definitive" selected>definitive victory</option>' in page
    assert client.post(f"/tournaments/{t.pk}/console/", {**form, "override": "on"}).status_code == 302
    assert AuditEntry.objects.filter(tournament=t, action="result_overridden").count() == 2
    assert "Result set against the rules" in client.get(f"/tournaments/{t.pk}/audit/").content.decode()
