"""Every stored game and league keeps the card catalogue it was started with.

Until catalogues had names, a game that named none played with the default of the day. The
default of Quick Baseball changes (one border colour per pitch card), so every stored game and
league that names none now names, by reference, the catalogue it was played with: Quick
Baseball's first reconstruction, Quick Cricket's and Backyard's reconstruction. Their
records, replays and standings read as before. The staff-edited Quick Baseball catalogue that
still holds the first reconstruction as seeded becomes the new default.

The references are written out here (name and digest), not read from the code, so the
migration means the same whatever the defaults become.
"""

from django.db import migrations

BEFORE = {
    "quick-baseball": {"name": "first-reconstruction", "digest": "4a2884a78fc0de88"},
    "quick-cricket": {"name": "reconstruction", "digest": "d8575da1cf66c4ee"},
    "backyard-baseball": {"name": "reconstruction", "digest": "08333bcd95dfb46a"},
}
FIRST_RECONSTRUCTION_DIGEST = "4a2884a78fc0de88"


def _digest(data):
    import hashlib
    import json

    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _rekey(apps, pk):
    """An imported game's key names its catalogue as its options now do (the key of a record
    is taken with its catalogue pinned)."""
    import importlib

    game_key = importlib.import_module("games.migrations.0013_game_key").game_key
    Game = apps.get_model("games", "Game")
    Play = apps.get_model("games", "Play")
    game = Game.objects.filter(pk=pk, game_key__isnull=False).first()
    if game is None:
        return
    plays = Play.objects.filter(game_id=pk).order_by("seq").values_list("payload", flat=True)
    key = game_key(game.kind, game.options, game.sides, plays.iterator())
    Game.objects.filter(pk=pk).update(game_key=key)


def pin(apps, schema_editor):
    for model_name in ("Game", "League"):
        model = apps.get_model("games", model_name)
        rows = model.objects.filter(kind__in=list(BEFORE)).only("pk", "kind", "options")
        for row in rows.iterator():
            options = dict(row.options or {})
            if options.get("catalogue") is not None:
                continue
            options["catalogue"] = dict(BEFORE[row.kind])
            model.objects.filter(pk=row.pk).update(options=options)
            if model_name == "Game":
                _rekey(apps, row.pk)
    catalogue = apps.get_model("games", "CardCatalogue")
    row = catalogue.objects.filter(kind="quick-baseball").first()
    if row is not None and _digest(row.data) == FIRST_RECONSTRUCTION_DIGEST:
        from games.engines.catalogues import named

        row.data = named("quick-baseball", "one-border")
        row.save(update_fields=["data"])


class Migration(migrations.Migration):
    dependencies = [("games", "0014_play_state_json")]

    operations = [migrations.RunPython(pin, migrations.RunPython.noop)]
