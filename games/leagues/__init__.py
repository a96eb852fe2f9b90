"""Leagues, seasons, teams and fixtures run by organisers (``services``, ``forms``, ``views``),
the stats stored per final game (``stats``) and the standings and stats pages read from them."""
