"""The stream overlay's scorebug: what one game's corner of a broadcast shows, built from the
game's stored summary (``Game.summary``, written with every play) without replaying the log.

One small function per family of games (``baseball``, ``cricket``, ``tennis``, ``solitaire``,
as ``games/kinds`` declares them); ``for_game`` picks it. The templates are
``templates/games/overlay/_<family>.html``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from games.kinds import BASEBALL, CRICKET, SOLITAIRE, TENNIS
from games.kinds import kind as game_kind
from games.models import Game

Summary = dict[str, Any]


@dataclass(frozen=True)
class Side:
    """One side's row of the bug."""

    name: str
    score: str = ""
    innings: list[str] = field(default_factory=list)  # baseball: runs per inning ("" unplayed)
    sets: list[int] = field(default_factory=list)  # tennis: games in each finished set
    games: str = ""  # tennis: games in the set being played
    points: str = ""  # tennis: points in the game being played
    at_bat: bool = False  # batting (baseball, cricket) or serving (tennis)
    won: bool = False


@dataclass(frozen=True)
class Scorebug:
    """Everything the bug shows; ``family`` names its template."""

    family: str
    sides: list[Side]
    status: str  # "Top 3", "Final", "Void", "Set 2", "2nd innings"
    live: bool  # still being played (the overlay keeps polling)
    inning_numbers: list[int] = field(default_factory=list)
    outs: int = 0
    bases: list[bool] = field(default_factory=lambda: [False, False, False])
    count: list[tuple[str, int]] = field(default_factory=list)  # ("B", 1), ("S", 2)
    facts: list[tuple[str, str]] = field(default_factory=list)  # ("Overs", "5.2")

    @property
    def runners(self) -> str:
        """The bases in words, for a screen reader: "Runners on first, third"."""
        names = ("first", "second", "third")
        on = [name for name, taken in zip(names, self.bases, strict=False) if taken]
        return f"Runners on {', '.join(on)}" if on else "Bases empty"


def for_game(game: Game) -> Scorebug:
    """The scorebug of ``game`` as its stored summary has it now."""
    summary = game.summary or {}
    family = game_kind(game.kind).family
    bug = BUILDERS[family](game, summary)
    if game.is_voided:
        return replace(bug, status="Void", live=False)
    return bug


def _live(summary: Summary) -> bool:
    return summary.get("status", "in_progress") != Game.FINAL


def _winner(summary: Summary, side: int) -> bool:
    return summary.get("winner") == side


def baseball_bug(game: Game, summary: Summary) -> Scorebug:
    """Runs per inning and in all, the half-inning, outs, bases and the count (Quick
    Baseball counts balls, Bedard's balls and strikes)."""
    line_score = summary.get("line_score") or [[] for _ in game.sides]
    score = summary.get("score") or [0 for _ in game.sides]
    played = max((len(runs) for runs in line_score), default=0)
    innings_due = int(game.options.get("innings") or 0)
    columns = max(played, innings_due, 1)
    batting = 0 if summary.get("half", "top") == "top" else 1
    live = _live(summary)
    sides = [
        Side(
            name=name,
            score=str(score[i]) if i < len(score) else "0",
            innings=[str(r) for r in line_score[i]] + [""] * (columns - len(line_score[i]))
            if i < len(line_score)
            else [""] * columns,
            at_bat=live and i == batting,
            won=_winner(summary, i),
        )
        for i, name in enumerate(game.sides)
    ]
    count = [(label, summary.get(key)) for label, key in (("B", "balls"), ("S", "strikes"))]
    return Scorebug(
        family=BASEBALL,
        sides=sides,
        status=_inning_status(summary) if live else "Final",
        live=live,
        inning_numbers=list(range(1, columns + 1)),
        outs=int(summary.get("outs", 0)) if live else 0,
        bases=list(summary.get("bases", [False, False, False])) if live else [False] * 3,
        count=[(label, value) for label, value in count if value is not None] if live else [],
    )


