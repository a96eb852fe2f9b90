from typing import Any

from django.apps import AppConfig
from django.apps import apps as global_apps
from django.db.models.signals import post_migrate

SEEDED_CATALOGUES = ("quick-baseball", "quick-cricket", "backyard-baseball")


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Receivers that ask the task queue for the long work a write calls for (a new game's
        # or league's win-probability table, the swings of a game that finished).
        from games.archive import jobs  # noqa: F401

        # The leagues keep their stats, standings and brackets up to date with each result
        # scoring reports (``games.scoring.signals.result_changed``).
        from games.leagues import receivers  # noqa: F401

        # The limits' table (Django's database cache) is made by every ``migrate``.
        from scorekeeper.limits_cache import create_cache_tables

        post_migrate.connect(create_cache_tables, sender=self)
        post_migrate.connect(seed_catalogues, sender=self)


def seed_catalogues(
    sender: AppConfig, using: str = "default", apps: Any = None, **kwargs: Any
) -> None:
    """The site's editable cards (one row per game with a catalogue, starting as the built-in
    default) exist after every ``migrate``, and again after a ``flush`` empties the tables."""
    from games.engines.catalogues import default_catalogue

    model = (apps or global_apps).get_model("games", "CardCatalogue")
    for kind in SEEDED_CATALOGUES:
        model.objects.using(using).get_or_create(
            kind=kind, defaults={"data": default_catalogue(kind)}
        )
