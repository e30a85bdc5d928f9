"""Drop the seat table's two single-column foreign-key indexes.

Why: each is the first column of a composite index that serves every query it could:
``games_seat(game_id)`` of seat_unique_role (game_id, role) and seat_unique_player
(game_id, player_id); ``games_seat(player_id)`` of seat_player_idx (player_id, game_id),
which "games awaiting me" uses. The planner took the single-column ones when they were
there (2 and 20 rows, a few buffers); without them it reads the same rows through the
composite ones (bench/results/plans.txt, EXPLAIN ANALYZE on the 100,000-game bench
database), and each new seat maintains two indexes fewer.
Deleting a game (CASCADE) or a user (PROTECT) finds the seats through the composite ones too.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_step_open_game_idx'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name='seat',
            name='game',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='games.game'),
        ),
        migrations.AlterField(
            model_name='seat',
            name='player',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='seats', to=settings.AUTH_USER_MODEL),
        ),
    ]
