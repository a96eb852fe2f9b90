"""Each game's board, carried by its plays, like python-chess's move stack.

Every ``Play`` row holds what it produced: the engine state after it (signed JSON data), its
outcome, the summary after it, the running tally (hits by side) and ``chain``, the digest of
the log through it. The services write them in the play's own transaction, so:

- the board is the last row (``current``: one indexed query);
- an undo deletes the last row: the row before already holds its state;
- a correction (or an import) replays from the first play it changed and rewrites the rows
  from there on (``rebuild``).

A state is stored as JSON data (``Engine.state_to_json``: the engines' own dataclasses,
tuples and frozensets, tagged), never as a pickle: reading it builds only the engines' values
and runs no code. It is stored with an HMAC (keyed from ``SECRET_KEY``) over the game, the
position, the chain (the digest of the log through the play) and the state's canonical JSON,
and read only when that checks out: the state is a cache of the log, and the signature ties it
to the very log it was replayed from, so a row copied from another game or position, edited
by hand or left by a write that bypassed this module shows no board the log does not give.
It costs one HMAC over a few kilobytes per tap. A state that fails it, one whose classes are
gone, or a play that has no state yet, is replayed from the log: its rows are written again
only when the request may write (never from a read routed to a replica, never over a log that
changed meanwhile). Nothing here deletes rows.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import router, transaction
from django.utils.crypto import constant_time_compare, salted_hmac

from games.engines import Engine, EngineError, Outcome, get
from games.engines.record import ReplayError
from games.engines.state_json import StateJSONError
from games.models import Game, Play
from games.models.games import new_revision
from games.plumbing.replica import reading_public_page

__all__ = ["Board", "PlayLine", "PlayLines", "current", "new_revision", "rebuild"]

STATE_SALT = "games.scoring.board.state"


# -- the digest of a log ---------------------------------------------------------------


def _digest(prefix: bytes, *parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(prefix + text.encode(), digest_size=16).hexdigest()


def root_digest(kind: str, options: dict[str, Any]) -> str:
    return _digest(b"", kind, options)


def next_digest(digest: str, payload: Any, by: str = "") -> str:
    """The digest of a log one play longer than the log ``digest`` stands for (``by``, who
    entered the play, is in it: a play undone and entered again by another scorer is another
    line)."""
    return _digest(digest.encode(), "play", payload, by)


def options_digest(options: dict[str, Any]) -> str:
    return _digest(b"", "options", options)


# -- signed states -------------------------------------------------------------------

SIGNATURE, STATE = "signature", "state"


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _signature(data: Any, game_pk: int, seq: int, chain: str) -> str:
    place = f"{game_pk}:{seq}:{chain}:".encode()
    return salted_hmac(STATE_SALT, place + _canonical(data), algorithm="sha256").hexdigest()


def sign_state(state: Any, *, engine: Engine, game_pk: int, seq: int, chain: str) -> dict[str, Any]:
    """``state`` as JSON data (``Engine.state_to_json``), with its signature for this game,
    position and log."""
    data = engine.state_to_json(state)
    return {SIGNATURE: _signature(data, game_pk, seq, chain), STATE: data}


def load_state(data: Any, *, engine: Engine, game_pk: int, seq: int, chain: str) -> Any | None:
    """The state ``sign_state`` stored for this place, or None: nothing unsigned, signed for
    another place or changed in any value is read."""
    if not isinstance(data, dict) or set(data) != {SIGNATURE, STATE}:
        return None
    signature = data[SIGNATURE]
    if not isinstance(signature, str) or not constant_time_compare(
        signature, _signature(data[STATE], game_pk, seq, chain)
    ):
        return None
    try:
        return engine.state_from_json(data[STATE])
    except StateJSONError:  # signed by code whose classes are gone
        return None


# -- what a play produced ------------------------------------------------------------


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {"text": outcome.text, "tags": list(outcome.tags), "runs": outcome.runs}


def outcome_from_json(data: dict[str, Any] | None) -> Outcome:
    data = data or {}
    return Outcome(data.get("text", ""), tuple(data.get("tags", ())), data.get("runs", 0))


def next_tally(tally: dict[str, Any], before: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """Running counts a scoreboard shows without reading the log: the hits of each side of a
    baseball game (a play tagged ``hit`` counts for the side batting before it)."""
    if "hit" not in outcome.tags or "half" not in before:
        return tally
    hits = list(tally.get("hits") or [0] * len(before["score"]))
    hits[0 if before["half"] == "top" else 1] += 1
    return {**tally, "hits": hits}


@dataclass(frozen=True)
class Board:
    """A game's board after its last play (or after the last play that still replays)."""

    revision: str
    length: int  # plays in the log
    last_play_id: int
    state: Any
    summary: dict[str, Any]
    replayed: int  # plays that replayed: ``length`` unless ``error``
    error: str = ""
    chain: str = ""  # digest of the log through the last replayed play
    tally: dict[str, Any] = field(default_factory=dict)


