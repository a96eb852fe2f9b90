"""What it takes to change a final game: who may reopen it, and Undo's grace period.

A final game's result counts at once: in the standings and stats, and in a cup a winner
advances. So it is taken back only on purpose, and always on the record:

- Within ``UNDO_GRACE`` of the final play, the table that sees its own mistake may still
  Undo it. That undo is kept in the game's audit trail like a deletion (a ``PlayCorrection``
  row: who, when, which play, and ``GRACE_REASON`` as its reason).
- After that, Undo is refused (``UndoRefused``, whose message says who can reopen the game).
  The game is reopened through the corrections path (``games.scoring.corrections``) by its
  organisers: the league's organisers for a league or cup game, its creator (or staff) for a
  friendly. Its scorers and organisers then correct or delete the play with a reason; the
  reopening and each correction are kept.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.engines import EngineError
from games.models import Game, Play, PlayCorrection

# Long enough to take back a mistaken final tap at the table, short enough that a result
# others may already have seen (standings, a cup's next round) is not taken back unnoticed.
UNDO_GRACE = timedelta(minutes=2)
GRACE_REASON = "Undone within the grace period after the final play."


class UndoRefused(EngineError):
    """Undo of a final game's last play after the grace period; nothing was written. (An
    ``EngineError``: the scoring screen shows it like any refused tap.)"""


def is_organiser(*, game: Game, user) -> bool:
    """May ``user`` reopen ``game``? The league's organisers for a league or cup game; its
    creator or staff for a friendly."""
    if not user.is_authenticated:
        return False
    if game.season_id is not None:
        return game.season.league.is_organiser(user)
    return user.pk == game.created_by_id or bool(user.is_staff)


def reopen_refusal(*, game: Game, action: str = "reopen") -> str:
    """Why someone who is not one of ``game``'s organisers cannot reopen (or close) it."""
    if game.season_id is not None:
        return f"Only the league's organisers can {action} a game."
    return f"Only the game's creator can {action} it."


def in_grace(play: Play) -> bool:
    """Is ``play`` (a final game's last play) recent enough to be undone?"""
    return timezone.now() - play.created_at <= UNDO_GRACE


def check_undo(*, game: Game, play: Play, user) -> None:
    """May ``user`` undo ``play``, the last play of the final ``game``? Within the grace
    period, yes (call ``record_undo`` once it is done); else ``UndoRefused``, also while the
    game is reopened (its plays are then corrected with a reason)."""
    if in_grace(play):
        return
    reopened = game.reopenings.filter(closed_at__isnull=True).exists()
    minutes = int(UNDO_GRACE.total_seconds() // 60)
    head = (
        f"This game is final: Undo takes back its final play only within {minutes} minute"
        f"{'' if minutes == 1 else 's'} of it."
    )
    trail = "with a reason, which is kept in the game's audit trail."
    if reopened:
        raise UndoRefused(
            f"{head} It is open for correction: correct or delete the play from the "
            f"play-by-play, {trail}"
        )
    if not is_organiser(game=game, user=user):
        who = (
            "Only the league's organisers can"
            if game.season_id is not None
            else f"Only its creator, {game.created_by.get_username()}, can"
        )
    elif game.season_id is not None:
        who = "You can, as one of the league's organisers,"
    else:
        who = "You can, as its creator," if user.pk == game.created_by_id else "You can"
    raise UndoRefused(
        f"{head} {who} reopen it for correction (Reopen for correction, under the "
        f"play-by-play); then the play is corrected or deleted {trail}"
    )


def record_undo(*, game: Game, play: Play, user) -> PlayCorrection:
    """Keep the undo of ``play`` (just removed from the final ``game``) in the audit trail."""
    return PlayCorrection.objects.create(
        game=game,
        play=None,
        seq=play.seq,
        before=play.payload,
        after=None,
        reason=GRACE_REASON,
        user=user,
    )
