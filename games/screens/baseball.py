"""The baseball scoreboard shared by every baseball game: line score with R and H."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..selectors import Scoreboard


@dataclass(frozen=True)
class LineRow:
    name: str
    cells: tuple[str, ...]
    runs: int
    hits: int
    batting: bool


def hits_by_side(board: Scoreboard) -> list[int]:
    """Hits per side, counted from the outcomes tagged ``hit``."""
    hits = [0] * len(board.summary["score"])
    before = [board.replay.engine.summary(board.replay.states[0])] + [
        line.summary for line in board.lines
    ]
    for line, summary in zip(board.lines, before, strict=False):
        if "hit" in line.outcome.tags:
            hits[0 if summary["half"] == "top" else 1] += 1
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
