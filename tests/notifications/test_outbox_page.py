import pytest

from notifications.models import Outbox


@pytest.mark.django_db
def test_outbox_page_is_for_staff_only(client, make_player):
    player = make_player()
    Outbox.objects.create(
        recipient=player, address=player.email, subject="Step 3 awaits", text_body="x", dedupe_key="a"
    )
    assert client.get("/dev/outbox/").status_code == 302  # to the login page
    client.force_login(player)
    assert client.get("/dev/outbox/").status_code == 302
    client.force_login(make_player(staff=True))
    page = client.get("/dev/outbox/")
    assert page.status_code == 200
    assert b"Step 3 awaits" in page.content
