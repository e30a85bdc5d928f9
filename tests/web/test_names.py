"""Names, not identifiers (issue 16, items 10 and 14): the pages and emails name the game
by its ruleset's name and its scenario's title, and the tournament pages name the seats as
the game does (SECONDUS, not SECUNDUS); My games says who is awaited in each game."""

from __future__ import annotations

import re

import pytest

from tests.games.play import player_of, prompted
from tournaments import services as tournaments
from tournaments.models import Pairing


def _cells(html: str, tag: str = "th") -> list[str]:
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", html, re.S)]


@pytest.fixture
def paired(make_player, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "names"}}
    organiser = make_player("arbiter")
    t = tournaments.tournament_create(created_by=organiser, name="Ludi Romani", ruleset="semper-victor", scenario="305", rounds_planned=1)
    for name in ("aurelia", "marcus", "livia", "titus"):
        tournaments.entry_register(tournament=t, player=make_player(name))
    tournaments.round_pair_next(tournament=t, by=organiser)
    return t


@pytest.mark.django_db
def test_tournament_pages_name_the_seats_the_game_and_the_scenario_as_the_game_does(client, paired):
    client.cookies["django_language"] = "en"
    detail = client.get(f"/tournaments/{paired.pk}/").content.decode()
    assert "SECUNDUS" not in detail and ["Board", "PRIMUS", "SECONDUS", "Game", "Result"] == _cells(detail.split('<table class="round">')[1].split("</table>")[0])
    assert "Semper Victor" in detail and "semper-victor 305" not in detail
    round_page = client.get(f"/tournaments/{paired.pk}/rounds/1/").content.decode()
    assert "SECUNDUS" not in round_page and "SECONDUS" in _cells(round_page)
    listing = client.get("/tournaments/").content.decode()
    assert "Semper Victor" in listing and "<td>semper-victor</td>" not in listing
    client.force_login(paired.created_by)
    console = client.get(f"/tournaments/{paired.pk}/console/").content.decode()
    assert "SECUNDUS" not in console and "SECONDUS" in _cells(console)
    game = Pairing.objects.filter(tournament=paired, game__isnull=False).first().game
    profile = client.get(f"/tournaments/players/{game.seats.first().player.username}/").content.decode()
    assert "<td>semper-victor</td>" not in profile


@pytest.mark.django_db
def test_my_games_names_the_ruleset_and_scenario_and_who_is_awaited(client, started_game):
    step, role, _ = prompted(started_game)
    other = next(s.player for s in started_game.seats.all() if s.role != role)
    client.cookies["django_language"] = "en"
    client.force_login(other)
    page = client.get("/games/").content.decode()
    row = next(r for r in re.findall(r"<tr>(.*?)</tr>", page, re.S) if f"/games/{started_game.pk}/" in r)
    cells = _cells(row, "td")
    assert cells[1] == "Semper Victor" and "305" in cells[2] and cells[2] != "305"  # the title, not the id
    assert f"Waiting for {role}" in cells[-1]
    client.force_login(player_of(started_game, role))
    mine = client.get("/games/").content.decode()
    assert "Your orders are awaited" in mine


@pytest.mark.django_db
@pytest.mark.parametrize("slug, label, choice", [
    ("semper-victor", "Who wins an R/R result of the Battle Table", "always the defender"),
    ("tetrarchia", "Difficulty level", "4211: 4 discs per emperor, 2 fleets, 1 additional revolts, 1 armies (normal)"),
])
def test_the_new_game_form_names_each_option_and_explains_each_choice(client, make_player, slug, label, choice):
    client.cookies["django_language"] = "en"
    client.force_login(make_player())
    page = client.get(f"/games/new/?ruleset={slug}").content.decode()
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S))
    assert label in text and choice in text
    from rules import get_ruleset

    for option in get_ruleset(slug).options():
        assert not re.search(rf"<label[^>]*>\s*{re.escape(option['id'])}\s*</label>", page), option["id"]  # a name, not the id
        if "_" in option["id"]:
            assert option["id"] not in text.split(), option["id"]
    assert not re.search(r"\b[A-D]\d+\s*:", text) and not re.search(r"\bL\d{2,}\b", text)  # no decision codes, no line refs


