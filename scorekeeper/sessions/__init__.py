"""Session stores that read the session row with one plain SQL query (``scorekeeper.rows``)
instead of the ORM: every signed-in request reads its session. Writing, expiry and everything
else are Django's own.

``SESSION_ENGINE`` names ``scorekeeper.sessions.db`` or, with a shared cache,
``scorekeeper.sessions.cached_db``.
"""

from __future__ import annotations

import logging

from django.core.exceptions import SuspiciousOperation
from django.utils import timezone

from ..rows import get_by_key


class FastLoad:
    """Mixin for Django's database session stores: the same lookup, without the ORM."""

    def _get_session_from_db(self):  # noqa: ANN202 (Django's signature)
        try:
            if not self.session_key:
                raise self.model.DoesNotExist
            found = get_by_key(self.model, self.session_key, expire_date__gt=timezone.now())
            if found is None:
                raise self.model.DoesNotExist
            return found
        except (self.model.DoesNotExist, SuspiciousOperation) as e:
            if isinstance(e, SuspiciousOperation):
                logging.getLogger(f"django.security.{e.__class__.__name__}").warning(str(e))
            self._session_key = None
