"""A game's correction history in a backup: its ``PlayCorrection`` and ``GameReopening`` rows,
written into the game's entry of ``leagues.json`` and put back on the restored game (the
entries' shape is ``schema.CorrectionRow`` and ``schema.ReopeningRow``; docs/backup-format.md).

A correction names its play by the play's position in the log as archived (``play``; null
for a deletion, or when the play it changed was deleted or undone later), since the restored
plays get new ids; ``seq`` is the position the play had when it was corrected, as on the site.

People are written by username. A restore links a name to the user of that name; a name the
target site does not have gets an inactive user with no usable password, so the history
still says who did what and nobody can log in as them (an admin can activate the account).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model

from games.archive.backups.schema import GameHistory
from games.models import Game, GameReopening, PlayCorrection

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


def restore_history(*, game: Game, entries: GameHistory, user_named: Users) -> tuple[int, int]:
    """Put the archived corrections and reopenings back on the restored ``game``.

    ``entries`` are already checked for shape (``schema.read_history``); what is left to
    check needs the game: a correction's play must be in its log, and only one reopening may
    be open. ``user_named`` turns a username (or None) into a user (or None). Returns how
    many corrections and reopenings were written. Raises ``HistoryError`` at the first bad
    entry.
    """
    plays = {play.seq: play for play in game.plays.all()}
    for number, entry in enumerate(entries.corrections, start=1):
        if entry.play is not None and entry.play not in plays:
            raise HistoryError(f"correction {number}: the log has no play {entry.play!r}")
        change = PlayCorrection.objects.create(
            game=game,
            play=plays.get(entry.play),
            seq=entry.seq,
            before=entry.before,
            after=entry.after,
            reason=entry.reason,
            user=user_named(entry.user),
        )
        # ``created_at`` is ``auto_now_add``: it can only be put back once the row exists.
        PlayCorrection.objects.filter(pk=change.pk).update(created_at=entry.created_at)
    open_ones = 0
    for number, entry in enumerate(entries.reopenings, start=1):
        open_ones += entry.closed_at is None
        if open_ones > 1:
            raise HistoryError(
                f"reopening {number}: a game is open for correction only once at a time"
            )
        reopening = GameReopening.objects.create(
            game=game,
            opened_by=user_named(entry.opened_by),
            closed_by=user_named(entry.closed_by),
            closed_at=entry.closed_at,
        )
        GameReopening.objects.filter(pk=reopening.pk).update(opened_at=entry.opened_at)
    return len(entries.corrections), len(entries.reopenings)


def inactive_user(name: str) -> Any:
    """A user for a name in the history that the target site does not have: inactive, with
    no usable password."""
    return get_user_model().objects.create_user(username=name, password=None, is_active=False)
