from django.db import migrations


def seed(apps, schema_editor):
    from games.engines.catalogues import default_catalogue

    CardCatalogue = apps.get_model("games", "CardCatalogue")
    CardCatalogue.objects.get_or_create(
        kind="quick-cricket", defaults={"data": default_catalogue("quick-cricket")}
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0002_seed_catalogues")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
