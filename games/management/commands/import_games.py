"""``manage.py import_games PATH --league L --season S``: import finished games from JSON records.

PATH is one record or a folder of ``*.json`` records (imported in name order). Each file gets
one line: imported (on stdout), already imported (stdout) or bad with its reason (stderr),
then a count. A record whose sides are not two of the league's teams (one, for solitaire) is
imported as a friendly, out of the standings: its line says why (``unknown side 'Cardnals'
(did you mean 'Cardinals'?)``) and the summary counts the friendlies and names their unknown
sides. With ``--strict`` such a record is refused instead (on stderr, nothing written for
that file); the other files are still imported, and the exit status is 1. Exit status 0
when every file was imported or already there, 1 when any was bad or refused or the league,
season, user or path is not found.

With ``--cup C`` (and ``--round N``) each record is a game of that cup: the game one of its
ties is waiting for, with the record's sides in batting order; a record that fits none (teams
not drawn to meet, a decided tie, another round) is bad, with where the teams stand.

A progress bar is drawn on stderr when it is a terminal (or with ``--progress``). The work
is ``games.archive.imports``'.

Files are read as ``games.plumbing.untrusted_files`` reads them: a ``*.json`` that is a
symbolic link (``bad PATH: a symbolic link, not followed``), a FIFO or a device, a file over
8 MiB, text that is not UTF-8 and JSON nested too deeply or holding ``NaN`` are each a bad
file with its reason, and the other files are still imported. A folder named as PATH may be a link.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.archive import imports
from games.models import League

BAR_WIDTH = 30


class Command(BaseCommand):
    help = (
        "Import finished games from a JSON game record or a folder of them into a season. A "
        "record whose sides are not the league's teams is imported as a friendly (not in the "
        "standings) and the summary names its unknown sides; with --strict it is refused."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="a JSON game record, or a folder of *.json records")
        parser.add_argument("--league", required=True, help="the league's slug or name")
        parser.add_argument("--season", required=True, help="the season's slug or name")
        parser.add_argument(
            "--user", help="username the games are created by (default: the first superuser)"
        )
        parser.add_argument(
            "--progress", action="store_true", help="draw the progress bar even when not a tty"
        )
        parser.add_argument(
            "--cup",
            help="a cup of the season (slug or name): each record must be a game one of its "
            "ties is waiting for, sides in batting order, or it is refused as bad",
        )
        parser.add_argument(
            "--round",
            type=int,
            help="with --cup: the knockout round (1 = the first) the records are for; a record "
            "for a tie of another round is refused",
        )
        parser.add_argument(
            "--strict",
            action="store_true",
            help="refuse a record whose sides are not the league's teams (a friendly): nothing "
            "is written for that file, the others are imported, and the exit status is 1",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        league = _find(League.objects.all(), options["league"], "league")
        season = _find(league.seasons.all(), options["season"], f"season of {league.name}")
        user = _user(options["user"])
        cup = None
        if options["cup"]:
            competition = _find(season.competitions.all(), options["cup"], f"cup of {season}")
            cup = imports.CupTarget(competition, options["round"])
        elif options["round"] is not None:
            raise CommandError("--round goes with --cup")
        try:
            paths = imports.record_files(Path(options["path"]))
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from None
        if not paths:
            self.stdout.write(f"No .json records in {options['path']}: nothing to import.")
            return
        bar = _Bar(self.stderr, len(paths)) if options["progress"] or _tty(self.stderr) else None
        counts = {"imported": 0, "duplicate": 0, "bad": 0, "refused": 0}
        friendlies: list[str] = []
        for result in imports.import_paths(
            paths=paths,
            season=season,
            user=user,
            progress=bar.update if bar else None,
            strict=options["strict"],
            cup=cup,
        ):
            counts[result.status] += 1
            if bar:
                bar.clear()
            if result.friendly:
                friendlies.append(f"  {result.path.name}: {result.friendly}")
            if result.status == "bad":
                self.stderr.write(f"bad {result.path}: {result.message}")
            elif result.status == "refused":
                self.stderr.write(f"refused {result.path}: {result.message}")
            elif result.status == "duplicate":
                self.stdout.write(f"skipped {result.path}: {result.message}")
            else:
                self.stdout.write(f"imported {result.path}: {result.message}")
        if bar:
            bar.finish()
        refused = f", {counts['refused']} refused (friendlies)" if options["strict"] else ""
        self.stdout.write(
            f"{counts['imported']} imported, {counts['duplicate']} already imported, "
            f"{counts['bad']} bad{refused}, into {league.name} {season.name}."
        )
        if friendlies:
            self.stdout.write(
                f"{len(friendlies)} of them imported as friendlies, not in the standings (use "
                "--strict to refuse them):\n" + "\n".join(friendlies)
            )
        if counts["bad"] or counts["refused"]:
            sys.exit(1)


def _find(queryset: Any, key: str, what: str) -> Any:
    found = queryset.filter(slug=key).first() or queryset.filter(name__iexact=key).first()
    if found is None:
        raise CommandError(f"no {what} called {key!r}")
    return found


def _user(username: str | None) -> Any:
    if username is None:
        return imports.import_user()
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"no user called {username!r}")
    return user


def _tty(stream: Any) -> bool:
    return bool(stream.isatty())


class _Bar:
    """A one-line text bar redrawn in place with a carriage return."""

    def __init__(self, stream: Any, total: int):
        self.stream, self.total, self.shown = stream, total, ""
        self.update(0, None)

    def update(self, done: int, path: Path | None) -> None:
        filled = BAR_WIDTH * done // self.total
        name = path.name if path else ""
        self.shown = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{self.total} {name}"
        self._write("\r" + self.shown)
        self.stream.flush()

    def clear(self) -> None:
        self._write("\r" + " " * len(self.shown) + "\r")

    def finish(self) -> None:
        self._write("\n")

    def _write(self, text: str) -> None:
        # Plain text: stderr's default style (red, on a terminal) is for the bad files.
        self.stream.write(text, style_func=str, ending="")
