from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_seat_stand_in'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='practice',
            field=models.BooleanField(default=False, verbose_name='practice game'),
        ),
        migrations.AddField(
            model_name='seat',
            name='computer',
            field=models.CharField(blank=True, default='', max_length=16, verbose_name='computer player'),
        ),
    ]