def _inning_status(summary: Summary) -> str:
    if "inning" not in summary:
        return "Top 1"
    half = "Top" if summary.get("half", "top") == "top" else "Bot"
    return f"{half} {summary['inning']}"


def cricket_bug(game: Game, summary: Summary) -> Scorebug:
    """Each side's innings totals, then the innings being played: overs, the current
    partnership, the target and each side's reviews left."""
    innings = summary.get("innings") or []
    live = _live(summary)
    current = innings[-1] if innings else None
    batting = current["batting"] if current else 0
    sides = []
    for i, name in enumerate(game.sides):
        totals = [_cricket_total(one) for one in innings if one.get("batting") == i]
        sides.append(
            Side(
                name=name,
                score=" & ".join(totals) or "yet to bat",
                at_bat=live and current is not None and i == batting,
                won=_winner(summary, i),
            )
        )
    facts: list[tuple[str, str]] = []
    if current is not None:
        facts.append(("Overs", str(current.get("overs", "0.0"))))
        partnerships = current.get("partnerships") or [0]
        if live:
            facts.append(("P'ship", str(partnerships[-1])))
        if live and summary.get("target") is not None:
            facts.append(("Target", str(summary["target"])))
        reviews = current.get("reviews_left")
        if live and reviews:
            facts.append(("Reviews", "–".join(str(left) for left in reviews)))
    if not live:
        status = "Final"
    elif current is None:
        status = "Toss"
    else:
        status = f"{_ordinal(len(innings))} innings"
    return Scorebug(family=CRICKET, sides=sides, status=status, live=live, facts=facts)


def _cricket_total(innings: Summary) -> str:
    runs, wickets = innings.get("runs", 0), innings.get("wickets", 0)
    return str(runs) if wickets >= 10 else f"{runs}/{wickets}"


def _ordinal(number: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(number, f"{number}th")


def tennis_bug(game: Game, summary: Summary) -> Scorebug:
    """Games in each finished set, games and points in the set being played, and who
    serves."""
    live = _live(summary)
    sets = summary.get("sets") or []
    games = summary.get("games") or [0, 0]
    points = summary.get("points") or ["0", "0"]
    server = summary.get("server", 0)
    sides = [
        Side(
            name=name,
            score=str((summary.get("score") or [0, 0])[i]),
            sets=[finished[i] for finished in sets],
            games=str(games[i]) if live else "",
            points=str(points[i]) if live else "",
            at_bat=live and i == server,
            won=_winner(summary, i),
        )
        for i, name in enumerate(game.sides)
    ]
    status = f"Set {summary.get('set', len(sets) + 1)}" if live else "Final"
    if live and summary.get("tiebreak"):
        status += " · Tie-break"
    return Scorebug(family=TENNIS, sides=sides, status=status, live=live)


def solitaire_bug(game: Game, summary: Summary) -> Scorebug:
    """The player's runs, the inning, outs and bases."""
    live = _live(summary)
    score = summary.get("score") or [0]
    result = summary.get("result")
    if live:
        status = f"Inning {summary.get('inning', 1)}"
    elif summary.get("called"):
        status = "Rained out"
    else:
        status = {"win": "Final · Win", "loss": "Final · Loss"}.get(result or "", "Final")
    sides = [Side(name=game.sides[0] if game.sides else "", score=str(score[0]), at_bat=live)]
    return Scorebug(
        family=SOLITAIRE,
        sides=sides,
        status=status,
        live=live,
        outs=int(summary.get("outs", 0)) if live else 0,
        bases=list(summary.get("bases", [False, False, False])) if live else [False] * 3,
    )


BUILDERS: dict[str, Callable[[Game, Summary], Scorebug]] = {
    BASEBALL: baseball_bug,
    CRICKET: cricket_bug,
    TENNIS: tennis_bug,
    SOLITAIRE: solitaire_bug,
}
