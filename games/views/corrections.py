"""Views for correcting earlier plays (see games/urls.py)."""
