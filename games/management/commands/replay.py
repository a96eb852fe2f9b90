"""``manage.py replay FILE``: replay a game record and print its summary as JSON.

Contract (``../shared/rules/README.md``): on success the summary on stdout, exit 0; on any
bad record or play nothing on stdout, one line on stderr (``play N: …``), exit 1.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

from games.engines.record import RecordError, ReplayError, loads, replay


class Command(BaseCommand):
    help = "Replay a game record (FILE, or - for standard input) and print its summary as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="path to a JSON game record, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = _read(options["file"])
            summary = replay(loads(text)).summary()
        except (RecordError, ReplayError, OSError, UnicodeDecodeError) as exc:
            self.stderr.write(_one_line(exc))
            sys.exit(1)
        except Exception as exc:  # a record must never crash replay with a traceback
            self.stderr.write(f"cannot replay the record: {type(exc).__name__}: {exc}")
            sys.exit(1)
        self.stdout.write(json.dumps(summary))


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _one_line(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return f"cannot read the record: {exc.strerror or exc}"
    return " ".join(str(exc).split())
