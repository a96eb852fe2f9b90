"""Each game's current board, cached so that a play costs the same at play 10 and play 1,000.

``current(game)`` returns the engine state after the last play, its summary and the latest
play lines. It comes from the game's ``GameState`` row when that row was made for the game's
``log_revision`` *and* still matches the log (number of plays and last play id, checked in the
same query), and is rebuilt by replaying the log otherwise: missing, stale, unreadable or made
by other code, a copy is never used. Writes (``services``, ``corrections``, voids) give the
game a new revision in their own transaction, and the services store the new state there
too: recording a play applies that one play to the cached state (exactly the engine's
``apply``), undoing one replays at most one chunk of plays. Each process also keeps the
latest board of the games it read or wrote (``_recent``), taken under the same check, so the
next play on a game need not unpickle the stored copy.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any

from django.db import connections, router

from scorekeeper import rows

from . import sealed_cache
from .engines import EngineError, Outcome, get
from .engines.record import ReplayError
from .models import Game, GameState, Play
from .models.games import new_revision
from .play_lines import (
    CHUNK,
    Chunk,
    PlayLine,
    load_chunks,
    next_digest,
    options_digest,
    root_digest,
    store_chunks,
)


@dataclass(frozen=True)
class Current:
    """A game's board after its last play (or after the last play that still replays)."""

    kind: str
    options: str  # digest of the game's options
    revision: str
    length: int  # plays in the log
    last_play_id: int
    state: Any
    summary: dict[str, Any]
    replayed: int  # plays that replayed: ``length`` unless ``error``
    error: str
    chain: str  # digest of the log through the last replayed play
    chunks: tuple[str, ...]  # the digest at the end of each full chunk
    tail: tuple[PlayLine, ...]  # the lines after the last full chunk
    tail_before: dict[str, Any]  # the summary before the first tail line
    tail_start: Any  # the engine state before the first tail line

    def fits(self, game: Game, revision: str, length: int, last_play_id: int) -> bool:
        return (
            self.revision == revision
            and self.length == length
            and self.last_play_id == last_play_id
            and self.kind == game.kind
            and self.options == options_digest(game.options)
        )


@dataclass(frozen=True)
class Mark:
    """What the database says about a game's log right now."""

    revision: str
    length: int
    last_play_id: int
    stored: bytes | None  # the GameState row's data, if any


class Stats:
    """How often a board was rebuilt by replaying its whole log (for the tests)."""

    rebuilds = 0


