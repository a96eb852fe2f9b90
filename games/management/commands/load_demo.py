from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from games.management.demo import DEMO_PASSWORD, DEMO_USER, load_demo
from games.models import League


class Command(BaseCommand):
    help = "Create a demo scorer, games of every kind, and a demo league per game with a season."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--win-games",
            type=int,
            default=0,
            help="also build, with this many simulated games each, the win-probability tables "
            "the demo needs that do not ship with the site (they all do: 0 builds none)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = load_demo()
        if options["win_games"] > 0:
            self.stdout.write("Building the demo's win-probability tables that do not ship...")
            call_command(
                "build_win_tables",
                "--games",
                str(options["win_games"]),
                "--no-progress",
                stdout=self.stdout,
                stderr=self.stderr,
            )
        leagues = League.objects.count()
        self.stdout.write(
            f"Demo data ready: {len(games)} games and {leagues} leagues; log in as "
            f"{DEMO_USER!r} with password {DEMO_PASSWORD!r} to score them and run the leagues."
        )
