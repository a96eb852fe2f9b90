from django.db import migrations

SEEDED = ("quick-baseball",)


def seed(apps, schema_editor):
    from games.engines.catalogues import default_catalogue

    CardCatalogue = apps.get_model("games", "CardCatalogue")
    for kind in SEEDED:
        CardCatalogue.objects.get_or_create(kind=kind, defaults={"data": default_catalogue(kind)})


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
