"""Reading JSON from files nobody vouches for: game records (``import_games``, ``replay``)
and backup archives (``import_leagues``).

A file is opened without following a symbolic link and without waiting on a FIFO, and is
refused unless it is a regular file within a size limit, UTF-8 text, and JSON of at most
``MAX_DEPTH`` levels without ``NaN`` or ``Infinity``. Every refusal is an
``UntrustedFileError`` whose message is one line saying why, without the file's name: the
caller names the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO, Any

from games.engines import json_text

MIB = 1024 * 1024

# The longest records measured, written as the site writes them, from the random legal
# player (games/bench/players.py): Bedard 9 innings, 4,259 plays, 280 KB (the longest of 12
# seeds); Quick Tennis 5 sets, 52 KB, and a Quick Cricket Test, 14 KB (of 60 seeds each).
# 8 MiB is about 30 times the longest; at about 125 bytes a ball it also holds a Test of
# 60,000 balls, far past any real one. Parsing and checking 8 MiB takes about 0.3 s.
RECORD_LIMIT = 8 * MIB

# leagues.json holds one row per game, fixture, team and season of the whole site: measured
# at about 600 bytes per league game with its fixture (2,000 games, the bench's big league:
# 1.2 MB), plus about 250 bytes per correction. 64 MiB holds some 100,000 games, 50 times
# the bench's league.
LEAGUES_LIMIT = 64 * MIB

# The deepest JSON this site writes is about 9 levels (a league's edited card catalogue
# inside leagues.json). Refusing past 64, counted on the text before it is parsed, keeps
# json.loads and anything that walks the value again (json.dumps, the database's JSON
# fields) clear of a RecursionError.
MAX_DEPTH = 64

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class UntrustedFileError(ValueError):
    """A file or text that is refused; the message says why, in one line."""


class NoSuchFile(UntrustedFileError):
    """The file does not exist."""


class NotJson(UntrustedFileError):
    """Text that does not parse as JSON (or holds ``NaN``); ``detail`` says where or why."""

    def __init__(self, detail: str):
        self.detail = detail
        super().__init__(f"not JSON: {detail}")


def read_json(path: Path, *, limit: int = RECORD_LIMIT) -> Any:
    """The JSON value in the file at ``path``. Raises ``UntrustedFileError``."""
    return parse_json(read_text(path, limit=limit))


def read_text(path: Path, *, limit: int = RECORD_LIMIT) -> str:
    """The UTF-8 text of the regular file at ``path``, at most ``limit`` bytes."""
    return _decode(_read_bytes(path, limit))


def read_stream(stream: IO[Any], *, limit: int = RECORD_LIMIT) -> str:
    """At most ``limit`` bytes of text from ``stream`` (standard input, say)."""
    binary = getattr(stream, "buffer", None)
    data = binary.read(limit + 1) if binary is not None else stream.read(limit + 1)
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise UntrustedFileError("not UTF-8 text") from None
    if len(data) > limit:
        raise UntrustedFileError(_too_large(limit))
    return _decode(data)


def parse_json(text: str) -> Any:
    """The JSON value of ``text``: no ``NaN`` or ``Infinity``, at most ``MAX_DEPTH`` deep (the
    depth is measured on the text before it is parsed, ``games.engines.json_text``)."""
    try:
        return json_text.loads(text, limit=MAX_DEPTH, parse_constant=_refuse_constant)
    except json_text.TooDeep as exc:
        raise UntrustedFileError(str(exc)) from None
    except ValueError as exc:
        raise NotJson(str(exc)) from None


def _read_bytes(path: Path, limit: int) -> bytes:
    # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise NoSuchFile("no such file") from None
    except OSError as exc:
        if os.path.islink(path):
            raise UntrustedFileError("a symbolic link, not followed") from None
        raise UntrustedFileError(f"cannot read the file: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise UntrustedFileError("not a file name") from None
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(fd)
        if not stat.S_ISREG(mode.st_mode):
            raise UntrustedFileError(f"{_kind(mode.st_mode)}, not a regular file")
        if mode.st_size > limit:
            raise UntrustedFileError(f"{_too_large(limit)} ({mode.st_size:,} bytes)")
        try:
            data = handle.read(limit + 1)  # the file may have grown since fstat
        except OSError as exc:
            raise UntrustedFileError(f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise UntrustedFileError(_too_large(limit))
    return data


def _too_large(limit: int) -> str:
    return f"larger than the {_mib(limit)} size limit"


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UntrustedFileError(f"not UTF-8 text (at byte {exc.start})") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def _mib(size: int) -> str:
    return f"{size // MIB} MiB" if size % MIB == 0 else f"{size:,} bytes"
