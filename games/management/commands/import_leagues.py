"""``manage.py import_leagues DIR``: restore an archive written by ``export_archive`` into a
fresh database: leagues, seasons, teams, competitions (cups and group stages, their seeds
and brackets), fixtures, and every game (finished, in progress, voided, friendlies) with its
stats and correction history. docs/backup-format.md says what is and is not kept.

A game that cannot be restored gets one line on stderr and the exit status is 1; an archive
that cannot be read, or a database that already holds leagues or games, stops the command
with one line and nothing written.

The archive is not trusted (docs/backup-format.md, "What a restore checks"): a
``manifest.json`` or ``leagues.json`` that is a symbolic link, a FIFO or a device, over its
size limit, not UTF-8, not JSON or nested too deeply, or a ``leagues.json`` with a value of
the wrong type anywhere, stops the command the same way; a game file that is refused (a
link, a name outside ``games/``, too large) is a ``bad`` line and the rest is restored.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.archive import backups


class Command(BaseCommand):
    help = (
        "Restore leagues, seasons, teams, competitions, fixtures and games from an "
        "export_archive folder."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("directory", help="a folder written by export_archive")

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["directory"])
        if not directory.is_dir():
            raise CommandError(f"no such folder: {directory}")
        try:
            report = backups.restore_archive(directory=directory)
        except backups.ArchiveError as exc:
            raise CommandError(" ".join(str(exc).split())) from None
        for problem in report.problems:
            self.stderr.write(f"bad {problem}")
        listed = ", ".join(f"{count} {what}" for what, count in report.counts.items())
        self.stdout.write(f"Restored {listed} from {directory}.")
        if report.created_users:
            self.stdout.write(
                "Created inactive users (no password) for names in the correction history "
                f"that this site does not have: {', '.join(report.created_users)}."
            )
        if report.problems:
            sys.exit(1)
