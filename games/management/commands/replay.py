"""``manage.py replay FILE``: replay a game record and print its summary as JSON.

Contract (``games/engines/README.md``, "The game record"): on success the summary on stdout,
exit 0; on any bad record or play nothing on stdout, one line on stderr (``play N: …``),
exit 1.

FILE is read through ``games.plumbing.untrusted_files``: a symbolic link is not followed, a FIFO or
device is refused without waiting on it, and so is a file over ``RECORD_LIMIT`` (8 MiB),
text that is not UTF-8, and JSON nested too deeply or holding ``NaN``: each is one line,
``cannot read the record: …``. Standard input (``-``) is read up to the same limit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from games.engines.record import RecordError, ReplayError, from_json, replay
from games.plumbing import untrusted_files


class Command(BaseCommand):
    help = "Replay a game record (FILE, or - for standard input) and print its summary as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="path to a JSON game record, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            summary = replay(from_json(_read(options["file"]))).summary()
        except untrusted_files.UntrustedFileError as exc:
            self.stderr.write(f"cannot read the record: {_one_line(exc)}")
            sys.exit(1)
        except (RecordError, ReplayError) as exc:
            self.stderr.write(_one_line(exc))
            sys.exit(1)
        except Exception as exc:  # a record must never crash replay with a traceback
            self.stderr.write(_one_line(f"cannot replay the record: {type(exc).__name__}: {exc}"))
            sys.exit(1)
        self.stdout.write(json.dumps(summary))


def _read(path: str) -> Any:
    """The decoded JSON of the record at ``path`` (``-``: standard input)."""
    limit = untrusted_files.RECORD_LIMIT
    if path == "-":
        return untrusted_files.parse_json(untrusted_files.read_stream(sys.stdin, limit=limit))
    return untrusted_files.read_json(Path(path), limit=limit)


def _one_line(message: object) -> str:
    return " ".join(str(message).split())