def initial(game: Game) -> Board:
    engine = get(game.kind)
    state = engine.initial_state(game.options)
    return Board(
        revision=game.log_revision,
        length=0,
        last_play_id=0,
        state=state,
        summary=engine.summary(state),
        replayed=0,
        chain=root_digest(game.kind, game.options),
    )


# -- reading ---------------------------------------------------------------------------

LAST_PLAY = ("id", "seq", "state", "summary", "chain", "tally")


def current(game: Game) -> Board:
    """The game's board now: its last play's row, or the log replayed when that row holds no
    state (or one that fails its signature)."""
    last = Play.objects.filter(game_id=game.pk).order_by("-seq").values_list(*LAST_PLAY).first()
    return after_row(game, last)


def after_row(game: Game, last: Sequence[Any] | None) -> Board:
    """The board ``last`` leaves, the ``LAST_PLAY`` columns of the game's last play (read
    by the caller, e.g. with the game's lock; None: the game has no play): the initial board,
    the row's own board, or the log replayed when the row holds no valid state."""
    if last is None:
        return initial(game)
    play_id, seq, data, summary, chain, tally = last
    place = {"game_pk": game.pk, "seq": seq, "chain": chain}
    state = load_state(data, engine=get(game.kind), **place) if summary else None
    if state is None:
        return rebuild(game)
    return Board(
        revision=game.log_revision,
        length=seq,
        last_play_id=play_id,
        state=state,
        summary=summary,
        replayed=seq,
        chain=chain,
        tally=tally or {},
    )


def may_write() -> bool:
    """Whether this request may write what it replayed: never from a read that a replica
    answers (its rows may be behind the primary's)."""
    return not reading_public_page()


# -- replaying ---------------------------------------------------------------------------


@dataclass
class _Step:
    state: Any
    summary: dict[str, Any]
    chain: str
    tally: dict[str, Any]


def rebuild(game: Game, *, start: int = 1) -> Board:
    """Replay the log from play ``start`` on (from the stored state of the play before it, when
    that checks out, else from the first play) and write what each play produced, when the
    request may write and the log is still the one replayed. Returns the board."""
    rows = Play.objects.filter(game_id=game.pk).order_by("seq")
    engine = get(game.kind)
    step = None
    if start > 1:
        before = rows.filter(seq=start - 1).values_list(*LAST_PLAY).first()
        if before is not None:
            _, seq, data, summary, chain, tally = before
            state = load_state(data, engine=engine, game_pk=game.pk, seq=seq, chain=chain)
            if state is not None and summary:
                step = _Step(state, summary, chain, tally or {})
    if step is None:
        start, step = 1, _Step(**_initial_step(game))
    plays = list(
        rows.filter(seq__gte=start)
        .select_related("created_by")
        .only("id", "seq", "payload", "created_by__username", *_PRODUCED)
    )
    changed, error, replayed = [], "", start - 1
    for play in plays:
        produced = {}
        if not error:
            by = play.created_by.get_username() if play.created_by else ""
            try:
                state, outcome = engine.play(step.state, play.payload)
            except EngineError as exc:
                error = str(ReplayError(play.seq, exc))
            else:
                summary = engine.summary(state)
                chain = next_digest(step.chain, play.payload, by)
                tally = next_tally(step.tally, step.summary, outcome)
                step = _Step(state, summary, chain, tally)
                replayed = play.seq
                produced = {
                    "state": sign_state(
                        state, engine=engine, game_pk=game.pk, seq=play.seq, chain=chain
                    ),
                    "outcome": outcome_json(outcome),
                    "summary": summary,
                    "tally": tally,
                    "chain": chain,
                }
        produced = produced or {"state": None, "outcome": None, "summary": None, "chain": ""}
        if any(_stored(play, name) != value for name, value in produced.items()):
            for name, value in produced.items():
                setattr(play, name, value)
            changed.append(play)
    if changed and may_write():
        _write(game, changed)
    last = plays[-1] if plays else None
    return Board(
        revision=game.log_revision,
        length=last.seq if last else start - 1,
        last_play_id=last.pk if last else 0,
        state=step.state,
        summary=step.summary,
        replayed=replayed,
        error=error,
        chain=step.chain,
        tally=step.tally,
    )


