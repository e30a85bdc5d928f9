"""Round robin in pools (issue 14, item 17): standings per pool on the page, in the API
and in the CSV (a pool column), and the bye's value one documented setting, the same for
an odd pool's bye and for the bye a withdrawal leaves in an even pool."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tournaments import selectors, services
from tournaments.models import AuditEntry, Entry, Pairing, Tournament

NAMES = ["aurelia", "marcus", "livia", "titus", "julia", "gaius", "flavia"]


@pytest.fixture
def pooled(make_player):
    """Seven players in pools of at most four: a pool of three (a bye each round) and a
    pool of four; a bye is worth 1.5 points here."""
    organiser = make_player("arbiter")
    t = services.tournament_create(created_by=organiser, name="Ludi", ruleset="semper-victor", scenario="305",
                                   system=Tournament.System.ROUND_ROBIN, pool_size=4, rounds_planned=3, rated=False,
                                   scoring={"bye": "1.5"})
    for name in NAMES:
        services.entry_register(tournament=t, player=make_player(name))
    return t


def finish_round(t, number):
    """Every game of the round won by PRIMUS, 12-10 (a marginal victory)."""
    for p in Pairing.objects.filter(tournament=t, round__number=number, secundus__isnull=False):
        services.pairing_result_adjust(tournament=t, pairing_id=p.pk, by=t.created_by, winner="PRIMUS", level="marginal",
                                       scores={"PRIMUS": 12, "SECONDUS": 10})


@pytest.mark.django_db
def test_standings_per_pool_on_the_page_in_the_api_and_in_the_csv(pooled, client, api_for):
    t = pooled
    for number in (1, 2, 3):
        services.round_pair_next(tournament=t, by=t.created_by)
        finish_round(t, number)
    pools = dict(Entry.objects.filter(tournament=t).values_list("player__username", "pool"))
    assert sorted(pools.values()) == [1, 1, 1, 2, 2, 2, 2]

    data = api_for().get(f"/api/v1/tournaments/{t.pk}/standings/").json()
    assert data["system"] == "round_robin" and data["bye_points"] == "1.5"
    assert [group["pool"] for group in data["pools"]] == [1, 2]
    for group in data["pools"]:
        assert {row["player"] for row in group["rows"]} == {n for n, p in pools.items() if p == group["pool"]}
        assert [row["rank"] for row in group["rows"]][0] == 1  # ranked within the pool
        assert all(row["pool"] == group["pool"] for row in group["rows"])
        # Points within a pool: nobody outside it counts.
        played = sum(row["played"] for row in group["rows"])
        assert played == {3: 6, 4: 12}[len(group["rows"])]  # each game counted for both players
    assert [row["pool"] for row in data["rows"]] == [1, 1, 1, 2, 2, 2, 2]
    byes = [row for row in data["rows"] if row["byes"]]
    assert len(byes) == 3 and all(row["pool"] == 1 and row["byes"] == 1 for row in byes)

    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="pool-1"' in page and 'id="pool-2"' in page and "Pool 1" in page
    assert "A bye scores 1.5 points, in every pool alike." in page
    tables = {n: re.findall(r"<tr><td>(.*?)</td></tr>", page.split(f'id="standings-pool-{n}"')[1].split("</table>")[0])
              for n in (1, 2)}
    assert [len(rows) for rows in tables.values()] == [3, 4]

    rows = list(csv.reader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode())))
    assert rows[0][:4] == ["pool", "rank", "player", "points"]
    assert [r[0] for r in rows[1:]] == ["1", "1", "1", "2", "2", "2", "2"]
    assert {r[2] for r in rows[1:] if r[0] == "2"} == {n for n, p in pools.items() if p == 2}
    french = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Poule 1" in french and "dans chaque poule" in french


@pytest.mark.django_db
def test_a_withdrawal_leaves_the_schedule_and_its_bye_is_worth_an_odd_pools(pooled, api_for):
    t = pooled
    services.round_pair_next(tournament=t, by=t.created_by)
    finish_round(t, 1)
    even = list(Entry.objects.filter(tournament=t, pool=2).order_by("id"))
    gone = even[-1]  # the last of the pool's table: re-pairing the three left would repeat a game
    # The organiser withdraws the player (API), recorded in the audit trail.
    url = f"/api/v1/tournaments/{t.pk}/withdraw/"
    assert api_for(gone.player).post(url, {"player": gone.player.username}, format="json").status_code == 403
    response = api_for(t.created_by).post(url, {"player": gone.player.username, "reason": "moved abroad"}, format="json")
    assert response.status_code == 200
    assert {"player": gone.player.username, "status": "withdrawn", "seed_rating": 1500.0, "pool": 2} in response.json()["entries"]
    again = api_for(t.created_by).post(url, {"player": gone.player.username}, format="json")
    assert again.status_code == 422 and again.json()["errors"][0]["path"] == "/player"
    audit = AuditEntry.objects.filter(tournament=t).last()
    assert audit.action == AuditEntry.Action.PLAYER_WITHDRAWN and audit.reason == "moved abroad"
    assert audit.data["player"] == gone.player.username and audit.data["pool"] == 2
    met = {frozenset((p.primus_id, p.secundus_id)) for p in Pairing.objects.filter(tournament=t, secundus__isnull=False)}
    for number in (2, 3):
        services.round_pair_next(tournament=t, by=t.created_by)
        for p in Pairing.objects.filter(tournament=t, round__number=number):
            assert gone.pk not in (p.primus_id, p.secundus_id)
            if p.secundus_id:
                pair = frozenset((p.primus_id, p.secundus_id))
                assert pair not in met  # the table is not reshuffled: no repeat
                met.add(pair)
        finish_round(t, number)
    # The three others of the even pool each met one another once; the two who had not
    # played the withdrawn player in round 1 got the bye their game would have been.
    others = [e.pk for e in even[:-1]]
    assert {pair for pair in met if pair <= set(others)} == {frozenset((a, b)) for a in others for b in others if a < b}
    round_1 = {p for p in others if frozenset((p, gone.pk)) in met}
    assert len(round_1) == 1
    bye_of = [p.primus_id for p in Pairing.objects.filter(tournament=t, secundus__isnull=True, primus__pool=2)]
    assert sorted(bye_of) == sorted(set(others) - round_1)
    rows = {row["player"]: row for row in selectors.standings(tournament=t)["rows"]}
    odd_bye = [row for row in rows.values() if row["pool"] == 1 and row["byes"]]
    even_bye = [row for row in rows.values() if row["pool"] == 2 and row["byes"]]
    assert len(odd_bye) == 3 and len(even_bye) == 2
    # Every bye is worth the setting: points = 2 a win + 1.5 a bye.
    for row in odd_bye + even_bye:
        assert float(row["points"]) == 2 * row["wins"] + 1.5 * row["byes"]


@pytest.mark.django_db
def test_the_console_withdraws_a_player(pooled, client):
    t = pooled
    services.round_pair_next(tournament=t, by=t.created_by)
    client.force_login(t.created_by)
    page = client.get(f"/tournaments/{t.pk}/console/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Retirer un joueur" in page
    response = client.post(f"/tournaments/{t.pk}/console/", {"form": "withdraw", "player": "titus", "reason": "ill"})
    assert response.status_code == 302
    assert Entry.objects.get(tournament=t, player__username="titus").status == Entry.Status.WITHDRAWN
    assert "Player withdrawn" in client.get(f"/tournaments/{t.pk}/audit/").content.decode()
    page = client.post(f"/tournaments/{t.pk}/console/", {"form": "withdraw", "player": "titus"}).content.decode()
    assert "tournament.invalid-override" in page  # already withdrawn: said, nothing written
    assert AuditEntry.objects.filter(tournament=t, action="player_withdrawn").count() == 1
