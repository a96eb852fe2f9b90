"""The open-data API (``/api/v1/``): read-only JSON of everything the public pages show,
built with django-ninja (``app``: the API and its limits; ``league_routes`` and
``game_routes``: the operations; ``schemas``: what they answer; ``rows``: stored rows as the
API shows them; ``paging``: django-ninja's paginator for the lists; ``throttling``: the rate
limit, a django-ninja throttle; ``games.plumbing.revalidation``: ETags and 304s)."""

from games.api.app import api, index, not_found, urls
from games.api.game_routes import router as game_router
from games.api.league_routes import router as league_router

api.add_router("", league_router)
api.add_router("", game_router)

__all__ = ["api", "index", "not_found", "urls"]
