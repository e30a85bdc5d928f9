"""Every page a person sees, rendered for a test (i18n, HTML validation)."""

from __future__ import annotations


def render_all(client, **kwargs) -> dict[str, str]:
    return dict(iter_pages(client, **kwargs))


def iter_pages(client, *, game, player, observer, language: str):
    """``{name: html}`` of every page, in ``language``, for a seated player, an
    observer and a visitor who is not logged in."""
    from games.invitations import invitation_token
    from tests.web.conftest import resolve_open_step

    client.cookies["django_language"] = language

    def get(name, url, **extra):
        client.cookies["django_language"] = language  # logout() clears the cookies
        response = client.get(url, **extra)
        assert response.status_code == 200, (name, url, response.status_code)
        return name, response.content.decode()

    client.logout()
    yield get("sign up", "/accounts/signup/")
    yield get("log in", "/accounts/login/")
    yield get("password reset", "/accounts/password_reset/")
    yield get("password reset sent", "/accounts/password_reset/done/")
    yield get("invitation (visitor)", f"/games/invitations/{invitation_token(game=game, email='x@example.test')}/")
    client.cookies["django_language"] = language
    response = client.post("/accounts/signup/", {"username": "newbie", "email": "newbie@example.test", "password1": "Vexilla-regis-305", "password2": "Vexilla-regis-305"})
    yield "sign up done", response.content.decode()
    client.force_login(player)
    from games import services

    open_game = services.game_create(ruleset=game.ruleset, scenario=game.scenario, options={}, created_by=player)
    yield get("open game (creator)", f"/games/{open_game.pk}/")
    yield get("my games", "/games/")
    yield get("lobby", "/games/lobby/")
    yield get("archive", "/games/archive/")
    yield get("player page", f"/tournaments/players/{player.get_username()}/")
    yield get("new game (semper-victor)", "/games/new/?ruleset=semper-victor")
    yield get("new game (tetrarchia)", "/games/new/?ruleset=tetrarchia")
    yield get("game (player)", f"/games/{game.pk}/")
    yield get("game text (player)", f"/games/{game.pk}/text/")
    # a Tetrarchia game in an emperor's Roman phase: its board, builder, panels and text view
    tetrarchia = services.game_create(ruleset="tetrarchia", scenario="293", created_by=player, role="player-1",
                                      options={"players": 1, "imperivm": True, "patres_patriae": True, "le_grand": True})
    resolve_open_step(tetrarchia)  # the fleets
    yield get("tetrarchia game (player)", f"/games/{tetrarchia.pk}/")
    yield get("tetrarchia game text (player)", f"/games/{tetrarchia.pk}/text/")
    yield get("account", "/accounts/settings/")
    yield get("api token", "/accounts/token/")
    yield get("password change", "/accounts/password_change/")
    step = game.steps.get(status="open")
    client.cookies["django_language"] = language
    check = client.post(f"/games/{game.pk}/orders/check/", {"step": step.number, "text": "pass\nnonsense"})
    yield "order check (fragment)", check.content.decode()
    number = resolve_open_step(game)
    yield get("game after a step (player)", f"/games/{game.pk}/")
    yield get("replay", f"/games/{game.pk}/replay/?step={number}")
    type(game).objects.filter(pk=game.pk).update(public=True)  # an observer watches a public game
    client.force_login(observer)
    yield get("game (observer)", f"/games/{game.pk}/")
    client.logout()
