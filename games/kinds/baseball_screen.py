"""The baseball scoreboard shared by every baseball game: line score with R and H."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.kinds.screen_board import ScreenBoard


@dataclass(frozen=True)
class LineRow:
    name: str
    cells: tuple[str, ...]
    runs: int
    hits: int
    batting: bool


def hits_by_side(board: ScreenBoard) -> list[int]:
    """Hits per side: the running tally the last play carries (``games.scoring.board.next_tally``:
    the outcomes tagged ``hit``, each for the side batting before it)."""
    sides = len(board.summary["score"])
    return list((board.tally or {}).get("hits") or [0] * sides)


def line_rows(board: ScreenBoard) -> tuple[list[int], list[LineRow]]:
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


def result_words(board: ScreenBoard) -> str:
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
