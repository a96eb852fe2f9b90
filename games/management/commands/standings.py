"""``python manage.py standings --league L --season S --format csv|json``: the standings table
of a season, the same rows and columns as its page, for organisers' scripts."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.leagues.standings import find_league, find_season, season_standings

FORMATS = ("csv", "json")


class Command(BaseCommand):
    help = "Print a season's standings table as CSV or JSON (the rows and columns of its page)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", required=True, help="the league's slug or name")
        parser.add_argument("--season", required=True, help="the season's slug or name")
        parser.add_argument("--format", choices=FORMATS, default="csv")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["format"] not in FORMATS:
            raise CommandError(f"--format must be csv or json, not {options['format']!r}")
        league = find_league(name=options["league"])
        if league is None:
            raise CommandError(f"no league {options['league']!r} (give its slug or name)")
        season = find_season(league=league, name=options["season"])
        if season is None:
            known = ", ".join(league.seasons.values_list("slug", flat=True)) or "none yet"
            raise CommandError(
                f"no season {options['season']!r} in {league.name} (its seasons: {known})"
            )
        standings = season_standings(season=season)
        text = standings.to_csv() if options["format"] == "csv" else standings.to_json()
        self.stdout.write(text, ending="")
