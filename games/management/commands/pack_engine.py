"""``python manage.py pack_engine``: build what the scoring screen's local engine loads.

Packs ``games/engines/`` and the tap readers (``games/kinds/taps/``) into
``games/static/games/engine/engines.zip`` (kept in the repository; the suite fails while it
differs from the source) and puts Pyodide's files beside it, fetched with ``npm pack`` from
the npm registry, checksum checked, its standard library cut down and, like the packed
engines, compiled to bytecode by Pyodide's own Python under Node.js
(``games.plumbing.browser_engine``, ``games.plumbing.pyodide_stdlib``). Each step does nothing
when its files are current. Without npm or Node.js it says so and stops, status 0: the site
works without the local engine (``--strict`` makes that an error).

``--check`` writes nothing: exit status 1, naming the files, when the packed engines differ
from the source. ``--engines-only`` skips Pyodide.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.plumbing import browser_engine


class Command(BaseCommand):
    help = "Pack the engines and fetch Pyodide for the scoring screen's local engine."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="Only say whether the packed engines are current."
        )
        parser.add_argument(
            "--engines-only", action="store_true", help="Pack the engines; leave Pyodide alone."
        )
        parser.add_argument(
            "--strict",
            action="store_true",
            help="Fail (exit status 1) when Pyodide cannot be fetched or compiled.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["check"]:
            stale = browser_engine.stale_members()
            if stale:
                raise CommandError(
                    "The packed engines differ from games/engines/ and games/kinds/taps/ in: "
                    + ", ".join(stale)
                    + ". Run: python manage.py pack_engine"
                )
            self.stdout.write("The packed engines are current.")
            return
        written = browser_engine.write_engines_zip()
        where = browser_engine.ENGINES_ZIP
        self.stdout.write(f"{'Packed' if written else 'Already current:'} {where}")
        if options["engines_only"]:
            return
        try:
            fetched = browser_engine.fetch_pyodide()
            compiled = browser_engine.compile_engines()
        except browser_engine.PackError as error:
            if options["strict"]:
                raise CommandError(str(error)) from None
            self.stderr.write(
                f"{error}\nThe scoring screens will score through the server only, as they do "
                "until a tablet's engine is ready."
            )
            return
        version = browser_engine.PYODIDE_VERSION
        folder = browser_engine.PYODIDE_DIR
        self.stdout.write(
            f"{'Fetched' if fetched else 'Already there:'} Pyodide {version} in {folder}"
        )
        where = browser_engine.compiled_engines()
        self.stdout.write(f"{'Compiled' if compiled else 'Already current:'} {where}")
