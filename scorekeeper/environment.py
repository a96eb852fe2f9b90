"""The site's reader of environment variables: django-environ's ``Env`` with the house rules.

- A variable set to nothing (or only spaces) counts as unset: its default applies.
- A value is taken as written. (django-environ on its own reads a value that starts with ``$``
  as the name of another variable; a generated secret key may start with ``$``.)
- A flag is on for ``1``, ``true``, ``yes`` or ``on`` (any case), off for anything else.
- A value that does not parse names its variable (``ImproperlyConfigured``), so a typo in a
  deployment's environment says where it is.
"""

from __future__ import annotations

from typing import Any

import environ
from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = ("1", "true", "yes", "on")


class Env(environ.Env):
    BOOLEAN_TRUE_STRINGS = TRUE_WORDS

    def get_value(
        self, var: str, cast: Any = None, default: Any = environ.Env.NOTSET, parse_default=False
    ) -> Any:
        value = str(self.ENVIRON.get(f"{self.prefix}{var}", ""))
        if cast is None and self.smart_cast and default not in (None, self.NOTSET):
            cast = type(default)
        if not value.strip():
            if default is self.NOTSET:
                raise ImproperlyConfigured(f"Set the {var} environment variable.")
            if parse_default and default is not None:
                return self.parse_value(default, cast)
            return default
        try:
            return self.parse_value(value, cast)
        except ValueError:
            what = "a whole number" if cast is int else "readable"
            raise ImproperlyConfigured(f"{var} must be {what}, not {value!r}.") from None

    @classmethod
    def parse_value(cls, value: Any, cast: Any) -> Any:
        if cast is bool and isinstance(value, str):
            return value.strip().lower() in cls.BOOLEAN_TRUE_STRINGS
        return super().parse_value(value, cast)

    def names(self, var: str) -> list[str]:
        """A comma-separated list (hosts, origins): spaces around each item dropped, empty
        items skipped; empty when unset."""
        return [item.strip() for item in self.list(var, default=[]) if item.strip()]
