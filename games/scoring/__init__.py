"""A game at the table: creating games, recording and undoing plays (``services``), the board
each play carries (``board``), reading a game's log and board (``selectors``), corrections of
earlier plays, the scoring screen's views and forms, and the offline scoring worker."""