@pytest.mark.django_db
def test_a_visitor_gets_the_home_page_with_the_games_how_it_works_sign_up_and_a_favicon(client, make_player):
    """Issue 16, item 12 (checked on main): what Cursus is, the games it plays by their
    names, how play by email works, sign up; a favicon; a player goes to their games."""
    client.cookies["django_language"] = "en"
    page = client.get("/").content.decode()
    assert "played by email" in page and "How play by email works" in page
    assert "Semper Victor" in page and "Tetrarchia" in page
    assert 'href="/accounts/signup/"' in page
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    from django.contrib.staticfiles import finders

    assert finders.find(icon.split("/static/", 1)[1])
    client.force_login(make_player())
    assert client.get("/")["Location"] == "/games/"


@pytest.mark.django_db
def test_a_tetrarchia_page_has_its_own_furniture_not_semper_victors(client, make_player):
    """Issue 16, item 18 (checked on main): the legend, the standing reactions and the
    panels are the ruleset's; every standing choice offered writes a line the game takes."""
    from games import services

    player = make_player("diocletianus")
    rs = services.ruleset_for("tetrarchia")
    game = services.game_create(ruleset="tetrarchia", scenario=rs.scenarios()[0]["id"], options={"imperivm": True},
                                created_by=player, role=None)
    client.cookies["django_language"] = "en"
    client.force_login(player)
    page = client.get(f"/games/{game.pk}/").content.decode()
    legend = re.search(r'class="legend.*?</(ul|dl|div)>', page, re.S).group(0)
    for sv in ("Usurper", "Plague", "leader", "Stratagem"):
        assert sv not in legend, sv
    assert "Revolt" in legend and "Unrest" in legend
    standing = re.search(r'<details class="standing".*?</details>', page, re.S)
    standing_text = re.sub(r"<[^>]+>", " ", standing.group(0)) if standing else ""
    for sv in ("evade", "Evade", "retreat", "Retreat", "losses", "Losses"):
        assert sv not in standing_text, sv  # Semper Victor's reactions are not Tetrarchia's
    game.refresh_from_db()
    for q in rs.standing(game.state, game.seats.get().role):
        for choice in q.choices:
            orders, problems = rs.parse_orders(choice.text, game.state, game.seats.get().role)
            assert not problems, (choice.text, problems)


@pytest.mark.django_db
def test_the_standing_reactions_are_explained_in_the_games_own_terms(client, make_player):
    """Issue 16, item 18: the help above the standing reactions is the ruleset's (a
    cooperative Tetrarchia has no "other side"); a step without any shows no panel."""
    from games import services

    player = make_player("diocletianus")
    rs = services.ruleset_for("tetrarchia")
    game = services.game_create(ruleset="tetrarchia", scenario=rs.scenarios()[0]["id"], options={"imperivm": True},
                                created_by=player, role=None)
    client.cookies["django_language"] = "en"
    client.force_login(player)
    assert '<details class="standing"' not in client.get(f"/games/{game.pk}/").content.decode()  # the fleets: none
    for _ in range(8):  # into the Roman phase of the emperor who holds an IMPERIVM power
        step = game.steps.get(status="open")
        if rs.standing(game.state, step.prompts[0]["role"]):
            break
        services.order_submit(game=game, player=player, step=step.number, orders=step.prompts[0]["default_orders"])
        services.step_adjudicate(game_id=game.pk, step_number=step.number)
        game.refresh_from_db()
    assert rs.standing(game.state, game.seats.get().role)
    for language, said in (("en", "when the barbarians attack them"), ("fr", "quand les barbares les attaquent")):
        client.cookies["django_language"] = language
        page = client.get(f"/games/{game.pk}/").content.decode()
        standing = re.search(r'<details class="standing".*?</details>', page, re.S).group(0)
        assert said in standing and "other side" not in standing and "autre camp" not in standing, standing[:600]


