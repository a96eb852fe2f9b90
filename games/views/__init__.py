"""Thin views, one module per area: ``scoring`` (games and their plays), ``leagues``
(organisers' pages), ``archive`` (fans' pages), ``stats`` (standings, stats, records) and
``exports`` (downloads)."""
