"""Sealed pickles for disposable copies, and Django's cache used so that it can never break a
page.

A sealed value is a check followed by the pickle. The check is a digest, keyed with the
version of the code that made the value (``code_version``), of where the value is kept
(``place``), its length and its CRC-32 (cheaper than hashing every byte of a long page), so a
corrupted copy, a copy moved to another key and a copy made by older code are all ignored
rather than unpickled. Cache errors (an unreachable Redis, a garbled entry) count as misses:
everything kept here can be made again from the database.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import pickle
import zlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.core.cache import cache

log = logging.getLogger(__name__)

BASE_DIR = Path(__file__).resolve().parent.parent
# What cached copies are made by: a change to any of these makes every copy unusable.
CODE_PATHS = (
    "games/engines",
    "games/screens",
    "games/stats",
    "games/templatetags",
    "games/board.py",
    "games/selectors.py",
    "games/standings.py",
    "games/standings_cache.py",
    "templates/games",
)
DIGEST_BYTES = 16
CACHE_TIMEOUT = 7 * 24 * 60 * 60


@functools.cache
def code_version() -> str:
    """A digest of the source of everything cached copies are computed by."""
    digest = hashlib.blake2b(digest_size=16)
    for name in CODE_PATHS:
        root = BASE_DIR / name
        files = sorted(root.rglob("*")) if root.is_dir() else [root]
        for path in files:
            if path.is_file() and path.suffix in {".py", ".json", ".html"}:
                digest.update(str(path.relative_to(BASE_DIR)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _mac(blob: bytes, place: str) -> bytes:
    digest = hashlib.blake2b(
        key=code_version().encode()[:64], digest_size=DIGEST_BYTES, person=b"scorekeeper"
    )
    digest.update(f"{place}\0{len(blob)}\0{zlib.crc32(blob)}".encode())
    return digest.digest()


def seal(value: Any, place: str) -> bytes:
    blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _mac(blob, place) + blob


def unseal(data: Any, place: str) -> Any | None:
    """The value sealed for ``place``, or ``None`` when ``data`` is not such a value."""
    if not isinstance(data, bytes | bytearray | memoryview):
        return None
    data = bytes(data)
    mac, blob = data[:DIGEST_BYTES], data[DIGEST_BYTES:]
    if len(mac) != DIGEST_BYTES or not hmac.compare_digest(mac, _mac(blob, place)):
        return None
    try:
        return pickle.loads(blob)
    except Exception:  # a sealed value from code that no longer loads it
        return None


def _key(name: str) -> str:
    return f"sk:{code_version()[:12]}:{name}"


def get_many(names: Iterable[str]) -> dict[str, Any]:
    """The cached values found for ``names`` (misses, bad entries and cache errors left out)."""
    names = list(names)
    if not names:
        return {}
    try:
        found = cache.get_many([_key(name) for name in names])
    except Exception:
        log.warning("cache read failed; computing instead", exc_info=True)
        return {}
    values = {}
    for name in names:
        value = unseal(found.get(_key(name)), name)
        if value is not None:
            values[name] = value
    return values


def get(name: str) -> Any | None:
    return get_many([name]).get(name)


def set_many(values: Mapping[str, Any], timeout: int = CACHE_TIMEOUT) -> None:
    if not values:
        return
    try:
        cache.set_many(
            {_key(name): seal(value, name) for name, value in values.items()}, timeout=timeout
        )
    except Exception:
        log.warning("cache write failed; carrying on without it", exc_info=True)


def put(name: str, value: Any, timeout: int = CACHE_TIMEOUT) -> None:
    set_many({name: value}, timeout)
