"""``python manage.py serve [addrport]``: Django's development server with the task queue's
worker (``db_worker``) beside it, so that win-probability tables, season data packs and the
swings of finished games are built while you try the site; Ctrl-C stops both. For production,
run gunicorn and ``db_worker`` as processes of their own (docs/deployment.md)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Run the development server and the task queue's worker together."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args: Any, **options: Any) -> None:
        # The development server's autoreloader runs this command again in a child process
        # (RUN_MAIN): only the first one starts the worker.
        worker = None
        if os.environ.get("RUN_MAIN") != "true":
            manage = str(settings.BASE_DIR / "manage.py")
            worker = subprocess.Popen([sys.executable, manage, "db_worker"])
            self.stdout.write(f"Task worker started (process {worker.pid}).")
            # Stopped by a signal, stop the worker too (Ctrl-C reaches both by itself).
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        try:
            call_command("runserver", options["addrport"])
        finally:
            if worker is not None:
                worker.terminate()
                try:
                    worker.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    worker.kill()
