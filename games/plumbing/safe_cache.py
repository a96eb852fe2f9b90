"""Django's cache, used so that it can never break a page, for copies of what the database
can always give again (public pages, fragments, standings).

- A cache error (an unreachable Redis, an entry that no longer loads) counts as a miss.
- A value of another type than the caller expects (a garbled or foreign entry) is a miss.
- Copies made by another version of the code are never read: each key carries, as Django's
  cache ``version``, a digest of the source the copies are computed by (``code_version``), so
  a deploy that changes a template or an engine starts from an empty cache.

Whoever can write the cache can make Django's cache backends unpickle what they wrote (for
Redis as for any pickling backend): keep the cache server as private as the database.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)

# What cached copies are computed by: a change to any of these makes every copy unusable.
CODE_PATHS = ("games", "templates")
SOURCE_SUFFIXES = frozenset({".py", ".json", ".html"})
TIMEOUT = 7 * 24 * 60 * 60

T = TypeVar("T")


def sources() -> list[Path]:
    """The files cached copies are computed by (relative to the project)."""
    root = Path(settings.BASE_DIR)
    return [
        path.relative_to(root)
        for name in CODE_PATHS
        for path in sorted((root / name).rglob("*"))
        if path.suffix in SOURCE_SUFFIXES and path.is_file()
    ]


@functools.cache
def code_version() -> str:
    """A digest of the source of everything cached copies are computed by."""
    digest = hashlib.blake2b(digest_size=8)
    for path in sources():
        digest.update(str(path).encode())
        digest.update((Path(settings.BASE_DIR) / path).read_bytes())
    return digest.hexdigest()


def get(key: str, kind: type[T]) -> T | None:
    """The copy kept under ``key`` if there is one of type ``kind``, else None."""
    try:
        value = cache.get(key, version=code_version())
    except Exception:
        log.warning("cache read failed; computing instead", exc_info=True)
        return None
    return value if isinstance(value, kind) else None


def put(key: str, value: Any, timeout: int = TIMEOUT) -> None:
    try:
        cache.set(key, value, timeout=timeout, version=code_version())
    except Exception:
        log.warning("cache write failed; carrying on without it", exc_info=True)
