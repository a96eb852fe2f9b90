"""Views for the exports pages (see games/urls.py)."""
