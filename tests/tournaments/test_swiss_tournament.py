"""A 16-player Swiss tournament of 5 rounds, run through the API with scripted players,
the real Semper Victor engine, a real Celery worker and PostgreSQL (or SQLite).

The script: the stronger player (lower number) wins, with a victory level and VP that
depend on the board; neighbours in strength draw. Players 13 and 14 never send orders:
their steps run to the deadline (the worker adjudicates them with the default orders,
counting a missed deadline), then the organiser adjudicates a forfeit against them. A
few players of round 1 really play a step, so the standings show a running game's VP.
The organiser also extends a deadline and replaces a player; all of it must appear in
the audit trail. Finished games come from the organiser's results and forfeits: a
Semper Victor campaign runs for decades of game time (305-363), too long to play out in
a test.

Standings are checked against a second, independent calculation written here (with
fractions and plain loops), and the CSV against the page."""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from datetime import timedelta
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from django.utils import timezone

from games import services as game_services
from games.models import Game, Seat, Step
from tests.games.play import wait_until

PLAYERS = [f"p{n:02d}" for n in range(1, 17)]
ABSENT = {"p13", "p14"}
BONUS = {"decisive": Fraction(1, 2), "definitive": Fraction(1)}


def strength(name: str) -> int:
    return int(name[1:3])


def scripted_result(board: int, primus: str, secundus: str) -> dict:
    """What the organiser reports for a game between two present players."""
    a, b = strength(primus), strength(secundus)
    if abs(a - b) == 1:
        return {"winner": None, "level": "draw", "scores": {"PRIMUS": 18, "SECONDUS": 18}}
    winner = "PRIMUS" if a < b else "SECONDUS"
    level, high, low = [("marginal", 20, 15), ("decisive", 30, 12), ("definitive", 36, 6)][board % 3]
    scores = {winner: high, ("SECONDUS" if winner == "PRIMUS" else "PRIMUS"): low}
    return {"winner": winner, "level": level, "scores": scores}


# -- the independent calculation ---------------------------------------------------------


def reference_standings(rounds: list[dict], names: list[str]) -> list[tuple]:
    """(rank, name, points, SB, VP difference), from the rounds the API reports: 2/1/0,
    +1/2 decisive, +1 definitive, SB, then head to head among the tied, then VP."""
    points = defaultdict(Fraction)
    vp = defaultdict(int)
    games = []  # (player, opponent, fraction, points scored)
    for rnd in rounds:
        for p in rnd["pairings"]:
            result = p["result"]
            if p["secundus"] is None:
                points[p["primus"]] += 2
                continue
            if result is None:
                continue
            for me, other, role in ((p["primus"], p["secundus"], "PRIMUS"), (p["secundus"], p["primus"], "SECONDUS")):
                if result["winner"] is None:
                    frac, pts = Fraction(1, 2), Fraction(1)
                elif result["winner"] == role:
                    frac, pts = Fraction(1), 2 + BONUS.get(result["level"], 0)
                else:
                    frac, pts = Fraction(0), Fraction(0)
                points[me] += pts
                games.append((me, other, frac, pts))
                scores = result["scores"] or {}
                if scores:
                    vp[me] += scores[role] - scores["SECONDUS" if role == "PRIMUS" else "PRIMUS"]
    sb = defaultdict(Fraction)
    for me, other, frac, _ in games:
        sb[me] += frac * points[other]
    groups = defaultdict(list)
    for name in names:
        groups[(points[name], sb[name])].append(name)
    ordered = []
    for key in sorted(groups, reverse=True):
        group = groups[key]
        h2h = {n: sum((pts for me, other, _f, pts in games if me == n and other in group), Fraction(0)) for n in group}
        # VP only splits players also tied on head to head.
        ordered.append(sorted(group, key=lambda n: (-h2h[n], -vp[n], n)))
        ordered[-1] = [(n, (h2h[n], vp[n])) for n in ordered[-1]]
    table, position = [], 1
    for group in ordered:
        for index, (name, key) in enumerate(group):
            tied_before = [k for _n, k in group[:index] if k == key]
            rank = position + index - len(tied_before)
            table.append((rank, name, points[name], sb[name], vp[name]))
        position += len(group)
    return table


