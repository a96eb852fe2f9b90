"""``manage.py export_archive DIR``: write every game, league, season, team, fixture and
competition (cups and group stages, their seeds and brackets), and every game's correction
history, as a folder of JSON (docs/backup-format.md describes it);
``import_leagues DIR`` restores it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.archive import backups


class Command(BaseCommand):
    help = (
        "Write every game as its JSON record, plus leagues, seasons, teams, competitions, "
        "fixtures and each game's corrections."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("directory", help="the folder to write the archive into")

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["directory"])
        try:
            counts = backups.export_archive(directory=directory)
        except backups.ArchiveError as exc:
            raise CommandError(str(exc)) from None
        listed = ", ".join(f"{count} {what}" for what, count in counts.items())
        self.stdout.write(f"Wrote {listed} to {directory}.")
