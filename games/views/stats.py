"""Views for the stats pages (see games/urls.py)."""
