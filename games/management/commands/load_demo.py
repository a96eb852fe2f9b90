from typing import Any

from django.core.management.base import BaseCommand

from games.demo import DEMO_PASSWORD, DEMO_USER, load_demo


class Command(BaseCommand):
    help = (
        "Create a demo scorer with a finished and a live game of Quick Baseball and Quick Cricket."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        games = load_demo()
        self.stdout.write(
            f"Demo data ready: {len(games)} games; log in as {DEMO_USER!r} "
            f"with password {DEMO_PASSWORD!r} to score them."
        )
