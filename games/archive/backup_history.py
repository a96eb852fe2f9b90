"""A game's correction history in an archive (``games.archive.backups``): its ``PlayCorrection`` and
``GameReopening`` rows, written into the game's entry of ``leagues.json`` and put back on the
restored game.

A correction names its play by the play's position in the log as archived (``play``; null
for a deletion, or when the play it changed was deleted or undone later), since the restored
plays get new ids; ``seq`` is the position the play had when it was corrected, as on the site.

People are written by username. A restore links a name to the user of that name; a name the
target site does not have gets an inactive user with no usable password, so the history
still says who did what and nobody can log in as them (an admin can activate the account).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_datetime

from games.models import Game, GameReopening, PlayCorrection

REASON_MAX = PlayCorrection._meta.get_field("reason").max_length

Users = Callable[[Any], Any]


class HistoryError(ValueError):
    """A history entry that cannot be restored; the message names it and says why."""


# Export -------------------------------------------------------------------------------------


def export_history(game: Game) -> dict[str, list[dict[str, Any]]]:
    """The game's corrections and reopenings, oldest first, ready for JSON."""
    seq_of = dict(game.plays.values_list("id", "seq"))
    corrections = game.corrections.select_related("user").order_by("created_at", "id")
    reopenings = game.reopenings.select_related("opened_by", "closed_by").order_by(
        "opened_at", "id"
    )
    return {
        "corrections": [
            {
                "seq": change.seq,
                "play": seq_of.get(change.play_id),
                "before": change.before,
                "after": change.after,
                "reason": change.reason,
                "user": _name(change.user),
                "created_at": change.created_at.isoformat(),
            }
            for change in corrections
        ],
        "reopenings": [
            {
                "opened_by": _name(reopening.opened_by),
                "opened_at": reopening.opened_at.isoformat(),
                "closed_by": _name(reopening.closed_by),
                "closed_at": reopening.closed_at.isoformat() if reopening.closed_at else None,
            }
            for reopening in reopenings
        ],
    }


def _name(user: Any) -> str | None:
    return user.get_username() if user is not None else None


# Restore ------------------------------------------------------------------------------------


def restore_history(*, game: Game, row: dict[str, Any], user_named: Users) -> tuple[int, int]:
    """Put the archived corrections and reopenings of ``row`` back on the restored ``game``.

    ``user_named`` turns a username (or None) into a user (or None). Returns how many
    corrections and reopenings were written. Raises ``HistoryError`` at the first bad entry.
    """
    corrections = _entries(row, "corrections")
    reopenings = _entries(row, "reopenings")
    plays = {play.seq: play for play in game.plays.all()}
    for number, entry in enumerate(corrections, start=1):
        where = f"correction {number}"
        change = PlayCorrection.objects.create(
            game=game,
            play=_play(entry.get("play"), plays, where),
            seq=_position(entry.get("seq"), where),
            before=_payload(entry.get("before"), f"{where}: 'before'"),
            after=_payload(entry.get("after"), f"{where}: 'after'", empty=True),
            reason=_reason(entry.get("reason"), where),
            user=user_named(_username(entry.get("user"), where)),
        )
        # ``created_at`` is ``auto_now_add``: it can only be put back once the row exists.
        PlayCorrection.objects.filter(pk=change.pk).update(
            created_at=_when(entry.get("created_at"), where)
        )
    open_ones = 0
    for number, entry in enumerate(reopenings, start=1):
        where = f"reopening {number}"
        closed_at = _when(entry.get("closed_at"), where, empty=True)
        open_ones += closed_at is None
        if open_ones > 1:
            raise HistoryError(f"{where}: a game is open for correction only once at a time")
        reopening = GameReopening.objects.create(
            game=game,
            opened_by=user_named(_username(entry.get("opened_by"), where)),
            closed_by=user_named(_username(entry.get("closed_by"), where)),
            closed_at=closed_at,
        )
        GameReopening.objects.filter(pk=reopening.pk).update(
            opened_at=_when(entry.get("opened_at"), where)
        )
    return len(corrections), len(reopenings)


def inactive_user(name: str) -> Any:
    """A user for a name in the history that the target site does not have: inactive, with
    no usable password."""
    return get_user_model().objects.create_user(username=name, password=None, is_active=False)


def _entries(row: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = row.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise HistoryError(f"'{key}' must be a list of objects")
    return entries


def _play(value: Any, plays: dict[int, Any], where: str) -> Any:
    if value is None:
        return None
    if type(value) is not int or value not in plays:
        raise HistoryError(f"{where}: the log has no play {value!r}")
    return plays[value]


def _position(value: Any, where: str) -> int:
    if type(value) is not int or value < 1:
        raise HistoryError(f"{where}: 'seq' must be a play number, not {value!r}")
    return value


def _payload(value: Any, where: str, *, empty: bool = False) -> dict[str, Any] | None:
    if value is None and empty:
        return None
    if not isinstance(value, dict):
        raise HistoryError(f"{where} must be a play (a JSON object), not {value!r}")
    return value


def _reason(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > REASON_MAX:
        raise HistoryError(f"{where}: the reason must be text of 1 to {REASON_MAX} characters")
    return value


def _username(value: Any, where: str) -> str | None:
    if value is None:
        return None
    model = get_user_model()
    try:
        if not isinstance(value, str) or len(value) > model._meta.get_field("username").max_length:
            raise ValidationError("not text of the right length")
        model.username_validator(value)
    except ValidationError:
        raise HistoryError(f"{where}: not a username: {value!r}") from None
    return value


def _when(value: Any, where: str, *, empty: bool = False) -> datetime | None:
    if value is None and empty:
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise HistoryError(f"{where}: not a date and time: {value!r}")
    return parsed
