"""Corrections of earlier plays, with an audit trail, and reopening final games for them.

A correction replaces or deletes one play of the log. The whole log is replayed with the
change first; if any play stops being legal, nothing is written and the refusal names the
first play that breaks. Every correction is kept as a ``PlayCorrection`` row.

Who may correct: a game in progress, its scorers; a final game only while it is reopened
(an open ``GameReopening`` row), its scorers and its organisers (the league's organisers, or
its creator or staff for a friendly: ``final_games.is_organiser``). Only organisers reopen and
close a game; Undo of a final game's last play is refused after a short grace period and
points here (``games.scoring.final_games``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from games.engines import EngineError
from games.engines.record import Record, ReplayError, replay
from games.kinds.records import game_record
from games.models import Game, GameReopening, Play, PlayCorrection
from games.scoring.final_games import is_organiser, reopen_refusal
from games.scoring.services import PositionConflict, refresh_summary, touch
from games.scoring.signals import send_result_changed

REASON_MAX = 200


class CorrectionRefused(ValueError):
    """The correction cannot be made; the message says why. Nothing was written."""


class CorrectionConflict(PositionConflict):
    """The log or its corrections changed since the correction form was drawn."""

    def __init__(self) -> None:
        Exception.__init__(
            self,
            "The game has changed since this form was drawn (a play was entered, undone or "
            "corrected). Look at the play-by-play again and make the correction afresh.",
        )


def is_reopened(*, game: Game) -> bool:
    return game.reopenings.filter(closed_at__isnull=True).exists()


def is_open_for_correction(*, game: Game) -> bool:
    """A game in progress is; a final game only while reopened."""
    return not game.is_final or is_reopened(game=game)


def may_correct(*, game: Game, user) -> bool:
    """Does ``user`` have the right to correct ``game`` (whether or not it is open now)?"""
    if game.is_scorer(user):
        return True
    return game.is_final and is_organiser(game=game, user=user)


def can_correct(*, game: Game, user) -> bool:
    """May ``user`` correct ``game`` now?"""
    return is_open_for_correction(game=game) and may_correct(game=game, user=user)


def correction_count(*, game: Game) -> int:
    return game.corrections.count()


@transaction.atomic
def play_correct(
    *,
    game: Game,
    seq: int,
    after: Mapping[str, Any] | None,
    reason: str,
    user,
    expected: int,
    after_play: int,
    revision: int,
) -> PlayCorrection:
    """Replace play ``seq`` with ``after``, or delete it when ``after`` is None.

    ``expected`` (the log length), ``after_play`` (the last play's id) and ``revision`` (the
    number of corrections) are what the form showed; if any changed, ``CorrectionConflict``.
    Raises ``PermissionDenied`` or ``CorrectionRefused``; on any error nothing is written.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not may_correct(game=game, user=user):
        raise PermissionDenied(
            "Only this game's scorers, or its organisers once it is reopened, can correct it."
        )
    if not is_open_for_correction(game=game):
        raise CorrectionRefused(
            "This game is final: an organiser must reopen it before it can be corrected."
        )
    plays = list(game.plays.order_by("seq").only("id", "game", "seq", "payload"))
    last_id = plays[-1].pk if plays else 0
    if expected != len(plays) or after_play != last_id or revision != correction_count(game=game):
        raise CorrectionConflict()
    reason = (reason or "").strip()
    if not reason:
        raise CorrectionRefused("Give a reason for the correction.")
    if len(reason) > REASON_MAX:
        raise CorrectionRefused(f"Keep the reason to {REASON_MAX} characters.")
    if not 1 <= seq <= len(plays):
        raise CorrectionRefused(f"There is no play {seq} in this game's log.")
    target = plays[seq - 1]
    if after is not None:
        if not isinstance(after, Mapping):
            raise CorrectionRefused("The corrected play must be a JSON object.")
        after = dict(after)
        try:
            game.engine.check_play(after)  # only what the game defines, as at the table
        except EngineError as exc:
            raise CorrectionRefused(f"The corrected play {seq} is refused: {exc}") from None
        if after == target.payload:
            raise CorrectionRefused("The corrected play is the same as the play it replaces.")
    _check_replays(game=game, seq=seq, after=after)

    correction = PlayCorrection.objects.create(
        game=game,
        play=target if after is not None else None,
        seq=seq,
        before=target.payload,
        after=after,
        reason=reason,
        user=user,
    )
    if after is None:
        target.delete()
        # One row at a time, lowest first, so (game, seq) stays unique at every step.
        for later in plays[seq:]:
            later.seq -= 1
            later.save(update_fields=["seq"])
    else:
        target.payload = after
        target.save(update_fields=["payload"])
    refresh_summary(game, start=seq)  # the plays before it keep what they produced
    send_result_changed(game)
    return correction


def _check_replays(*, game: Game, seq: int, after: dict[str, Any] | None) -> None:
    """Replay the log as it would be after the change; refuse at the first play that breaks."""
    record = game_record(game)
    plays = list(record.plays)
    if after is None:
        del plays[seq - 1]
    else:
        plays[seq - 1] = after
    try:
        replay(Record(record.game, record.options, record.sides, tuple(plays)))
    except ReplayError as exc:
        number = exc.number
        if after is None and number >= seq:
            number += 1  # name the play as the log numbers it now
        if after is not None and number == seq:
            raise CorrectionRefused(f"The corrected play {seq} is not legal: {exc.error}") from None
        raise CorrectionRefused(
            f"Play {number} would no longer be legal: {exc.error}. "
            "Correct that play first, or correct the plays in another order."
        ) from None


@transaction.atomic
def game_reopen(*, game: Game, user) -> GameReopening:
    """An organiser reopens a final game so that it can be corrected."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not is_organiser(game=game, user=user):
        raise PermissionDenied(reopen_refusal(game=game))
    if not game.is_final:
        raise CorrectionRefused("Only a final game needs reopening: this one can be corrected.")
    if is_reopened(game=game):
        raise CorrectionRefused("This game is already open for correction.")
    reopening = GameReopening.objects.create(game=game, opened_by=user)
    touch(game)
    return reopening


@transaction.atomic
def game_close(*, game: Game, user) -> GameReopening:
    """An organiser closes a reopened game again: no more corrections."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not is_organiser(game=game, user=user):
        raise PermissionDenied(reopen_refusal(game=game, action="close"))
    reopening = game.reopenings.filter(closed_at__isnull=True).first()
    if reopening is None:
        raise CorrectionRefused("This game is not open for correction.")
    reopening.closed_at, reopening.closed_by = timezone.now(), user
    reopening.save(update_fields=["closed_at", "closed_by"])
    touch(game)
    return reopening


def corrections_by_play(*, game: Game) -> dict[int, list[PlayCorrection]]:
    """The corrections of each play still in the log, keyed by its current position."""
    found: dict[int, list[PlayCorrection]] = {}
    corrected = game.corrections.filter(play__isnull=False).select_related("user", "play")
    for correction in corrected:
        found.setdefault(correction.play.seq, []).append(correction)
    return found


def game_corrections(*, game: Game) -> list[PlayCorrection]:
    return list(game.corrections.select_related("user").order_by("created_at", "id"))


def play_at(*, game: Game, seq: int) -> Play | None:
    return game.plays.filter(seq=seq).first()
