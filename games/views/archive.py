"""Views for the archive pages (see games/urls.py)."""