def _mark(game_pk: int) -> Mark:
    """The revision, play count and last play id, with the stored copy: one query (written
    out, because the ORM spends longer building this query than the database running it)."""
    alias = router.db_for_read(Game)
    connection = connections[alias]
    name = connection.ops.quote_name
    game, play, state = (name(model._meta.db_table) for model in (Game, Play, GameState))
    sql = (
        f"SELECT g.{name('log_revision')},"
        f" (SELECT COUNT(*) FROM {play} p WHERE p.{name('game_id')} = g.{name('id')}),"
        f" (SELECT MAX(p.{name('id')}) FROM {play} p WHERE p.{name('game_id')} = g.{name('id')}),"
        f" s.{name('data')}"
        f" FROM {game} g LEFT JOIN {state} s ON s.{name('game_id')} = g.{name('id')}"
        f" WHERE g.{name('id')} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_pk])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(f"no game {game_pk}")
    revision, length, last, stored = row
    return Mark(revision, length or 0, last or 0, stored)


def _place(game_pk: int) -> str:
    return f"state:{game_pk}"


# The latest board of the games this process has read or written, so that the next play on
# a game costs no unpickling: used, like the stored copy, only when it fits the log's mark.
RECENT_GAMES = 512
_recent: dict[int, Current] = {}
_recent_lock = threading.Lock()  # a worker's threads share the copies


def _remember(game_pk: int, entry: Current) -> None:
    with _recent_lock:
        _recent.pop(game_pk, None)
        if len(_recent) >= RECENT_GAMES:
            _recent.pop(next(iter(_recent)))  # the game read or written longest ago
        _recent[game_pk] = entry


def forget() -> None:
    """Drop this process's copies (the next read is as another process's or server's)."""
    with _recent_lock:
        _recent.clear()


def current(game: Game) -> Current:
    """The game's board now: this process's or the stored copy when it fits the log, else a
    replay."""
    mark = _mark(game.pk)

    def fits(copy: Any) -> bool:
        return isinstance(copy, Current) and copy.fits(
            game, mark.revision, mark.length, mark.last_play_id
        )

    copy = _recent.get(game.pk)
    if not fits(copy):
        copy = sealed_cache.unseal(mark.stored, _place(game.pk))
    if fits(copy):
        _remember(game.pk, copy)
        return copy
    return rebuild(game, mark.revision, writing=False)[0]


def rebuild(game: Game, revision: str, *, writing: bool = True) -> tuple[Current, list[Chunk]]:
    """Replay the log; store and return the board (as of ``revision``) and its full chunks.

    A writer (inside the transaction that set ``revision``) stores its copy outright. A reader
    read ``revision`` before the log, so its copy is at least that new, and stores it only if
    the game still has that revision: a slow reader never overwrites a writer's copy.
    """
    rows = list(game.plays.order_by("seq").values_list("id", "payload", "created_by__username"))
    engine = get(game.kind)
    state = engine.initial_state(game.options)
    start = _Progress(
        state=state,
        summary=engine.summary(state),
        chain=root_digest(game.kind, game.options),
        seq=0,
    )
    progress, chunks, tail, error = _replay(engine, start, [(p, by or "") for _, p, by in rows], 0)
    entry = Current(
        kind=game.kind,
        options=options_digest(game.options),
        revision=revision,
        length=len(rows),
        last_play_id=rows[-1][0] if rows else 0,
        state=progress.state,
        summary=progress.summary,
        replayed=progress.seq,
        error=error,
        chain=progress.chain,
        chunks=tuple(chunk.digest for chunk in chunks),
        tail=tuple(tail.lines),
        tail_before=tail.before,
        tail_start=tail.start_state,
    )
    Stats.rebuilds += 1
    if writing:
        store(game.pk, entry)
    else:
        _remember(game.pk, entry)
        _store_if_current(game.pk, entry)
    store_chunks(game.pk, chunks, keep=len(chunks))
    return entry, chunks


@dataclass(frozen=True)
class _Progress:
    state: Any
    summary: dict[str, Any]
    chain: str
    seq: int


def _replay(
    engine: Any, start: _Progress, plays: list[tuple[Any, str]], first_index: int
) -> tuple[_Progress, list[Chunk], Chunk, str]:
    """Apply ``plays`` (payload, who entered it) after ``start`` (which begins chunk
    ``first_index``): the progress, the chunks filled, the tail, and the error of the first
    play that does not replay."""
    chunks: list[Chunk] = []
    progress, tail_start = start, start
    lines: list[PlayLine] = []
    error = ""
    for raw, by in plays:
        seq = progress.seq + 1
        try:
            state, outcome = engine.play(progress.state, raw)
        except EngineError as exc:
            error = str(ReplayError(seq, exc))
            break
        summary = engine.summary(state)
        lines.append(PlayLine(seq, dict(raw), outcome, summary, by))
        progress = _Progress(state, summary, next_digest(progress.chain, raw, by), seq)
        if len(lines) == CHUNK:
            chunks.append(_chunk(first_index + len(chunks), progress.chain, tail_start, lines))
            tail_start, lines = progress, []
    tail = _chunk(first_index + len(chunks), progress.chain, tail_start, lines)
    return progress, chunks, tail, error


def _chunk(index: int, digest: str, start: _Progress, lines: list[PlayLine]) -> Chunk:
    return Chunk(index, digest, start.summary, start.state, tuple(lines))


def store(game_pk: int, entry: Current) -> None:
    """Store ``entry`` as the game's copy (a writer's, inside its transaction). Should the
    transaction roll back, this process's copy names a revision the log never had, so it is
    never used."""
    _remember(game_pk, entry)
    rows.upsert(GameState, "game", game_id=game_pk, **_columns(game_pk, entry))


def _store_if_current(game_pk: int, entry: Current) -> None:
    columns = _columns(game_pk, entry)
    updated = GameState.objects.filter(game_id=game_pk, game__log_revision=entry.revision).update(
        **columns
    )
    if not updated:
        GameState.objects.bulk_create(
            [GameState(game_id=game_pk, **columns)], ignore_conflicts=True
        )


def _columns(game_pk: int, entry: Current) -> dict[str, Any]:
    """The ``GameState`` columns that hold ``entry`` as ``game_pk``'s copy."""
    return {
        "revision": entry.revision,
        "length": entry.length,
        "last_play_id": entry.last_play_id,
        "data": sealed_cache.seal(entry, _place(game_pk)),
    }


def appended(
    game: Game,
    before: Current,
    *,
    play_id: int,
    raw: dict[str, Any],
    state: Any,
    outcome: Outcome,
    summary: dict[str, Any],
    revision: str,
    by: str = "",
) -> Current:
    """Store the board after play ``play_id`` (``raw``, already applied, entered by the user
    named ``by``) and return it."""
    line = PlayLine(before.length + 1, dict(raw), outcome, summary, by)
    chain = next_digest(before.chain, raw, by)
    entry = replace(
        before,
        revision=revision,
        length=before.length + 1,
        last_play_id=play_id,
        state=state,
        summary=summary,
        replayed=before.replayed + 1,
        chain=chain,
        tail=(*before.tail, line),
    )
    if len(entry.tail) == CHUNK:
        chunk = Chunk(len(before.chunks), chain, before.tail_before, before.tail_start, entry.tail)
        store_chunks(game.pk, [chunk])
        entry = replace(
            entry, chunks=(*before.chunks, chain), tail=(), tail_before=summary, tail_start=state
        )
    store(game.pk, entry)
    return entry


def after_undo(game: Game, before: Current, *, last_play_id: int, revision: str) -> Current:
    """Store the board without ``before``'s last play, replaying at most one chunk."""
    if before.error or not before.replayed:
        return rebuild(game, revision)[0]
    chunks = before.chunks
    if before.tail:
        start, lines = before.tail_start, before.tail
        start_chain = chunks[-1] if chunks else root_digest(game.kind, game.options)
        before_summary = before.tail_before
    else:
        index = len(chunks) - 1
        found = load_chunks(game.pk, {index: chunks[index]}).get(index)
        if found is None:
            return rebuild(game, revision)[0]
        chunks = chunks[:-1]
        start, lines, before_summary = found.start_state, found.lines, found.before
        start_chain = chunks[-1] if chunks else root_digest(game.kind, game.options)
    engine = get(game.kind)
    first = _Progress(start, before_summary, start_chain, lines[0].seq - 1)
    progress, _, tail, error = _replay(
        engine, first, [(line.payload, line.by) for line in lines[:-1]], len(chunks)
    )
    if error:
        return rebuild(game, revision)[0]
    entry = replace(
        before,
        revision=revision,
        length=before.length - 1,
        last_play_id=last_play_id,
        state=progress.state,
        summary=progress.summary,
        replayed=progress.seq,
        chain=progress.chain,
        chunks=chunks,
        tail=tail.lines,
        tail_before=tail.before,
        tail_start=tail.start_state,
    )
    store(game.pk, entry)
    return entry


def touch(game: Game) -> str:
    """Give ``game`` a new revision though its log is unchanged (a void, a reopening: pages
    drawn for the old revision must not be used). Call inside the write's transaction."""
    entry = current(game)
    revision = new_revision()
    Game.objects.filter(pk=game.pk).update(log_revision=revision)
    game.log_revision = revision
    store(game.pk, replace(entry, revision=revision))
    return revision
