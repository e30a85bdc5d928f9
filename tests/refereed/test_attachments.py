"""Files attached to orders (games/attachments.py): size-limited, sealed like the orders,
readable by their seat and the master once the orders are his, nobody else."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games import attachments, services
from games.errors import OrdersInvalid
from games.models import OrderAttachment, OrderSet
from tests.games.play import open_step


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_seat_attaches_a_log_to_its_orders_and_only_the_master_reads_it(aie_game, players, settings, dispatched,
                                                                        make_player):
    game = aie_game
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 1000
    caesar, pompey, master = (client_of(players[r]) for r in ("cesarien", "republicain", "master"))
    step = open_step(game).number
    page = caesar.get(f"/games/{game.pk}/").content.decode()
    assert 'type="file" name="attachments"' in page and 'enctype="multipart/form-data"' in page
    log = SimpleUploadedFile("turn1.vlog", b"VASSAL log bytes", content_type="application/octet-stream")
    response = caesar.post(f"/games/{game.pk}/", {"step": step, "text": "See my log.", "attachments": [log]})
    assert response.status_code == 302
    stored = OrderSet.objects.get(step__game=game, seat__role="cesarien")
    token = stored.orders["attachments"][0]["id"]
    assert stored.orders["attachments"][0]["name"] == "turn1.vlog" and stored.orders["text"] == "See my log."
    url = f"/games/{game.pk}/attachments/{token}/"
    got = caesar.get(url)
    assert got.status_code == 200 and got.content == b"VASSAL log bytes"
    assert got["Content-Type"] == "application/octet-stream" and got["X-Content-Type-Options"] == "nosniff"
    assert pompey.get(url).status_code == 404
    assert master.get(url).status_code == 404  # sealed until the step closes
    assert client_of(make_player("someone")).get(url).status_code == 404
    assert Client().get(url).status_code in (302, 404)

    # Too large: refused with a clear error, nothing stored.
    big = SimpleUploadedFile("photo.jpg", b"x" * 1001, content_type="image/jpeg")
    response = pompey.post(f"/games/{game.pk}/", {"step": step, "text": "Hold.", "attachments": [big]})
    assert response.status_code == 400 and "attachment.too_large" in response.content.decode()
    assert not OrderAttachment.objects.filter(seat__role="republicain").exists()
    services.order_submit(game=game, player=players["republicain"], step=step, text="Hold.", source="web")
    assert services.step_adjudicate(game_id=game.pk, step_number=step) == "resolved"
    game.refresh_from_db()
    assert master.get(url).status_code == 200
    assert "turn1.vlog" in master.get(f"/games/{game.pk}/desk/").content.decode()
    assert pompey.get(url).status_code == 404


@pytest.mark.django_db
def test_attachment_refusals(aie_game, players, settings):
    game = aie_game
    settings.CURSUS_ATTACHMENT_MAX_BYTES = 50
    caesar = players["cesarien"]
    for code, kwargs in (("attachment.empty", {"data": b""}), ("attachment.too_large", {"data": b"x" * 51})):
        with pytest.raises(OrdersInvalid) as caught:
            attachments.store(game=game, player=caesar, name=kwargs.get("name", "a.txt"), content_type="text/plain",
                              data=kwargs["data"])
        assert caught.value.errors[0]["code"] == code and caught.value.errors[0]["message"]["fr"]
    named = attachments.store(game=game, player=caesar, name="evil\u202egpj.exe", content_type="text/plain", data=b"ok")
    assert named["name"] == "evilgpj.exe"  # the direction character is gone
    for n in range(4):
        attachments.store(game=game, player=caesar, name=f"p{n}.png", content_type="image/png", data=b"png")
    with pytest.raises(OrdersInvalid) as caught:
        attachments.store(game=game, player=caesar, name="p6.png", content_type="image/png", data=b"png")
    assert caught.value.errors[0]["code"] == "attachment.too_many"
    with pytest.raises(OrdersInvalid) as caught:  # the master is not prompted now
        attachments.store(game=game, player=players["master"], name="x.txt", content_type="text/plain", data=b"x")
    assert caught.value.errors[0]["code"] == "attachment.not_now"
    # Orders naming a file the seat did not attach are refused.
    step = open_step(game).number
    with pytest.raises(OrdersInvalid) as caught:
        services.order_submit(game=game, player=players["republicain"], step=step,
                              orders={"text": "x", "attachments": [{"id": "not-mine"}]})
    assert caught.value.errors[0]["code"] == "attachment.unknown"
    assert attachments.clean_name("C:\\Users\\me\\log 1.vlog") == "log 1.vlog"


@pytest.mark.django_db
def test_a_players_files_are_in_their_export_and_emptied_when_they_leave(aie_game, players):
    from operations import privacy

    caesar = players["cesarien"]
    attachments.store(game=aie_game, player=caesar, name="photo.jpg", content_type="image/jpeg", data=b"jpeg bytes")
    exported = privacy.export(user=caesar)["attachments"]
    assert exported[0]["name"] == "photo.jpg" and exported[0]["size"] == 10 and exported[0]["role"] == "cesarien"
    assert privacy.export(user=players["republicain"])["attachments"] == []
    privacy.account_delete(user=caesar)
    row = OrderAttachment.objects.get()
    assert bytes(row.data) == b"" and row.name == "deleted"
