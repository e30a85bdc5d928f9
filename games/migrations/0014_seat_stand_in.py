from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0013_order_attachments'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='stand_in',
            field=models.CharField(blank=True, default='', max_length=16, verbose_name='computer stand-in'),
        ),
    ]
