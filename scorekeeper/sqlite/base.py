"""Django's SQLite backend, with write transactions queued on a lock file.

Every write transaction here starts with ``BEGIN IMMEDIATE``. When another connection holds
the write lock, SQLite's busy handler sleeps and retries (1, 2, 5, 10, 15, 20, 25 … ms), so
a writer that arrives while another commits often waits several milliseconds for a lock held
for a fraction of one, and under a burst of taps some wait over 100 ms. Here a writer first
takes an exclusive ``flock`` on ``<database>-writers`` (next to the ``-wal`` and ``-shm``
files), which the kernel hands to the next waiting writer the moment the last one commits or
rolls back; ``BEGIN IMMEDIATE`` then finds SQLite's lock free. The kernel drops the lock of a
process that dies, so a crash never leaves the queue blocked.

Writes outside a transaction (single autocommit statements) and in-memory databases (tests)
skip the queue and rely on SQLite's busy handler as before, as does a connection whose thread
already holds the queue through another connection to the same file (it would wait on
itself).
"""

from __future__ import annotations

import fcntl
import os
import threading
from typing import Any

from django.db.backends.sqlite3 import base

_held = threading.local()  # lock-file paths this thread holds the queue for


class DatabaseWrapper(base.DatabaseWrapper):
    _queue_file: int | None = None
    _queue_path: str = ""
    _in_queue: bool = False

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        connection = super().get_new_connection(conn_params)
        if not self.is_in_memory_db():
            self._queue_path = f"{self.settings_dict['NAME']}-writers"
        return connection

    def _start_transaction_under_autocommit(self) -> None:
        self._join_queue()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave_queue()
            raise

    def _commit(self) -> Any:
        try:
            return super()._commit()
        finally:
            self._leave_queue()

    def _rollback(self) -> Any:
        try:
            return super()._rollback()
        finally:
            self._leave_queue()

    def _close(self) -> Any:
        try:
            return super()._close()
        finally:
            self._leave_queue()
            if self._queue_file is not None:
                os.close(self._queue_file)
                self._queue_file = None

    def _join_queue(self) -> None:
        held = _held.__dict__.setdefault("paths", set())
        if not self._queue_path or self._queue_path in held:
            return
        if self._queue_file is None:
            self._queue_file = os.open(self._queue_path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self._queue_file, fcntl.LOCK_EX)
        held.add(self._queue_path)
        self._in_queue = True

    def _leave_queue(self) -> None:
        if not self._in_queue:
            return
        self._in_queue = False
        _held.__dict__.get("paths", set()).discard(self._queue_path)
        fcntl.flock(self._queue_file, fcntl.LOCK_UN)
