"""Django's SQLite backend, with writers taking turns through a lock file (``base.py``)."""
