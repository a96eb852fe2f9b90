"""Login throttling kept in Django's cache: failures are counted per account and per address;
after a few the next attempt waits a little, after LIMIT the key is locked for LOCK_SECONDS."""

import hashlib
import time
from dataclasses import dataclass

from django.core.cache import cache

LIMIT = 5
WINDOW_SECONDS = 15 * 60
LOCK_SECONDS = 15 * 60
SLOW_AFTER = 3
SLOW_SECONDS = 1.0


@dataclass(frozen=True)
class Verdict:
    locked: bool
    retry_after: int = 0


def _keys(*, username: str, address: str) -> list[str]:
    # Hashed: usernames and addresses come from the request and may hold anything.
    keys = [f"login-fail:addr:{_digest(address)}"]
    if username.strip():
        keys.append(f"login-fail:user:{_digest(username.strip().lower())}")
    return keys


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


def _failures(key: str) -> list[float]:
    now = time.time()
    return [t for t in cache.get(key, []) if now - t < WINDOW_SECONDS]


def check(*, username: str, address: str) -> Verdict:
    """Whether a login attempt may go ahead; slows it down after SLOW_AFTER failures."""
    now = time.time()
    worst = 0
    for key in _keys(username=username, address=address):
        until = cache.get(f"{key}:locked")
        if until and until > now:
            return Verdict(locked=True, retry_after=int(until - now) + 1)
        worst = max(worst, len(_failures(key)))
    if worst >= SLOW_AFTER:
        time.sleep(SLOW_SECONDS)
    return Verdict(locked=False)


def record_failure(*, username: str, address: str) -> None:
    now = time.time()
    for key in _keys(username=username, address=address):
        failures = [*_failures(key), now]
        cache.set(key, failures, WINDOW_SECONDS)
        if len(failures) >= LIMIT:
            cache.set(f"{key}:locked", now + LOCK_SECONDS, LOCK_SECONDS)


def reset(*, username: str, address: str) -> None:
    """A successful login clears the account's count (the address keeps its own)."""
    keys = _keys(username=username, address=address)
    cache.delete_many([key for key in keys[1:]] + [f"{key}:locked" for key in keys[1:]])
