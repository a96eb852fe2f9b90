"""``manage.py bench``: measure the site on a temporary database; print a JSON report.

See docs/performance.md for what each figure means.
"""

from __future__ import annotations

import json
import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.bench.run import run


class Command(BaseCommand):
    help = (
        "Benchmark engines, writes and pages on a temporary database (this site's database "
        "is not touched) and print a JSON report on stdout."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        cpus = os.cpu_count() or 2
        parser.add_argument(
            "--quick", action="store_true", help="small games and short runs (for tests)"
        )
        parser.add_argument(
            "--seconds", type=float, help="seconds of load per page (default 10, quick 1)"
        )
        parser.add_argument("--workers", type=int, default=cpus, help="gunicorn workers")
        parser.add_argument("--threads", type=int, default=2, help="gunicorn threads per worker")
        parser.add_argument("--clients", type=int, default=8, help="concurrent load clients")
        parser.add_argument(
            "--client-processes", type=int, default=2, help="processes the clients run in"
        )
        parser.add_argument(
            "--league-games", type=int, help="final games in the standings league (2000)"
        )
        parser.add_argument(
            "--no-win-probability",
            action="store_true",
            help="leave out the win-probability tables (their build and calibration take minutes)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        quick = options["quick"]
        seconds = options["seconds"] or (1.0 if quick else 10.0)
        league_games = options["league_games"] or (40 if quick else 2000)
        for name in ("workers", "threads", "clients", "client_processes"):
            if options[name] < 1:
                raise CommandError(f"--{name.replace('_', '-')} must be at least 1.")
        if seconds <= 0 or league_games < 1:
            raise CommandError("--seconds and --league-games must be positive.")
        report = run(
            quick=quick,
            seconds=seconds,
            workers=options["workers"],
            threads=options["threads"],
            clients=options["clients"],
            processes=min(options["client_processes"], options["clients"]),
            league_games=league_games,
            win_probability=not options["no_win_probability"],
            say=lambda text: self.stderr.write(f"bench: {text}"),
        )
        self.stdout.write(json.dumps(report, indent=2))
