"""A partial index on the open steps of a game.

Why: "games awaiting me" (games.selectors.games_listing) reads the open steps of every
game of the player, and the game page reads the open steps of one game. Before this
index those lookups went through the (game, number) or game_id indexes, which hold every
step of a game: a finished game keeps its whole history (hundreds of resolved steps), so
each lookup visited all of them to keep the one or two open ones. Measured on the
100,000-game bench database with 200 steps per game for one player's 20 games: 4,040
buffers and 2.7-9.5 ms for that player's open steps through games_step_game_id, 0.4 ms
through this index. The index holds only open steps (about one per active game), so it
stays small and cheap to maintain (a row enters it when its step opens and leaves when the
step resolves). Partial indexes work on PostgreSQL and SQLite alike.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_deadlines_vacations_links"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="step",
            index=models.Index(condition=models.Q(("status", "open")), fields=["game"], name="step_open_game_idx"),
        ),
    ]
