"""``python manage.py bracket --league L --season S --cup C --format json|csv``: a cup's
bracket (and group games), like ``standings`` for a season's table."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from games.leagues.cups.export import bracket_csv, bracket_json
from games.leagues.standings import find_league, find_season

FORMATS = ("csv", "json")


class Command(BaseCommand):
    help = "Print a cup's bracket as JSON or CSV (every tie, its sides and its games)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", required=True, help="the league's slug or name")
        parser.add_argument(
            "--season", help="the season's slug or name (needed when several have the cup)"
        )
        parser.add_argument("--cup", required=True, help="the cup's slug or name")
        parser.add_argument("--format", choices=FORMATS, default="json")

    def handle(self, *args: Any, **options: Any) -> None:
        league = find_league(name=options["league"])
        if league is None:
            raise CommandError(f"no league {options['league']!r} (give its slug or name)")
        named = Q(competitions__slug=options["cup"]) | Q(competitions__name__iexact=options["cup"])
        seasons = league.seasons.filter(named).distinct()
        if options["season"]:
            season = find_season(league=league, name=options["season"])
            if season is None:
                raise CommandError(f"no season {options['season']!r} in {league.name}")
            seasons = seasons.filter(pk=season.pk)
        found = list(seasons)
        if not found:
            raise CommandError(f"no cup {options['cup']!r} in {league.name}")
        if len(found) > 1:
            names = ", ".join(s.slug for s in found)
            raise CommandError(f"{options['cup']!r} is in several seasons ({names}): give --season")
        season = found[0]
        competition = season.competitions.filter(
            Q(slug=options["cup"]) | Q(name__iexact=options["cup"])
        ).get()
        text = (
            bracket_json(competition) if options["format"] == "json" else bracket_csv(competition)
        )
        self.stdout.write(text, ending="")
