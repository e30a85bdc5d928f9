from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion


def seats_of_existing_pairings(apps, schema_editor):
    """Every pairing paired before tables existed was PRIMUS against SECONDUS."""
    Pairing = apps.get_model("tournaments", "Pairing")
    for pairing in Pairing.objects.filter(secundus__isnull=False).only("id", "primus_id", "secundus_id"):
        pairing.seats = [["PRIMUS", pairing.primus_id], ["SECONDUS", pairing.secundus_id]]
        pairing.save(update_fields=["seats"])


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('tournaments', '0004_audit_player_withdrawn'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='table_size',
            field=models.PositiveSmallIntegerField(default=2, verbose_name='players per table'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='referee',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='game master'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='place_points',
            field=models.JSONField(blank=True, default=list, verbose_name='points per place'),
        ),
        migrations.AddField(
            model_name='pairing',
            name='seats',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(seats_of_existing_pairings, migrations.RunPython.noop),
    ]
