"""The tournament pages: the list, the organiser console (organisers only; every action
lands in the audit trail) and a player's profile, in English and French."""

from __future__ import annotations

import pytest

from games.models import Game
from tournaments import services
from tournaments.models import AuditEntry, Pairing


@pytest.fixture
def tournament(make_player):
    organiser = make_player("arbiter")
    t = services.tournament_create(created_by=organiser, name="Ludi Romani", ruleset="semper-victor", scenario="305", rounds_planned=1)
    for name in ("aurelia", "marcus", "livia", "titus"):
        services.entry_register(tournament=t, player=make_player(name))
    return t


@pytest.mark.django_db
def test_console_is_for_organisers_and_records_each_action(client, tournament, make_player):
    client.force_login(make_player("intruder"))
    assert client.get(f"/tournaments/{tournament.pk}/console/").status_code == 403
    client.force_login(tournament.created_by)
    assert client.get(f"/tournaments/{tournament.pk}/console/").status_code == 200

    response = client.post(f"/tournaments/{tournament.pk}/console/", {"form": "pair"})
    assert response.status_code == 302
    first, second = Pairing.objects.filter(tournament=tournament).order_by("board")
    client.post(f"/tournaments/{tournament.pk}/console/", {"form": "pairing", "action": "extend", "pairing": first.pk, "hours": 12, "reason": "storm"})
    client.post(f"/tournaments/{tournament.pk}/console/", {"form": "pairing", "action": "forfeit", "pairing": first.pk, "loser": "SECONDUS", "reason": "silence"})
    client.post(
        f"/tournaments/{tournament.pk}/console/",
        {"form": "pairing", "action": "result", "pairing": second.pk, "winner": "", "level": "draw", "primus_vp": 9, "secundus_vp": 9, "reason": "agreed"},
    )
    replaced = make_player("sextus")
    client.post(f"/tournaments/{tournament.pk}/console/", {"form": "replace", "player": "titus", "replacement": "sextus", "reason": "ill"})
    actions = list(AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True))
    assert actions == ["round_paired", "deadline_extended", "forfeit", "result_adjusted", "player_replaced"]
    assert Game.objects.get(pk=second.game_id).outcome["level"] == "draw"
    assert tournament.entries.filter(player=replaced).exists()

    # An invalid action shows its errors and changes nothing.
    response = client.post(f"/tournaments/{tournament.pk}/console/", {"form": "pairing", "action": "extend", "pairing": first.pk, "hours": 5})
    assert response.status_code == 200 and "tournament.invalid-override" in response.content.decode()
    assert AuditEntry.objects.filter(tournament=tournament).count() == 5

    client.logout()
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'href="/tournaments/{tournament.pk}/audit/"' in page
    trail = client.get(f"/tournaments/{tournament.pk}/audit/").content.decode()
    for reason in ("storm", "silence", "agreed", "ill"):
        assert reason in trail
    assert "Ludi Romani" in client.get("/tournaments/").content.decode()


@pytest.mark.django_db
def test_pages_speak_french(client, tournament):
    services.round_pair_next(tournament=tournament, by=tournament.created_by)
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Classement" in page and "Journal des décisions" in page and "Confrontation directe" in page
    profile = client.get("/tournaments/players/aurelia/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Fiabilité" in profile and "Pas encore d’historique." in profile


@pytest.mark.django_db
def test_api_problems_name_the_field_in_both_languages(api_for, tournament, make_player):
    services.round_pair_next(tournament=tournament, by=tournament.created_by)
    pairing = Pairing.objects.filter(tournament=tournament).first()
    org = api_for(tournament.created_by)
    base = f"/api/v1/tournaments/{tournament.pk}"
    response = org.post(f"{base}/pairings/{pairing.pk}/result/", {"winner": "PRIMUS", "level": "draw"}, format="json")
    assert response.status_code == 422
    error = response.json()["errors"][0]
    assert error["code"] == "tournament.invalid-override" and error["path"] == "/level"
    assert error["message"]["fr"] == "Une partie nulle n’a pas de vainqueur et une victoire n’est pas nulle."
    response = org.post(f"{base}/pairings/{pairing.pk}/extend-deadline/", {"hours": "soon"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["path"] == "/hours"
    assert api_for(make_player()).post(f"{base}/pairings/{pairing.pk}/forfeit/", {"loser": "PRIMUS"}, format="json").status_code == 403
    assert api_for().get(f"{base}/standings/").status_code == 200  # public
    assert api_for().post(f"{base}/register/").status_code == 401
    assert org.get("/api/v1/tournaments/999999/").status_code == 404
