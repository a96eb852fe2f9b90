"""Writes: creating games, recording and undoing plays, adding scorers. All atomic.

Every write to a log gives the game a new ``log_revision``, and each play row carries the
board it leaves (``games.scoring.board``), written in the play's own transaction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engines import EngineError, Outcome, catalogues, get
from games.kinds.catalogues import pinned
from games.models import CardCatalogue, Game, Play
from games.scoring import board as boards
from games.scoring import final_games
from games.scoring.signals import send_result_changed

# Every refusal of a write because another tablet wrote first says this.
NOT_RECORDED = "was not recorded"


class PositionConflict(Exception):
    """Another tablet wrote first: the screen that sent this write is out of date.

    ``expected`` is the play the screen would have entered next, ``actual`` the next play
    now; ``replaced``: the screen's last play was undone and entered again. The scoring
    screen tells the scorer what the other tablet did (``conflicts.refused``)."""

    def __init__(self, expected: int, actual: int, replaced: bool = False):
        self.expected, self.actual, self.replaced = expected, actual, replaced
        if replaced:
            what = f"play {expected - 1} was undone and entered again"
        elif actual > expected:
            what = "more plays were entered"
        else:
            what = "a play was undone"
        super().__init__(
            f"Another tablet changed the game first ({what}): this {NOT_RECORDED}. "
            "The board below is up to date; tap again if you still want it."
        )


class UnknownUser(ValueError):
    pass


class NeedsAnswer(Exception):
    """The table must answer ``question`` before the play can be recorded (nothing was)."""

    def __init__(self, question: dict[str, Any]):
        self.question = question
        super().__init__(question.get("ask", "a question"))


@dataclass(frozen=True)
class LockedGame:
    """A game read for a write, locked until the write's transaction ends, and its board."""

    game: Game
    board: boards.Board


def locked_game(pk: int, user) -> LockedGame:
    """The game a scorer writes to and its board, read once and locked until the write's
    transaction ends (writers to one game take turns): one query reads the last play's row
    (the board, ``games.scoring.board``) with its game, and whether ``user`` may score it
    (``Game.scored_by``). ``Game.DoesNotExist`` when there is none, ``PermissionDenied``
    for anyone but its scorers. Call inside the write's transaction."""
    # The last play with its game joined, both locked: the usual case, a game in play. (Had
    # another writer removed that play meanwhile, the row is gone once the lock is ours.)
    # (An anonymous user's pk is None: added as a scorer of no game.)
    last = (
        Play.objects.select_related("game")
        .select_for_update(of=("self", "game"))
        .annotate(added_scorer=Game.scored_by(user, "game_id"))
        .filter(game_id=pk)
        .order_by("-seq")
        .first()
    )
    if last is not None:
        game = last.game
        game.knows_scorer(user, last.added_scorer)
        row = [getattr(last, name) for name in boards.LAST_PLAY]
    else:  # no play yet, no game, or the last play just undone: the game, then its board
        game = (
            Game.objects.select_for_update()
            .annotate(added_scorer=Game.scored_by(user))
            .filter(pk=pk)
            .first()
        )
        if game is None:
            raise Game.DoesNotExist(f"no game {pk}")
        game.knows_scorer(user, game.added_scorer)
        row = None
    if not game.is_scorer(user):
        raise PermissionDenied("Only this game's scorers can change it.")
    board = boards.after_row(game, row) if row is not None else boards.current(game)
    return LockedGame(game, board)


def catalogue_option(kind: str) -> dict[str, Any]:
    """The ``catalogue`` option for a new game that names none: the staff-edited catalogue
    when it differs from the default (``{}``: the default)."""
    row = CardCatalogue.objects.filter(kind=kind).first()
    if row is None or not catalogues.has_catalogues(kind):
        return {}
    return {} if row.data == catalogues.default_catalogue(kind) else {"catalogue": row.data}


