"""Reading a backup's files without trusting them: each through
``games.plumbing.untrusted_files`` (never through a symbolic link, only a regular file, within
a size limit, UTF-8 JSON without ``NaN`` and not nested too deeply), and a game's file only
from the ``games`` folder. The manifest must name a format and version this site reads.
docs/backup-format.md describes the files.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

from games.archive.backups import schema
from games.archive.backups.fields import show
from games.archive.backups.schema import GAMES_DIR, LEAGUES, MANIFEST, ArchiveError
from games.plumbing import untrusted_files

# Reading the files --------------------------------------------------------------------------


def read_archive(*, directory: Path) -> schema.LeaguesFile:
    """The archive's ``leagues.json``, checked, once its manifest says it is an archive this
    site reads. Raises ``ArchiveError``."""
    manifest = _read_json(directory / MANIFEST, limit=untrusted_files.RECORD_LIMIT)
    if not isinstance(manifest, dict) or manifest.get("format") != schema.FORMAT:
        raise ArchiveError(f"{directory} is not a scorekeeper archive (see its {MANIFEST})")
    if manifest.get("version") not in schema.READS:
        reads = schema.READS
        raise ArchiveError(
            f"the archive is version {show(manifest.get('version'))}; this site reads "
            f"{', '.join(map(str, reads[:-1]))} and {reads[-1]}"
        )
    if (directory / GAMES_DIR).is_symlink():
        raise ArchiveError(f"{directory / GAMES_DIR} is a symbolic link, not followed")
    return schema.read_leagues(_read_json(directory / LEAGUES, limit=untrusted_files.LEAGUES_LIMIT))


def manifest_version(directory: Path) -> int:
    """The version the archive's manifest gives (read once ``read_archive`` has checked it)."""
    manifest = _read_json(directory / MANIFEST, limit=untrusted_files.RECORD_LIMIT)
    return int(manifest["version"])


def _read_json(path: Path, *, limit: int) -> Any:
    try:
        return untrusted_files.read_json(path, limit=limit)
    except untrusted_files.NoSuchFile:
        raise ArchiveError(f"no {path.name} in {path.parent}") from None
    except untrusted_files.UntrustedFileError as exc:
        raise ArchiveError(f"{path}: {exc}") from None


def read_game(directory: Path, name: str) -> Any:
    try:
        return untrusted_files.read_json(_inside(directory, name))
    except untrusted_files.UntrustedFileError as exc:
        raise ArchiveError(str(exc)) from None


def _inside(directory: Path, name: str) -> Path:
    """The game file ``name`` names, which must be ``games/<file>.json``: a name reaching
    anywhere else (``..``, an absolute path, a NUL) is refused. The file itself is read
    without following a symbolic link (``games.plumbing.untrusted_files``)."""
    parts = PurePosixPath(name).parts
    if (
        "\x00" in name
        or len(parts) != 2
        or parts[0] != GAMES_DIR
        or PurePosixPath(parts[1]).suffix != ".json"
    ):
        raise ArchiveError(f"not a game file of the archive: {show(name)}")
    return directory / GAMES_DIR / parts[1]
