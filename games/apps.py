from django.apps import AppConfig
from django.db.models.signals import post_migrate


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
