"""Files attached to orders by the API (games/api/attachments.py): multipart or base64,
the same limits as the game page's form, clear problem documents, sealed like the orders."""

from __future__ import annotations

import base64

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games import services
from games.models import OrderAttachment, OrderSet
from tests.games.play import open_step


def url(game, token=""):
    return f"/api/v1/games/{game.pk}/orders/attachments/" + (f"{token}/" if token else "")


def problem_errors(response) -> list[dict]:
    body = response.json()
    assert response["Content-Type"].startswith("application/problem+json"), body
    for error in body["errors"]:
        assert error["code"] and "path" in error and error["message"]["en"] and error["message"]["fr"], error
        assert error["message"]["en"] != error["message"]["fr"]
    return body["errors"]


@pytest.mark.django_db
def test_a_seat_attaches_by_multipart_and_base64_and_the_files_join_its_orders(aie_game, players, api_for, settings):
    game = aie_game
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 1000
    caesar, pompey, master = (api_for(players[r]) for r in ("cesarien", "republicain", "master"))
    step = open_step(game).number

    listed = caesar.get(url(game)).json()
    assert listed == {"step": step, "limit": 5, "max_bytes": 1000, "attachments": []}

    log = SimpleUploadedFile("turn 1.vlog", b"VASSAL log", content_type="application/octet-stream")
    response = caesar.post(url(game), {"step": step, "file": log}, format="multipart")
    assert response.status_code == 201, response.content
    first = response.json()
    assert first["name"] == "turn 1.vlog" and first["size"] == 10 and first["content_type"] == "application/octet-stream"
    assert first["url"].endswith(url(game, first["id"]))

    photo = base64.b64encode(b"\x89PNG photo").decode()
    response = caesar.post(url(game), {"step": step, "name": "map.png", "content_type": "image/png; q=1", "data": photo},
                           format="json")
    assert response.status_code == 201, response.content
    second = response.json()
    assert second["content_type"] == "image/png" and second["size"] == 10
    assert [a["id"] for a in caesar.get(url(game)).json()["attachments"]] == [first["id"], second["id"]]

    # The orders submitted next name both files.
    response = caesar.post(f"/api/v1/games/{game.pk}/orders/", {"step": step, "text": "See the log."}, format="json")
    assert response.status_code == 202, response.content
    stored = OrderSet.objects.get(step__game=game, seat__role="cesarien").orders
    assert [a["id"] for a in stored["attachments"]] == [first["id"], second["id"]]

    # Sealed: its seat reads it; the other seat, the master (orders not closed yet) and a
    # stranger get a 404 that says nothing of it.
    got = caesar.get(url(game, second["id"]))
    assert got.status_code == 200 and got.content == b"\x89PNG photo" and got["Content-Type"] == "image/png"
    assert got["X-Content-Type-Options"] == "nosniff"
    for other in (pompey, master):
        hidden = other.get(url(game, second["id"]))
        unknown = other.get(url(game, "x" * len(second["id"])))
        assert hidden.status_code == unknown.status_code == 404
        assert {**hidden.json(), "instance": ""} == {**unknown.json(), "instance": ""}  # nothing told
        assert "map.png" not in other.get(url(game)).content.decode()
    assert master.get(url(game, "no-such-token")).status_code == 404

    # The other seat's orders close the step: the master now reads both files.
    services.order_submit(game=game, player=players["republicain"], step=step, text="Hold.", source="api")
    assert services.step_adjudicate(game_id=game.pk, step_number=step) == "resolved"
    assert master.get(url(game, first["id"])).content == b"VASSAL log"
    assert pompey.get(url(game, first["id"])).status_code == 404
    assert master.get(url(game)).json() == {"step": step + 1, "limit": 0, "max_bytes": 1000, "attachments": []}


