"""The log-in guard. django-axes counts failed log-ins and locks (settings ``AXES_*``); this
module holds what it calls back, and the known-device cookie.

- A lock is on the pair (username, client address) only, never on a username or an address
  alone: failures from elsewhere cannot lock a scorer out, and a crowd behind one address is
  not locked by one of them. The username is counted case-blind; the address is
  ``scorekeeper.client_address`` (the proxy's header only when settings trust proxies).
- A known device (a browser that logged in as this user before: it holds a signed cookie
  naming the user and a fingerprint of the user's password hash, so a password change forgets
  every device) is let through even while the pair is locked by failures from someone else at
  the same address. Its own failures are counted per device, and after ``AXES_FAILURE_LIMIT``
  of them it is treated like any other device.
- Nothing waits inside a request: a locked attempt gets the log-in form at once, with status
  429, ``Retry-After`` and the minutes to wait, without the password being checked.

The counters live where ``settings.AXES_HANDLER`` keeps them (the shared cache when
``CACHE_URL`` names one, else the database); a known device's own failures and the moment a
pair unlocks live in the ``limits`` cache (``scorekeeper.limits_cache``), which every worker
shares: Redis with ``CACHE_URL``, else a table in the database.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from typing import Any

from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core import signing
from django.core.cache import caches
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.crypto import salted_hmac

from .client_address import client_address
from .limits_cache import LIMITS

DEVICE_COOKIE = "known_device"
DEVICE_SALT = "scorekeeper.login_guard.known-device"
DEVICE_MAX_AGE = 365 * 24 * 60 * 60
DEVICE_MAX_USERS = 8  # a club's shared tablet remembers its last few scorers


def cool_off_seconds() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds())


# What django-axes calls back -----------------------------------------------------------------


def username_key(request: HttpRequest, credentials: dict | None) -> str | None:
    """The username as counted: spaces collapsed and case folded, so ``Victim`` and
    ``victim`` share one count."""
    name = (credentials or {}).get("username")
    if name is None and request is not None:
        name = request.POST.get("username")
    if not name:
        return None
    return " ".join(str(name).split()).casefold()[:150] or None


def is_known_device(request: HttpRequest, credentials: dict | None) -> bool:
    """Whether this attempt comes from a device ``username`` has logged in on before and that
    has not used up its own failures (axes' whitelist: such attempts are never locked by
    other people's failures)."""
    known = _known(request, (credentials or {}).get("username"))
    return known is not None and _device_failures(*known) < settings.AXES_FAILURE_LIMIT


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """The log-in form again, saying how long to wait; 429 with ``Retry-After``."""
    wait = seconds_to_wait(request, credentials)
    minutes = max(1, math.ceil(wait / 60))
    message = (
        f"Too many failed log-in attempts for this account from here. "
        f"Try again in {minutes} minute{'s' if minutes != 1 else ''}."
    )
    username = str((credentials or {}).get("username") or request.POST.get("username", ""))
    context = {
        "form": AuthenticationForm(request, initial={"username": username[:150]}),
        "next": request.POST.get("next", ""),
        "lockout": message,
    }
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


def seconds_to_wait(request: HttpRequest, credentials: dict | None) -> int:
    unlocks_at = caches[LIMITS].get(_unlock_key(request, credentials))
    if unlocks_at is None:
        return cool_off_seconds()
    return max(1, math.ceil(unlocks_at - time.time()))


def _unlock_key(request: HttpRequest, credentials: dict | None) -> str:
    pair = f"{username_key(request, credentials)}\n{client_address(request)}"
    return "login-guard:unlocks:" + hashlib.sha256(pair.encode("utf-8", "replace")).hexdigest()


@receiver(user_locked_out)
def _remember_unlock_time(sender: Any, request: HttpRequest, **kwargs: Any) -> None:
    # The lock lifts a cool-off after the failure that set it (locked attempts are not
    # counted: AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT is off); ``add`` keeps the first.
    credentials = getattr(request, "axes_credentials", None)
    seconds = cool_off_seconds()
    caches[LIMITS].add(_unlock_key(request, credentials), time.time() + seconds, seconds)


# The known-device cookie ---------------------------------------------------------------------


def remember_device(request: HttpRequest, response: HttpResponse, user: Any) -> None:
    """After a successful log-in: mark this browser as a known device of ``user``."""
    device = _device(request) or {"id": secrets.token_urlsafe(16), "users": {}}
    users = {k: v for k, v in device["users"].items() if k != str(user.pk)}
    users[str(user.pk)] = _fingerprint(user)
    device["users"] = dict(list(users.items())[-DEVICE_MAX_USERS:])
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(device, salt=DEVICE_SALT, compress=True),
        max_age=DEVICE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _fingerprint(user: Any) -> str:
    return salted_hmac(DEVICE_SALT, user.password, algorithm="sha256").hexdigest()[:32]


def _device(request: HttpRequest) -> dict | None:
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return None
    try:
        device = signing.loads(value, salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(device, dict) or not isinstance(device.get("users"), dict):
        return None
    return device


def _known(request: HttpRequest | None, username: Any) -> tuple[str, int] | None:
    """(device id, user id) when ``request`` comes from a known device of ``username``."""
    if request is None or not isinstance(username, str) or not username:
        return None
    device = _device(request)
    if device is None:
        return None
    user = get_user_model()._default_manager.filter(username=username).first()
    if user is None or device["users"].get(str(user.pk)) != _fingerprint(user):
        return None
    return str(device["id"]), user.pk


def _device_failures_key(device_id: str, user_id: int) -> str:
    digest = hashlib.sha256(f"{device_id}\n{user_id}".encode()).hexdigest()
    return f"login-guard:device-failures:{digest}"


def _device_failures(device_id: str, user_id: int) -> int:
    return int(caches[LIMITS].get(_device_failures_key(device_id, user_id), 0))


@receiver(user_login_failed)
def _count_known_device_failure(
    sender: Any, credentials: dict, request: HttpRequest | None = None, **kwargs: Any
) -> None:
    known = _known(request, credentials.get("username"))
    if known is None:
        return
    key = _device_failures_key(*known)
    if not caches[LIMITS].add(key, 1, cool_off_seconds()):
        try:
            caches[LIMITS].incr(key)
        except ValueError:  # expired between add and incr
            caches[LIMITS].add(key, 1, cool_off_seconds())


@receiver(user_logged_in)
def _forget_known_device_failures(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    device = _device(request) if request is not None else None
    if device is not None:
        caches[LIMITS].delete(_device_failures_key(str(device.get("id")), user.pk))
