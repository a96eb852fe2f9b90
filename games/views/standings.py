"""Views for the standings pages (see games/urls.py)."""