@pytest.mark.django_db
def test_refusals_are_problem_documents_in_both_languages_and_write_nothing(aie_game, players, api_for, settings,
                                                                               make_player):
    game = aie_game
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 100
    caesar, master = api_for(players["cesarien"]), api_for(players["master"])
    step = open_step(game).number

    def refused(client, body, fmt="json"):
        response = client.post(url(game), body, format=fmt)
        assert response.status_code in (400, 413, 422), response.content
        return response.status_code, [(e["code"], e["path"]) for e in problem_errors(response)]

    data = base64.b64encode(b"x" * 101).decode()
    assert refused(caesar, {"step": step, "name": "big.jpg", "content_type": "image/jpeg", "data": data}) == \
        (422, [("attachment.too_large", "/data")])
    big = SimpleUploadedFile("big.jpg", b"x" * 101, content_type="image/jpeg")
    assert refused(caesar, {"step": step, "file": big}, "multipart") == (422, [("attachment.too_large", "/file")])
    assert refused(caesar, {"step": step, "data": "not base64!"}) == (422, [("attachment.base64", "/data")])
    blank = caesar.post(url(game), {"step": step, "data": ""}, format="json")  # DRF: the field is required
    assert blank.status_code == 400 and [e["path"] for e in blank.json()["errors"]] == ["/data"]
    assert refused(caesar, {"step": step, "data": base64.b64encode(b"x").decode(), "content_type": "image"}) == \
        (422, [("attachment.type", "/data")])
    assert refused(caesar, {"step": step + 1, "data": base64.b64encode(b"x").decode()}) == \
        (422, [("attachment.other_step", "/step")])
    empty = SimpleUploadedFile("empty.txt", b"", content_type="text/plain")
    assert refused(caesar, {"step": step, "file": empty}, "multipart") == (422, [("attachment.empty", "/file")])
    assert refused(caesar, {"step": step}, "multipart") == (422, [("attachment.missing", "/file")])
    assert refused(master, {"step": step, "data": base64.b64encode(b"x").decode()}) == \
        (422, [("attachment.not_now", "/data")])
    # A body past what one file may take: refused before it is read, with the same words.
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 10
    huge = base64.b64encode(b"y" * 200_000).decode()
    status, codes = refused(caesar, {"step": step, "data": huge})
    assert (status, codes) == (413, [("attachment.too_large", "/file")])
    assert not OrderAttachment.objects.exists()
    # Not seated, not a game of theirs: nothing to attach to.
    stranger = api_for(make_player("stranger"))
    assert stranger.post(url(game), {"step": step, "data": "eA=="}, format="json").status_code == 404
    assert api_for().post(url(game), {"step": step, "data": "eA=="}, format="json").status_code == 401
    # Too many: the sixth file of one order set.
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 100
    for n in range(5):
        ok = caesar.post(url(game), {"step": step, "name": f"p{n}.txt", "data": "eA=="}, format="json")
        assert ok.status_code == 201
    assert refused(caesar, {"step": step, "name": "p6.txt", "data": "eA=="}) == (422, [("attachment.too_many", "/data")])
    assert OrderAttachment.objects.count() == 5


@pytest.mark.django_db
def test_a_master_who_reads_orders_as_they_come_reads_the_files_too(make_player, api_for, monkeypatch):
    monkeypatch.setattr("rules.dice.new_seed", lambda: bytes(range(40, 72)))
    caesar, pompey, referee = make_player("caesar"), make_player("pompey"), make_player("referee")
    game = services.game_create(ruleset="refereed", scenario="alea-iacta-est", options={"master_reads": "live"},
                                created_by=referee, role="master", entropy="referee")
    services.game_join(game=game, player=caesar, role="cesarien", entropy="caesar")
    services.game_join(game=game, player=pompey, role="republicain", entropy="pompey")
    game.refresh_from_db()
    step = open_step(game).number
    made = api_for(caesar).post(url(game), {"step": step, "name": "log.txt", "content_type": "text/plain",
                                            "data": base64.b64encode(b"the log").decode()}, format="json")
    assert made.status_code == 201
    token = made.json()["id"]
    assert api_for(referee).get(url(game, token)).content == b"the log"  # the step is still open
    assert api_for(pompey).get(url(game, token)).status_code == 404