def game_create(*, kind: str, options: Mapping[str, Any], sides: list[str], user) -> Game:
    """Create a game; ``options`` are validated by the engine (``InvalidOptions``). A game
    that names no catalogue gets the site's; either way the game keeps it, pinned."""
    engine = get(kind)
    chosen = dict(options)
    if chosen.get("catalogue") is None:
        chosen.update(catalogue_option(kind))
    checked = pinned(kind, engine.options(chosen))
    game = Game.objects.create(kind=kind, options=checked, sides=list(sides), created_by=user)
    refresh_summary(game)
    return game


@dataclass(frozen=True)
class Recorded:
    """A play just recorded: the game as it is now, the play's log row, what it did, the
    board it leaves and the board before it."""

    game: Game
    play: Play
    outcome: Outcome
    board: boards.Board
    previous: boards.Board


@dataclass(frozen=True)
class Undone:
    """A play just undone: the game as it is now, the removed row, the board it leaves and
    the board before."""

    game: Game
    play: Play
    board: boards.Board
    previous: boards.Board


def play_record(
    *,
    game: Game,
    raw: Mapping[str, Any],
    expected_seq: int,
    user,
    after_play: int | None = None,
    answered: Collection[str] | None = None,
) -> Recorded:
    """Append ``raw`` at position ``expected_seq`` of ``game`` (read again, locked, in this
    write's own transaction): ``record_locked``."""
    with transaction.atomic():
        locked = locked_game(game.pk, user)
        return record_locked(
            locked,
            raw,
            expected_seq=expected_seq,
            user=user,
            after_play=after_play,
            answered=answered,
        )


def record_locked(
    locked: LockedGame,
    raw: Mapping[str, Any],
    *,
    expected_seq: int,
    user,
    after_play: int | None = None,
    answered: Collection[str] | None = None,
) -> Recorded:
    """Append ``raw`` at position ``expected_seq`` if that is the next position and legal.

    ``locked`` is the game and its board as ``locked_game`` read them in the transaction
    this write runs in. ``after_play`` (the id of the last play the screen showed, 0 for
    none) also catches a screen that missed an undo followed by a new play at the same
    position. With ``answered`` (the questions the table has answered, as the scoring screen
    posts them), a question the engine still has for this play (``Engine.pending``) is raised
    as ``NeedsAnswer``. A play with a key its game does not define, or over ``PLAY_LIMIT``,
    is refused (``Engine.check_play``): it is stored as it is, so it must be no more than the
    game's. Raises ``PositionConflict`` or the engine's ``EngineError``; the caller's
    transaction is rolled back with the error, so nothing is written.

    This is the tap at the table, so it costs the same at any log length: the board is the
    last play's row, the play is applied to it once and its row carries the board it leaves.
    """
    game, current = locked.game, locked.board
    _check_position(expected_seq - 1, current.length, after_play, current.last_play_id)
    if current.error:
        raise EngineError(f"This game's log no longer replays ({current.error}).")
    engine = game.engine
    engine.check_play(raw)  # only what the game defines, within PLAY_LIMIT
    if answered is not None:
        question = engine.pending(current.state, raw)
        if question is not None and question["ask"] not in answered:
            raise NeedsAnswer(question)
    new_state, outcome = engine.play(current.state, raw)
    summary = engine.summary(new_state)
    seq, payload, now, by = current.length + 1, dict(raw), timezone.now(), user.get_username()
    chain = boards.next_digest(current.chain, payload, by)
    tally = boards.next_tally(current.tally, current.summary, outcome)
    try:
        play = Play.objects.create(
            game=game,
            seq=seq,
            payload=payload,
            created_by=user,
            created_at=now,
            state=boards.sign_state(
                new_state, engine=engine, game_pk=game.pk, seq=seq, chain=chain
            ),
            outcome=boards.outcome_json(outcome),
            summary=summary,
            tally=tally,
            chain=chain,
        )
    except IntegrityError:
        # Only a write that went behind the game's lock gets here; the whole transaction is
        # rolled back with the conflict.
        raise PositionConflict(expected_seq, seq + 1) from None
    revision = boards.new_revision()
    Game.objects.filter(pk=game.pk).update(summary=summary, log_revision=revision, updated_at=now)
    game.summary, game.log_revision, game.updated_at = summary, revision, now
    board = boards.Board(
        revision=revision,
        length=seq,
        last_play_id=play.pk,
        state=new_state,
        summary=summary,
        replayed=seq,
        chain=chain,
        tally=tally,
    )
    if summary["status"] == Game.FINAL:
        send_result_changed(game)
    return Recorded(game, play, outcome, board, current)


