"""Views for the leagues pages (see games/urls.py)."""
