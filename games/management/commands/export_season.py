"""``manage.py export_season --league L --season S DIR|FILE.zip``: write a season's data pack
(``games.archive.season_pack``): a path ending in ``.zip`` gets the zip the site serves at
``/leagues/<league>/<season>/data.zip``, any other path a folder of the same files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.archive import season_pack
from games.leagues.standings import find_league, find_season


class Command(BaseCommand):
    help = (
        "Write a season's data pack (game records, Cricsheet and Retrosheet files, standings "
        "and stats) into a folder, or into a zip when the path ends in .zip."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--league", required=True, help="the league's slug or name")
        parser.add_argument("--season", required=True, help="the season's slug or name")
        parser.add_argument("path", help="a folder to write into, or a file ending in .zip")

    def handle(self, *args: Any, **options: Any) -> None:
        league = find_league(name=options["league"])
        if league is None:
            raise CommandError(f"no league {options['league']!r} (give its slug or name)")
        season = find_season(league=league, name=options["season"])
        if season is None:
            known = ", ".join(league.seasons.values_list("slug", flat=True)) or "none yet"
            raise CommandError(
                f"no season {options['season']!r} in {league.name} (its seasons: {known})"
            )
        path = Path(options["path"])
        try:
            if path.suffix.lower() == ".zip":
                names = season_pack.write_zip(season, path)
            else:
                names = season_pack.write_directory(season, path)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None
        self.stdout.write(f"Wrote {len(names)} files of {league.name} {season.name} to {path}.")