class TableParser(HTMLParser):
    """The rows of the page's ``<table id="standings">`` as lists of cell texts."""

    def __init__(self):
        super().__init__()
        self.inside, self.rows, self.cell = False, [], None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("id", "standings") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


# -- the tournament ------------------------------------------------------------------------


def open_step(game_id: int) -> Step | None:
    return Step.objects.filter(game_id=game_id, status=Step.Status.OPEN).first()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_sixteen_player_swiss_through_the_api(
    api_for, make_player, celery_app, celery_worker, depends_on_current_app, client, ruleset
):
    arbiter = make_player("arbiter")
    players = {name: make_player(name, language="fr" if strength(name) % 4 == 0 else "en") for name in PLAYERS}
    substitute = make_player("p16sub")
    org = api_for(arbiter)

    created = org.post(
        "/api/v1/tournaments/",
        {"name": "Coupe de Nicomédie", "ruleset": "semper-victor", "scenario": "305", "rounds_planned": 5,
         "step_hours": 48, "tiebreaks": ["sonneborn_berger", "head_to_head", "vp_difference"]},
        format="json",
    )
    assert created.status_code == 201, created.content
    tid = created.json()["id"]
    base = f"/api/v1/tournaments/{tid}"

    # Bad input is refused whole, with a code, a path and both languages.
    bad = org.post("/api/v1/tournaments/", {"name": "x", "ruleset": "semper-victor", "scenario": "999"}, format="json")
    assert bad.status_code == 422 and bad["Content-Type"] == "application/problem+json"
    assert bad.json()["errors"][0]["path"] == "/scenario" and set(bad.json()["errors"][0]["message"]) == {"en", "fr"}

    for name in PLAYERS:
        assert api_for(players[name]).post(f"{base}/register/").status_code == 201
    assert api_for(players["p01"]).post(f"{base}/register/").json()["errors"][0]["code"] == "tournament.already-registered"
    # Only an organiser pairs.
    assert api_for(players["p01"]).post(f"{base}/rounds/").status_code == 403

    met: set[frozenset] = set()
    colours: dict[str, list[str]] = defaultdict(list)
    running_checked = extended = replaced = False

    for number in range(1, 6):
        paired = org.post(f"{base}/rounds/")
        assert paired.status_code == 201, paired.content
        rnd = paired.json()["rounds"][-1]
        assert rnd["number"] == number and len(rnd["pairings"]) == 8
        # Every player plays once, never the same opponent twice, colours stay balanced.
        seen = [p["primus"] for p in rnd["pairings"]] + [p["secundus"] for p in rnd["pairings"]]
        assert sorted(seen) == sorted(n if not (replaced and n == "p16") else "p16sub" for n in PLAYERS)
        for p in rnd["pairings"]:
            pair = frozenset((p["primus"], p["secundus"]))
            assert pair not in met, f"repeat pairing {pair} in round {number}"
            met.add(pair)
            colours[p["primus"]].append("P")
            colours[p["secundus"]].append("S")
            game = Game.objects.get(pk=p["game"])
            assert game.status == Game.Status.ACTIVE and game.step_hours == 48
            assert {s.role: s.player.username for s in game.seats.select_related("player")} == {
                "PRIMUS": p["primus"], "SECONDUS": p["secundus"]}
        for history in colours.values():
            assert abs(history.count("P") - history.count("S")) <= 2
            assert "PPP" not in "".join(history) and "SSS" not in "".join(history)

        # Round 1: two games really play a step (the worker resolves it), and the
        # standings show each running game's current VP.
        if number == 1:
            for p in rnd["pairings"][:2]:
                step = open_step(p["game"])
                role = step.prompts[0]["role"]
                who = players[p["primus"] if role == "PRIMUS" else p["secundus"]]
                body = api_for(who).get(f"/api/v1/games/{p['game']}/").json()
                answer = api_for(who).post(
                    f"/api/v1/games/{p['game']}/orders/",
                    {"step": step.number, "orders": body["prompts"][0]["default_orders"]}, format="json",
                )
                assert answer.status_code == 202, answer.content
                wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
            wait_until(lambda: org.get(f"{base}/standings/").json()["rounds"][0]["pairings"][0]["live_vp"] is not None)
            standings = org.get(f"{base}/standings/").json()
            for p in standings["rounds"][0]["pairings"][:2]:
                game = Game.objects.get(pk=p["game"])
                assert game.steps.count() == 2  # step 1 resolved, step 2 open: still running
                vp = ruleset.view(game.state, None)["vp"]
                assert p["live_vp"] == {"PRIMUS": vp["PRIMUS"], "SECONDUS": vp["SECONDUS"]}
                row = next(r for r in standings["rows"] if r["player"] == p["primus"])
                assert row["running"][0]["vp"] == vp["PRIMUS"] and row["running"][0]["opponent"] == p["secundus"]
            running_checked = True

        # Round 2: the organiser extends a deadline.
        if number == 2:
            p = rnd["pairings"][3]
            before = open_step(p["game"]).deadline
            answer = org.post(f"{base}/pairings/{p['id']}/extend-deadline/", {"hours": 24, "reason": "flood in Ravenna"}, format="json")
            assert answer.status_code == 200, answer.content
            assert open_step(p["game"]).deadline == before + timedelta(hours=24)
            extended = True

        # Round 3: p16 leaves; p16sub takes over the entry and the running game's seat.
        if number == 3:
            answer = org.post(f"{base}/replace/", {"player": "p16", "replacement": "p16sub", "reason": "moved abroad"}, format="json")
            assert answer.status_code == 200, answer.content
            rnd = org.get(f"{base}/standings/").json()["rounds"][-1]
            p = next(p for p in rnd["pairings"] if "p16sub" in (p["primus"], p["secundus"]))
            assert Seat.objects.get(game_id=p["game"], player=substitute)
            colours["p16sub"] = colours.pop("p16")
            met = {frozenset("p16sub" if n == "p16" else n for n in pair) for pair in met}
            replaced = True

        # Results: absentees run out their deadlines, then forfeit; the rest as scripted.
        for p in rnd["pairings"]:
            absent = [role for role, name in (("PRIMUS", p["primus"]), ("SECONDUS", p["secundus"])) if name in ABSENT]
            if absent:
                loser = absent[0]
                absentee = players[p["primus"] if loser == "PRIMUS" else p["secundus"]]
                seat = Seat.objects.get(game_id=p["game"], player=absentee)
                for _ in range(8):
                    if Seat.objects.get(pk=seat.pk).missed_deadlines:
                        break
                    step = open_step(p["game"])
                    if seat.role in step.roles:
                        Step.objects.filter(pk=step.pk).update(deadline=timezone.now() - timedelta(minutes=1))
                        game_services.steps_sweep()  # the beat's minute sweep: the worker adjudicates
                    else:
                        other = players[p["secundus"] if loser == "PRIMUS" else p["primus"]]
                        prompt = api_for(other).get(f"/api/v1/games/{p['game']}/").json()["prompts"][0]
                        assert api_for(other).post(
                            f"/api/v1/games/{p['game']}/orders/",
                            {"step": prompt["step"], "orders": prompt["default_orders"]}, format="json",
                        ).status_code == 202
                    wait_until(lambda: Step.objects.get(pk=step.pk).status == Step.Status.RESOLVED, timeout=60)
                assert Seat.objects.get(pk=seat.pk).missed_deadlines >= 1
                answer = org.post(f"{base}/pairings/{p['id']}/forfeit/", {"loser": loser, "reason": "no orders"}, format="json")
            else:
                answer = org.post(
                    f"{base}/pairings/{p['id']}/result/",
                    {**scripted_result(p["board"], p["primus"], p["secundus"]), "reason": "reported by both players"},
                    format="json",
                )
            assert answer.status_code == 200, answer.content
            assert Game.objects.get(pk=p["game"]).status == Game.Status.FINISHED

        # Standings after the round: the API agrees with the independent calculation.
        standings = org.get(f"{base}/standings/").json()
        names = [r["player"] for r in standings["rows"]]
        expected = reference_standings(standings["rounds"], names)
        got = [(r["rank"], r["player"], Fraction(r["points"]), Fraction(r["sonneborn_berger"]), r["vp_difference"]) for r in standings["rows"]]
        assert got == expected, f"round {number}"

    assert running_checked and extended and replaced
    assert org.post(f"{base}/rounds/").json()["errors"][0]["code"] == "tournament.pairing-error"
    assert org.get(f"{base}/").json()["status"] == "finished"

    # The audit trail: 5 pairings, 40 results (forfeits and adjustments), one extension,
    # one replacement, each with its actor and reason.
    audit = org.get(f"{base}/audit/").json()
    actions = defaultdict(int)
    for entry in audit:
        actions[entry["action"]] += 1
        assert entry["actor"] == "arbiter"
    forfeits = actions["forfeit"]
    assert forfeits >= 5 and actions["result_adjusted"] + forfeits == 40
    assert actions["round_paired"] == 5 and actions["deadline_extended"] == 1 and actions["player_replaced"] == 1
    assert next(e for e in audit if e["action"] == "player_replaced")["data"]["from"] == "p16"

    # The public page shows the standings and the latest round, and links to the earlier
    # rounds and to the audit trail, each on its own page; the CSV has the same table.
    client.logout()
    page = client.get(f"/tournaments/{tid}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "p16sub" in html and "Round 5" in html
    for number in range(1, 5):
        assert f'href="/tournaments/{tid}/rounds/{number}/"' in html
        round_page = client.get(f"/tournaments/{tid}/rounds/{number}/").content.decode()
        assert f"Round {number}" in round_page and len(re.findall(r'href="/games/\d+/"', round_page)) == 8
    assert f'href="/tournaments/{tid}/audit/"' in html
    trail = client.get(f"/tournaments/{tid}/audit/").content.decode()
    for marker in ("flood in Ravenna", "moved abroad", "no orders"):
        assert marker in trail
    assert trail.count('class="audit-') == len(audit)
    parser = TableParser()
    parser.feed(html)
    page_rows = parser.rows
    csv_rows = list(csv.reader(io.StringIO(client.get(f"/tournaments/{tid}/standings.csv").content.decode())))
    assert len(page_rows) == len(csv_rows) == 17
    assert page_rows[1:] == csv_rows[1:]
    assert csv_rows[0][:3] == ["rank", "player", "points"]
    api_csv = org.get(f"{base}/standings.csv")
    assert api_csv.content.decode() == client.get(f"/tournaments/{tid}/standings.csv").content.decode()

    # Ratings moved for rated (non-forfeit) results; reliability shows the missed deadlines.
    profile = client.get("/api/v1/tournaments/players/p13/").json()
    assert profile["reliability"]["missed"] >= 5 and profile["reliability"]["reliability"] < 1
    assert not profile["ratings"] or profile["ratings"][0]["games"] == 0
    winner = client.get("/api/v1/tournaments/players/p01/").json()
    assert winner["ratings"][0]["ruleset"] == "semper-victor" and winner["ratings"][0]["rating"] > 1500
    assert winner["reliability"]["reliability"] in (None, 1.0)
    assert "p13" in client.get("/tournaments/players/p13/").content.decode()
