"""The public archive: fans' pages of leagues, seasons, teams and games (``views``,
``selectors``), whole pages cached for visitors (``page_cache``), exports in other formats,
imports of finished games, and backups of whole leagues."""
