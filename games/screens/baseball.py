"""The baseball scoreboard shared by every baseball game: line score with R and H."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from ..play_lines import Chunk
from ..selectors import Scoreboard


@dataclass(frozen=True)
class LineRow:
    name: str
    cells: tuple[str, ...]
    runs: int
    hits: int
    batting: bool


def hits_by_side(board: Scoreboard) -> list[int]:
    """Hits per side, counted from the outcomes tagged ``hit`` (a chunk of plays at a time,
    each chunk's count cached, so a long game is not read whole)."""
    sides = len(board.summary["score"])
    hits = [0] * sides
    for counts in board.lines.per_chunk("hits", partial(_chunk_hits, sides)):
        hits = [total + count for total, count in zip(hits, counts, strict=True)]
    return hits


def _chunk_hits(sides: int, chunk: Chunk) -> list[int]:
    hits = [0] * sides
    before = chunk.before
    for line in chunk.lines:
        if "hit" in line.outcome.tags:
            hits[0 if before["half"] == "top" else 1] += 1
        before = line.summary
    return hits


def line_rows(board: Scoreboard) -> tuple[list[int], list[LineRow]]:
    """Inning numbers and one row per side (solitaire has one); an unplayed final bottom half
    shows ``X``."""
    summary: dict[str, Any] = board.summary
    line = summary["line_score"]
    scheduled = board.game.options.get("innings", 9)
    innings = list(range(1, max(scheduled, *(len(runs) for runs in line)) + 1))
    hits = hits_by_side(board)
    rows = []
    for side in range(len(line)):
        cells = [str(runs) for runs in line[side]]
        if side == 1 and summary["status"] == "final" and len(line[1]) < len(line[0]):
            cells.append("X")
        cells += [""] * (len(innings) - len(cells))
        batting = summary["status"] != "final" and summary["half"] == ("top", "bottom")[side]
        rows.append(
            LineRow(
                name=board.game.sides[side],
                cells=tuple(cells),
                runs=summary["score"][side],
                hits=hits[side],
                batting=batting,
            )
        )
    return innings, rows


def result_words(board: Scoreboard) -> str:
    """'Giants win 5–3' when final ('Win' or 'Loss' for a one-sided game); '' otherwise."""
    summary = board.summary
    if summary["status"] != "final":
        return ""
    if len(summary["score"]) == 1:
        return {"win": "Win", "loss": "Loss"}.get(summary.get("result") or "", "Final")
    if summary["winner"] is None:
        return f"Tied {summary['score'][0]}–{summary['score'][1]}"
    winner = summary["winner"]
    high, low = summary["score"][winner], summary["score"][1 - winner]
    return f"{board.game.sides[winner]} win {high}–{low}"
