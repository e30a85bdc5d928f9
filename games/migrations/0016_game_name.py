"""Games have a name (games/naming.py): the creator's choice, or the ruleset's name, the
scenario and the seat holders. Games already stored get that default."""

from django.db import migrations, models


def _ruleset_name(slug):
    try:
        from rules.registry import get_ruleset

        return get_ruleset(slug).name.as_dict().get("en") or slug
    except Exception:  # an engine no longer installed: its slug names it
        return slug


def name_games(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    for game in Game.objects.filter(name="").only("pk", "ruleset", "scenario").iterator():
        holders = list(Seat.objects.filter(game_id=game.pk).order_by("position", "pk")
                       .values_list("player__username", flat=True))
        head = f"{_ruleset_name(game.ruleset)} {game.scenario}".strip()
        name = f"{head} · {', '.join(holders)}" if holders else head
        if len(name) > 100:
            name = name[:99].rstrip() + "…"
        Game.objects.filter(pk=game.pk).update(name=name)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0015_practice_computer_seats"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="name",
            field=models.CharField(blank=True, max_length=100, verbose_name="name"),
        ),
        migrations.AddField(
            model_name="game",
            name="name_chosen",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(name_games, migrations.RunPython.noop),
    ]
