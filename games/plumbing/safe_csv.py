"""The one CSV writer of every CSV export (standings, stats, all-time stats, the Retrosheet-style
game log): safe to open in a spreadsheet.

- A text cell a spreadsheet would run as a formula (it starts with ``=``, ``+``, ``-``, ``@``,
  a tab or a carriage return, after any spaces) gets a leading ``'``, the usual defence: a team
  renamed ``=HYPERLINK(…)`` reads as that text, not as a live link. Numbers stay numbers,
  written as they are: ``+66`` run difference, ``-1.000`` net run rate, ``-3``.
- Downloads are UTF-8 with a byte-order mark, so spreadsheets that otherwise guess a legacy
  code page show ``—`` and accented names as the page does (``download``).

defusedcsv was tried and not used: it quotes ``+66`` (its number test allows only a leading
``-``), leaves cells starting with a tab or a carriage return alone and rewrites ``|`` inside
text.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?")
BOM = "\ufeff"
CONTENT_TYPE = "text/csv; charset=utf-8"

Cell = str | int | float | None


def neutralise(value: Any) -> Cell:
    """A cell as it is safe to write: numbers as they are, risky text behind a ``'``."""
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)
    if is_formula(text):
        return "'" + text
    return text


def is_formula(text: str) -> bool:
    """Would a spreadsheet read ``text`` as a formula (and not as a number)?"""
    if NUMBER.fullmatch(text.strip(" ")):
        return False
    return text.lstrip(" ").startswith(FORMULA_STARTS)


def rows_to_text(rows: Iterable[Iterable[Any]]) -> str:
    """Rows as CSV text (``\\n`` line ends), every cell neutralised."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(neutralise(cell) for cell in row)
    return out.getvalue()


def quoted_line(cells: Iterable[Cell]) -> str:
    """One line in the Retrosheet game-log style: text quoted, numbers bare, ``None`` empty."""
    written = []
    for cell in cells:
        if cell is None:
            written.append("")
        elif isinstance(cell, int | float) and not isinstance(cell, bool):
            written.append(str(cell))
        else:
            written.append('"' + str(neutralise(str(cell))).replace('"', '""') + '"')
    return ",".join(written) + "\n"


def download(text: str, filename: str) -> HttpResponse:
    """A CSV download: UTF-8 with a byte-order mark, as an attachment called ``filename``."""
    response = HttpResponse(BOM + text, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
