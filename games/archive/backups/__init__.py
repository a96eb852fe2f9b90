"""Backups: every game, league, season, team, competition and fixture of the site as a folder
of JSON, and back into a fresh database.

- ``export``: writing a backup (``export_archive``).
- ``restore``: reading one without trusting it and restoring it (``restore_archive``).
- ``schema``: the shape of ``leagues.json`` as pydantic models, and its error messages.
- ``history``: a game's correction history in a backup.

What a backup holds, field by field, its versions and what a restore checks are described in
docs/backup-format.md.
"""

from games.archive.backups.export import export_archive
from games.archive.backups.reading import read_archive
from games.archive.backups.restore import RestoreReport, restore_archive
from games.archive.backups.schema import FORMAT, READS, VERSION, ArchiveError

__all__ = [
    "FORMAT",
    "READS",
    "VERSION",
    "ArchiveError",
    "RestoreReport",
    "export_archive",
    "read_archive",
    "restore_archive",
]
