"""Django's ``ModelBackend``, loading the signed-in user (on every request that looks at
``request.user``) with one plain SQL query instead of the ORM (``scorekeeper.rows``).
Passwords, permissions and the checks on the session are Django's own."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import backends, get_user_model

from .rows import get_by_key


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        user = get_by_key(get_user_model(), user_id)
        return user if user is not None and self.user_can_authenticate(user) else None
