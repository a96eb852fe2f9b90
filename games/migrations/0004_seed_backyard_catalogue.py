from django.db import migrations


def seed(apps, schema_editor):
    from games.engines.catalogues import default_catalogue

    CardCatalogue = apps.get_model("games", "CardCatalogue")
    CardCatalogue.objects.get_or_create(
        kind="backyard-baseball", defaults={"data": default_catalogue("backyard-baseball")}
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0003_seed_cricket_catalogue")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
