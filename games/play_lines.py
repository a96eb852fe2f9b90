"""The play-by-play of a game as runs ("chunks") of ``CHUNK`` lines, so a long log is never
loaded, drawn or folded whole when one play is added.

Each line is a play with what it did (outcome) and the summary after it. A full chunk is
stored once (``PlayChunk``) under the digest of the log up to its last play; the chunk still
filling (the "tail") travels with the game's cached state. Anything derived from a chunk (its
HTML, a count) can be cached under that digest: the digest changes whenever any play up to
the chunk's end changes, so such copies never go stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import sealed_cache
from .engines import Outcome
from .models import PlayChunk

if TYPE_CHECKING:
    from .state_cache import Current

CHUNK = 16


@dataclass(frozen=True)
class PlayLine:
    seq: int
    payload: dict[str, Any]
    outcome: Outcome
    summary: dict[str, Any]
    by: str = ""  # the username of the scorer who entered the play ("" if unknown)


@dataclass(frozen=True)
class Chunk:
    """Lines ``first_seq`` … ``first_seq + len(lines) - 1`` and what came before them."""

    index: int
    digest: str
    before: dict[str, Any]  # the summary before the first line
    start_state: Any  # the engine state before the first line
    lines: tuple[PlayLine, ...]

    @property
    def first_seq(self) -> int:
        return self.index * CHUNK + 1


def root_digest(kind: str, options: dict[str, Any]) -> str:
    return _digest(b"", kind, options)


def next_digest(digest: str, payload: Any, by: str = "") -> str:
    """The digest of a log one play longer than the log ``digest`` stands for (``by``, who
    entered the play, is in it: a play undone and entered again by another scorer is another
    line)."""
    return _digest(digest.encode(), "play", payload, by)


def _digest(prefix: bytes, *parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(prefix + text.encode(), digest_size=16).hexdigest()


def options_digest(options: dict[str, Any]) -> str:
    return _digest(b"", "options", options)


def _place(game_pk: int, index: int) -> str:
    return f"chunk:{game_pk}:{index}"


def store_chunks(game_pk: int, chunks: Sequence[Chunk], *, keep: int | None = None) -> None:
    """Write the chunks whose stored copy differs; with ``keep``, drop rows from that index on."""
    stored = dict(PlayChunk.objects.filter(game_id=game_pk).values_list("index", "digest"))
    changed = [chunk for chunk in chunks if stored.get(chunk.index) != chunk.digest]
    if changed:
        PlayChunk.objects.bulk_create(
            [
                PlayChunk(
                    game_id=game_pk,
                    index=chunk.index,
                    digest=chunk.digest,
                    data=sealed_cache.seal(chunk, _place(game_pk, chunk.index)),
                )
                for chunk in changed
            ],
            update_conflicts=True,
            unique_fields=["game", "index"],
            update_fields=["digest", "data"],
            batch_size=50,
        )
    if keep is not None and any(index >= keep for index in stored):
        PlayChunk.objects.filter(game_id=game_pk, index__gte=keep).delete()


def load_chunks(game_pk: int, wanted: dict[int, str]) -> dict[int, Chunk]:
    """The stored chunks whose digest is still the one wanted (others count as missing)."""
    rows = PlayChunk.objects.filter(game_id=game_pk, index__in=list(wanted)).values_list(
        "index", "digest", "data"
    )
    found = {}
    for index, digest, data in rows:
        if digest != wanted[index]:
            continue
        chunk = sealed_cache.unseal(data, _place(game_pk, index))
        if isinstance(chunk, Chunk) and chunk.digest == digest and chunk.index == index:
            found[index] = chunk
    return found


class PlayLines(Sequence):
    """The lines of a board, loaded a chunk at a time and only when asked for."""

    def __init__(self, game_pk: int, current: Current, rebuild: Callable[[], list[Chunk]]):
        self.game_pk = game_pk
        self.current = current
        self._rebuild = rebuild
        self._loaded: dict[int, Chunk] = {}

    def __len__(self) -> int:
        return self.current.replayed

    def __getitem__(self, item: Any) -> Any:
        if isinstance(item, slice):
            return [self[i] for i in range(*item.indices(len(self)))]
        index = item + len(self) if item < 0 else item
        if not 0 <= index < len(self):
            raise IndexError("play line index out of range")
        chunk = self.chunk(index // CHUNK)
        return chunk.lines[index - chunk.index * CHUNK]

    def __iter__(self) -> Iterator[PlayLine]:
        for chunk in self.chunks():
            yield from chunk.lines

    def __reversed__(self) -> Iterator[PlayLine]:
        for chunk in reversed(self.chunks()):
            yield from reversed(chunk.lines)

    def spans(self) -> list[tuple[int, str]]:
        """(index, digest) of every chunk, the tail last when it has lines."""
        current = self.current
        spans = list(enumerate(current.chunks))
        if current.tail:
            spans.append((len(current.chunks), current.chain))
        return spans

    def tail(self) -> Chunk:
        current = self.current
        return Chunk(
            index=len(current.chunks),
            digest=current.chain,
            before=current.tail_before,
            start_state=current.tail_start,
            lines=current.tail,
        )

    def chunk(self, index: int) -> Chunk:
        return self.load([index])[index]

    def chunks(self) -> list[Chunk]:
        loaded = self.load([index for index, _ in self.spans()])
        return [loaded[index] for index, _ in self.spans()]

    def load(self, indexes: list[int]) -> dict[int, Chunk]:
        full = len(self.current.chunks)
        wanted = {i: self.current.chunks[i] for i in indexes if i < full and i not in self._loaded}
        if wanted:
            found = load_chunks(self.game_pk, wanted)
            if len(found) < len(wanted):
                # A chunk is missing or unreadable: replay the log, which stores them all.
                found = {chunk.index: chunk for chunk in self._rebuild()}
            self._loaded.update(found)
        result = {}
        for index in indexes:
            result[index] = self.tail() if index == full else self._loaded[index]
        return result

    def per_chunk(self, name: str, compute: Callable[[Chunk], Any]) -> list[Any]:
        """``compute(chunk)`` for every chunk, in order, cached under each chunk's digest."""
        names = {index: self.key(name, index, digest) for index, digest in self.spans()}
        values = sealed_cache.get_many(names.values())
        missing = [index for index, key in names.items() if key not in values]
        fresh = {}
        for index, chunk in self.load(missing).items():
            values[names[index]] = fresh[self.key(name, index, chunk.digest)] = compute(chunk)
        sealed_cache.set_many(fresh)
        return [values[key] for key in names.values()]

    def key(self, name: str, index: int, digest: str) -> str:
        """The cache key of something derived from chunk ``index`` with ``digest`` alone.

        (A chunk replayed after the log changed has another digest; whatever is derived from
        it is cached under its own digest, never under the one that was asked for.)
        """
        return f"{name}:{self.game_pk}:{index}:{digest}"
