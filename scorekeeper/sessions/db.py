"""Database sessions (Django's), read without the ORM (see ``scorekeeper.sessions``)."""

from django.contrib.sessions.backends import db

from . import FastLoad


class SessionStore(FastLoad, db.SessionStore):
    pass