_PRODUCED = ("state", "outcome", "summary", "tally", "chain")


def _stored(play: Play, name: str) -> Any:
    return getattr(play, name)


def _initial_step(game: Game) -> dict[str, Any]:
    board = initial(game)
    return {"state": board.state, "summary": board.summary, "chain": board.chain, "tally": {}}


def _write(game: Game, plays: list[Play]) -> None:
    """Store what ``plays`` produced, if the game still has the revision it was replayed for
    (a writer holds the game's lock in its own transaction; a reader takes it here, and a
    slow reader never writes over a log a writer changed meanwhile)."""
    alias = router.db_for_write(Play)
    with transaction.atomic(using=alias):
        unchanged = (
            Game.objects.using(alias)
            .select_for_update()
            .filter(pk=game.pk, log_revision=game.log_revision)
            .exists()
        )
        if unchanged:
            Play.objects.using(alias).bulk_update(plays, _PRODUCED, batch_size=200)


# -- the play-by-play ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayLine:
    seq: int
    payload: dict[str, Any]
    outcome: Outcome
    summary: dict[str, Any]
    by: str = ""  # the username of the scorer who entered the play ("" if unknown)


# The lines a page shows at first; the "Older plays" link brings the others a page at a time.
PLAYS_PER_PAGE = 50


@dataclass(frozen=True)
class LinesPage:
    lines: list[PlayLine]  # newest first
    older: int  # the play before which the older lines start (0: none)


_LINE = ("seq", "payload", "outcome", "summary", "created_by__username")


class PlayLines(Sequence):
    """The play-by-play of a board: the lines of the plays that replayed, read from their
    rows only when asked for (an index or a slice is one query)."""

    def __init__(self, game: Game, board: Board):
        self.game, self.board = game, board

    def __len__(self) -> int:
        return self.board.replayed

    def __bool__(self) -> bool:
        return self.board.replayed > 0

    def __getitem__(self, item: Any) -> Any:
        if isinstance(item, slice):
            start, stop, step = item.indices(len(self))
            if step != 1:
                return self.between(start + 1, stop)[::step]
            return self.between(start + 1, stop) if start < stop else []
        index = item + len(self) if item < 0 else item
        if not 0 <= index < len(self):
            raise IndexError("play line index out of range")
        return self.between(index + 1, index + 1)[0]

    def __iter__(self) -> Iterator[PlayLine]:
        return iter(self.between(1, len(self)))

    def between(self, first: int, last: int) -> list[PlayLine]:
        """Plays ``first`` … ``last`` (1-based, both included), oldest first."""
        last = min(last, len(self))
        if first > last:
            return []
        rows = (
            Play.objects.filter(game_id=self.game.pk, seq__gte=first, seq__lte=last)
            .order_by("seq")
            .values_list(*_LINE)
        )
        lines = [
            PlayLine(seq, payload, outcome_from_json(outcome), summary or {}, by or "")
            for seq, payload, outcome, summary, by in rows
        ]
        if len(lines) < last - first + 1 or any(not line.summary for line in lines):
            # Rows that hold nothing yet (written behind this code's back): replay the log.
            if may_write():
                rebuild(self.game)
            return _replayed(self.game)[first - 1 : last]
        return lines

    def page(self, before: int | None = None, count: int = PLAYS_PER_PAGE) -> LinesPage:
        """Up to ``count`` lines before play ``before`` (the latest when None), newest first."""
        last = len(self) if before is None else min(before - 1, len(self))
        first = max(1, last - count + 1)
        return LinesPage(list(reversed(self.between(first, last))), first if first > 1 else 0)

    @property
    def latest(self) -> LinesPage:
        return self.page()


def _replayed(game: Game) -> list[PlayLine]:
    """Every line of the log, replayed in memory (a read that may not write them)."""
    engine = get(game.kind)
    state = engine.initial_state(game.options)
    lines = []
    rows = Play.objects.filter(game_id=game.pk).order_by("seq")
    for seq, payload, by in rows.values_list("seq", "payload", "created_by__username"):
        try:
            state, outcome = engine.play(state, payload)
        except EngineError:
            break
        lines.append(PlayLine(seq, payload, outcome, engine.summary(state), by or ""))
    return lines