def play_undo(*, game: Game, expected_seq: int, user, after_play: int | None = None) -> Undone:
    """Remove the last play of ``game`` (read again, locked, in this write's own
    transaction): ``undo_locked``."""
    with transaction.atomic():
        locked = locked_game(game.pk, user)
        return undo_locked(locked, expected_seq=expected_seq, user=user, after_play=after_play)


def undo_locked(
    locked: LockedGame, *, expected_seq: int, user, after_play: int | None = None
) -> Undone:
    """Remove the last play, if it is still play ``expected_seq``: the play before it holds
    the board it leaves. A final game's last play only within the grace period, kept in its
    audit trail; after it, ``final_games.UndoRefused`` (``games.scoring.final_games``).
    ``locked`` as ``record_locked`` takes it."""
    game, current = locked.game, locked.board
    if not current.length:
        raise EngineError("There is no play to undo.")
    _check_position(expected_seq, current.length, after_play, current.last_play_id)
    last = game.plays.get(seq=current.length)
    was_final = game.is_final
    if was_final:  # a result that counts: only within the grace period, and on the record
        final_games.check_undo(game=game, play=last, user=user)
    last.delete()
    after = boards.current(game)
    _store_summary(game, _summary_of(after), boards.new_revision())
    after = replace(after, revision=game.log_revision)
    if was_final:
        final_games.record_undo(game=game, play=last, user=user)
        send_result_changed(game)
    return Undone(game, last, after, current)


def _check_position(seen: int, actual: int, after_play: int | None, last_id: int) -> None:
    """The screen saw ``seen`` plays ending with play id ``after_play``; is that still so?

    (The last play has the highest id: plays are only ever appended, and corrections keep
    the ids of the plays they change.)
    """
    if seen != actual:
        raise PositionConflict(seen + 1, actual + 1)
    if after_play is not None and last_id != after_play:
        raise PositionConflict(seen + 1, actual + 1, replaced=True)


def win_probability_show(*, game: Game, show: bool) -> None:
    """The scoring screen's setting: whether it shows each side's chance of winning."""
    Game.objects.filter(pk=game.pk).update(show_win_probability=show)
    game.show_win_probability = show


def scorer_add(*, game: Game, username: str, user) -> None:
    """The game's creator lets another user score it."""
    if not user.is_authenticated or user.pk != game.created_by_id:
        raise PermissionDenied("Only the game's creator can add scorers.")
    try:
        scorer = get_user_model().objects.get(username=username.strip())
    except get_user_model().DoesNotExist:
        raise UnknownUser(f"There is no user called {username.strip()!r}.") from None
    game.scorers.add(scorer)


def refresh_summary(game: Game, *, start: int = 1) -> dict[str, Any]:
    """Replay the log from play ``start`` on, rewrite what those plays produced and store the
    summary (the log is the truth).

    Called after any change to the log other than one play added or undone (corrections from
    the play they change, imports, a new game); it gives the game a new revision.
    """
    board = boards.rebuild(game, start=start)
    summary = _summary_of(board)
    _store_summary(game, summary, boards.new_revision())
    return summary


def touch(game: Game) -> str:
    """Give ``game`` a new revision though its log is unchanged (a void, a reopening: pages
    drawn for the old revision must not be used). Call inside the write's transaction."""
    revision = boards.new_revision()
    Game.objects.filter(pk=game.pk).update(log_revision=revision)
    game.log_revision = revision
    return revision


def _summary_of(board: boards.Board) -> dict[str, Any]:
    if board.error:
        return {"status": "broken", "error": board.error}
    return board.summary


def _store_summary(game: Game, summary: dict[str, Any], revision: str | None = None) -> str:
    game.summary = summary
    game.log_revision = revision or boards.new_revision()
    game.save(update_fields=["summary", "log_revision", "updated_at"])
    return game.log_revision
