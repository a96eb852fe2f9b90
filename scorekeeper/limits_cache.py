"""Where the site's limits are counted: the ``limits`` cache (``settings.CACHES["limits"]``).

Counted there: the open-data API's rate limit (a django-ninja throttle,
``games.api.throttling``), the sign-up limit (django-ratelimit, ``RATELIMIT_USE_CACHE``), and
the log-in guard's own counters (a known device's failures, the moment a locked pair unlocks:
``scorekeeper.login_guard``; django-axes' own counters too when it counts in a cache,
``AXES_CACHE``). A limit must be counted once for the whole site, not
once per worker process, or each of N workers lets the limit's worth through.

- With ``CACHE_URL``: the ``limits`` alias is the shared Redis cache (atomic increments).
- Without it: ``LimitsCache``, Django's database cache with an atomic ``incr``, in a table
  every process (and every app server on one database) shares. Its table is made by Django's
  ``createcachetable``, called after every ``migrate`` (``create_cache_tables``), so a new
  database needs no other step.

Why not Django's ``DatabaseCache`` as it is: its ``incr`` is a read then a write, so two
requests racing each other both read n and both write n + 1. Measured with gunicorn (two
workers, two threads each) and a limit of 300 an hour, 310 to 332 of 700 requests got through
(the README's "Deployment"). Its ``incr`` also resets the key's expiry to the default timeout,
which would shorten a 15-minute count to 5. ``LimitsCache.incr`` takes the row's write lock
first and keeps the expiry: exactly 300 got through. Django's ``FileBasedCache`` has the same
read-then-write ``incr`` (and would not be shared by app servers on other machines).
"""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections, router, transaction
from django.utils.timezone import now as tz_now

LIMITS = "limits"  # the cache alias


class LimitsCache(DatabaseCache):
    """Django's database cache whose ``incr`` is atomic across processes and keeps the key's
    expiry, and whose ``add`` of a key that is there already is one read (what the API's
    throttle and django-ratelimit do for every request counted: ``add`` the window's key, and
    ``incr`` it when it was there)."""

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        # Django's ``add`` finds out that a key is there by failing to insert it (a refused
        # statement, which PostgreSQL logs as an error), after counting the table's rows.
        if self.has_key(key, version=version):
            return False
        return super().add(key, value, timeout, version)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table, cache_key = quote(self._table), quote("cache_key")
        value, expires = quote("value"), quote("expires")
        now = connection.ops.adapt_datetimefield_value(tz_now().replace(microsecond=0, tzinfo=None))
        with transaction.atomic(using=db), connection.cursor() as cursor:
            # A write first: it takes the row's lock (PostgreSQL) or the database's write
            # lock (SQLite) before the count is read, so no other increment reads it between.
            cursor.execute(
                f"UPDATE {table} SET {expires} = {expires} WHERE {cache_key} = %s"
                f" AND {expires} > %s",
                [key, now],
            )
            if cursor.rowcount != 1:
                raise ValueError(f"Key '{key}' not found")
            cursor.execute(f"SELECT {value} FROM {table} WHERE {cache_key} = %s", [key])
            stored = connection.ops.process_clob(cursor.fetchone()[0])
            counted = pickle.loads(base64.b64decode(stored.encode())) + delta
            pickled = base64.b64encode(pickle.dumps(counted, self.pickle_protocol))
            cursor.execute(
                f"UPDATE {table} SET {value} = %s WHERE {cache_key} = %s",
                [pickled.decode("latin1"), key],
            )
        return counted


def create_cache_tables(using: str = DEFAULT_DB_ALIAS, verbosity: int = 1, **kwargs: Any) -> None:
    """After ``migrate`` (Django's ``post_migrate``): the tables of the database caches in
    ``settings.CACHES``, as ``manage.py createcachetable`` makes them (none when every cache
    is elsewhere; an existing table is left as it is)."""
    call_command("createcachetable", database=using, verbosity=verbosity if verbosity > 1 else 0)
