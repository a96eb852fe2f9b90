"""Cached database sessions (Django's): read from the cache, else from the database without
the ORM (see ``scorekeeper.sessions``)."""

from django.contrib.sessions.backends import cached_db

from . import FastLoad


class SessionStore(FastLoad, cached_db.SessionStore):
    pass
