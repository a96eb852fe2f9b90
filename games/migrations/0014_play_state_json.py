"""A play's stored board state becomes signed JSON data instead of a signed pickle
(``games.scoring.board``). Stored states are not converted: the board is derived from the log,
and a play with no state is replayed and written again when next read."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_game_key"),
    ]

    operations = [
        migrations.RemoveField(model_name="play", name="state"),
        migrations.AddField(
            model_name="play",
            name="state",
            field=models.JSONField(
                editable=False,
                help_text="the engine state after the play, as signed JSON data",
                null=True,
            ),
        ),
    ]
