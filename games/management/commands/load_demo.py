from typing import Any

from django.core.management.base import BaseCommand

from games.management.demo import DEMO_PASSWORD, DEMO_USER, load_demo
from games.models import League


class Command(BaseCommand):
    help = "Create a demo scorer, games of every kind, and a demo league per game with a season."

    def handle(self, *args: Any, **options: Any) -> None:
        games = load_demo()
        leagues = League.objects.count()
        self.stdout.write(
            f"Demo data ready: {len(games)} games and {leagues} leagues; log in as "
            f"{DEMO_USER!r} with password {DEMO_PASSWORD!r} to score them and run the leagues."
        )