@pytest.mark.django_db
def test_tetrarchia_seats_are_named_on_the_page_in_my_games_and_in_the_turn_email(client, make_player, django_capture_on_commit_callbacks):
    """Issue 16, item 10: "Player 1", never the role id "player-1"."""
    from games import services
    from notifications import services as notify
    from notifications.models import Outbox

    player = make_player("diocletianus")
    rs = services.ruleset_for("tetrarchia")
    game = services.game_create(ruleset="tetrarchia", scenario=rs.scenarios()[0]["id"], options={}, created_by=player, role=None)
    client.cookies["django_language"] = "en"
    client.force_login(player)
    for url in (f"/games/{game.pk}/", "/games/"):
        page = re.sub(r"<(script|style)\b.*?</\1>", " ", client.get(url).content.decode(), flags=re.S)
        text = re.sub(r"<[^>]+>", " ", page)
        assert "Player 1" in text and "player-1" not in text, (url, [line for line in text.splitlines() if "player-1" in line][:3])
    with django_capture_on_commit_callbacks(execute=False):
        notify.notify_step_opened(game=game, step=game.steps.get(status="open"))
    mail = Outbox.objects.get(kind="turn", recipient=player)
    assert "as Player 1" in mail.text_body and "player-1" not in mail.text_body.split("http")[0]
    assert "player-1" not in mail.subject and mail.subject.startswith("[Cursus] Tetrarchia 293 · diocletianus, step ")  # the game's name
    assert "scenario 293)" not in mail.text_body and rs.scenarios()[0]["title"]["en"] in mail.text_body  # its title


@pytest.mark.django_db
def test_a_tetrarchia_turn_email_describes_the_position_and_the_legal_actions(make_player, django_capture_on_commit_callbacks):
    """Issue 16, item 19 (checked): the facts by name and each legal action with its line,
    never the raw state ("imperium False, passing False, segment 0")."""
    from games import services
    from notifications import services as notify
    from notifications.models import Outbox

    player = make_player("diocletianus")
    rs = services.ruleset_for("tetrarchia")
    game = services.game_create(ruleset="tetrarchia", scenario=rs.scenarios()[0]["id"], options={}, created_by=player, role=None)
    for _ in range(5):  # past the fleets, into an emperor's Roman phase
        step = game.steps.get(status="open")
        if step.prompts[0]["kind"] == "roman_phase":
            break
        services.order_submit(game=game, player=player, step=step.number, orders=step.prompts[0]["default_orders"])
        services.step_adjudicate(game_id=game.pk, step_number=step.number)
        game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=False):
        notify.notify_step_opened(game=game, step=step)
    body = Outbox.objects.get(kind="turn", recipient=player, step=step).text_body
    for raw in ("False", "True", "segment", "passing", "imperium ", "None", "{"):
        assert raw not in body.split("Give your orders here")[0], raw
    assert "PI left" in body and "Roman phase of" in body and "enter roma" in body


@pytest.mark.django_db
def test_a_tetrarchia_seat_is_named_with_the_emperors_it_commands(client, make_player, django_capture_on_commit_callbacks):
    """Issue 16, item 17: wherever a page or an email names a Tetrarchia seat (the seat
    list, who is awaited, the log, My games, the turn email), it says which emperors the
    seat commands (``Ruleset.role_title``), in the reader's language."""
    from games import services
    from notifications import services as notify
    from notifications.models import Outbox

    first, second = make_player("diocletianus"), make_player("constantius", language="fr")
    game = services.game_create(ruleset="tetrarchia", scenario="293", options={"players": 2}, created_by=first, role="player-1")
    services.game_join(game=game, player=second, role="player-2")
    game.refresh_from_db()
    one, two = "Player 1 (Diocletian, Galerius)", "Player 2 (Constantius, Maximian)"
    client.cookies["django_language"] = "en"
    client.force_login(second)  # the fleets: the first seat is awaited
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(f"/games/{game.pk}/").content.decode()))
    assert f"Your seat: {two}" in page
    assert f"{one} (diocletianus)" in page and f"{two} (constantius)" in page  # the seat list
    assert f"Waiting for {one}" in page
    assert f"diocletianus takes the seat {one}." in page  # the log
    listing = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get("/games/").content.decode()))
    assert two in listing and f"Waiting for {one}" in listing
    with django_capture_on_commit_callbacks(execute=False):
        notify.notify_step_opened(game=game, step=game.steps.get(status="open"))
    mail = Outbox.objects.get(kind="turn", recipient=first)
    assert f"as {one}" in mail.text_body and f"as {one}" in mail.subject
    client.cookies["django_language"] = "fr"
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(f"/games/{game.pk}/").content.decode()))
    assert "Joueur 1 (Dioclétien, Galère)" in page and "Joueur 2 (Constance, Maximien)" in page
