"""``python manage.py build_win_tables``: build the win-probability tables the site needs (every
game's default options and the options of every stored game and league), with a progress bar,
then work out the finished games' swings for the comeback lists.

A table that is already current is kept unless ``--force``. A build is stored only when it has
finished, so an interrupted build leaves the table before it in use.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from games.engines import EngineError, all_engines, get
from games.engines.win_probability import Table
from games.engines.win_probability.build import build_table
from games.models import Game, League
from games.win import chances as win_chances
from games.win import shipped
from games.win import tables as win_tables


def needed(kinds: list[str]) -> list[win_tables.TableName]:
    """The tables of ``kinds``: each game's defaults and every stored game's and league's
    options, each table once, in the engines' order."""
    options_seen: list[tuple[str, dict]] = [(kind, {}) for kind in kinds]
    for model in (Game, League):
        for kind, options in model.objects.filter(kind__in=kinds).values_list("kind", "options"):
            options_seen.append((kind, options or {}))
    names: dict[tuple[str, str], win_tables.TableName] = {}
    for kind, options in options_seen:
        name = win_tables.name_for(kind, options)
        if isinstance(name, win_tables.TableName):
            names.setdefault(name.key[:2], name)
    return sorted(names.values(), key=lambda name: kinds.index(name.kind))


class Command(BaseCommand):
    help = "Build the win-probability tables the site needs (by simulating games)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", action="append", help="only this game id (repeatable)")
        parser.add_argument(
            "--options", help="build only the table of these options (a JSON object)"
        )
        parser.add_argument("--games", type=int, help="simulated games per table")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--force", action="store_true", help="rebuild current tables too")
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument(
            "--ship",
            action="store_true",
            help="build the tables that ship with the site (games/win/shipped/) instead",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = options["game"] or [engine.id for engine in all_engines()]
        for kind in kinds:
            try:
                get(kind)
            except EngineError as exc:
                raise CommandError(str(exc)) from None
        if options["games"] is not None and options["games"] < 1:
            raise CommandError("--games must be at least 1")
        if options["ship"]:
            self._ship(options)
            return
        names = self._names(kinds, options["options"])
        for name in names:
            current = win_tables.is_current(name)
            if current and not options["force"]:
                self.stdout.write(f"{name.kind} {json.dumps(dict(name.options))}: current")
                continue
            with self._progress(name, options) as progress:
                row = win_tables.build_and_store(
                    name,
                    games=options["games"],
                    seed=options["seed"],
                    workers=max(1, options["workers"]),
                    progress=progress,
                )
            self.stdout.write(
                f"{name.kind} {json.dumps(dict(name.options))}: {row.games} games"
                f" in {row.seconds:.1f} s"
            )
        missing = win_chances.refresh_swings(Game.objects.filter(kind__in=kinds), budget=None)
        self.stdout.write(f"swings worked out; {missing} finished games without a figure")

    def _ship(self, options: dict[str, Any]) -> None:
        """Build every shipped table (kept ones that are current, unless ``--force``) and
        write the set with its index. The current ones are read first: writing the set
        after each build replaces the folder, and must not drop a table still to be read."""
        index = shipped.read_index()
        tables = []
        stale = []
        for kind, table_options in shipped.SHIPPED:
            name = win_tables.name_for(kind, table_options)
            if isinstance(name, win_tables.Unavailable):
                raise CommandError(f"{kind}: {name.reason}")
            if name in stale or any(
                t.game_id == kind and dict(t.options) == dict(name.options) for t in tables
            ):
                continue  # a demo's options equal to the defaults
            key = name.key
            kept = shipped.load(*key) if not options["force"] else None
            if kept is not None and key[:2] in index:
                self.stdout.write(f"{kind} {json.dumps(dict(name.options))}: current")
                tables.append(kept)
            else:
                stale.append(name)
        for name in stale:
            table = self._build_one(name, options)
            tables.append(table)
            self.stdout.write(
                f"{name.kind} {json.dumps(dict(name.options))}: {table.games} games"
                f" in {table.seconds:.1f} s"
            )
            shipped.write(tables)  # after each table, so an interrupted run keeps its work
        shipped.write(tables)

    @contextmanager
    def _progress(
        self, name: win_tables.TableName, options: dict[str, Any]
    ) -> Iterator[Callable[[int, int], None]]:
        """A progress bar for one table's build, as the callback ``build_table`` reports to."""
        with tqdm(
            desc=name.kind, unit="game", disable=options["no_progress"], file=self.stderr
        ) as bar:

            def progress(done: int, total: int) -> None:
                bar.total = total
                bar.update(done - bar.n)

            yield progress

    def _build_one(self, name: win_tables.TableName, options: dict[str, Any]) -> Table:
        with self._progress(name, options) as progress:
            return build_table(
                name.kind,
                name.options,
                games=options["games"],
                seed=options["seed"],
                workers=max(1, options["workers"]),
                progress=progress,
            )

    def _names(self, kinds: list[str], raw: str | None) -> list[win_tables.TableName]:
        if raw is None:
            return needed(kinds)
        try:
            options = json.loads(raw)
        except ValueError as exc:
            raise CommandError(f"--options is not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise CommandError("--options must be a JSON object")
        names = []
        for kind in kinds:
            name = win_tables.name_for(kind, options)
            if isinstance(name, win_tables.Unavailable):
                raise CommandError(f"{kind}: {name.reason}")
            names.append(name)
        return names
