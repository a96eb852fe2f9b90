"""Each side's chance of winning after every play of a game (looked up in the game's
win-probability table, ``win_tables``), the plays that moved it most, and each finished
game's swing for the comeback and lopsided lists."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace

from django.db.models import F, Q, QuerySet

from games.engines.record import ReplayError
from games.engines.win_probability import NotCovered
from games.kinds import kind as game_kind
from games.kinds.chart_axis import Axis
from games.kinds.game_rows import result_text
from games.kinds.records import replay_game
from games.models import Game, WinSwing
from games.plumbing import safe_cache
from games.win import tables as win_tables

TURNING_POINTS = 3


@dataclass(frozen=True)
class Point:
    seq: int  # the play it follows; 0 before the first play
    chances: tuple[float, float, float]  # side 0 wins, side 1 wins, neither
    text: str = ""  # what the play did

    @property
    def first(self) -> float:
        return self.chances[0]

    def percent(self, side: int) -> int:
        return round(100 * self.chances[side])


@dataclass(frozen=True)
class Turn:
    point: Point
    change: float  # the first side's chance after the play less before it

    @property
    def gainer(self) -> int:
        return 0 if self.change > 0 else 1

    @property
    def points(self) -> int:
        return round(100 * abs(self.change))


@dataclass(frozen=True)
class WinChances:
    sides: tuple[str, ...]
    points: tuple[Point, ...] = ()
    reason: str = ""  # why there is no figure
    version: str = ""
    turns: tuple[Turn, ...] = field(default=())
    axis: Axis | None = None  # what the chart marks along the bottom, where each play was made

    @property
    def available(self) -> bool:
        return bool(self.points) and not self.reason

    @property
    def current(self) -> Point | None:
        return self.points[-1] if self.available else None

    @property
    def one_sided(self) -> bool:
        return len(self.sides) == 1

    @property
    def marker(self) -> str:
        """Names what a cached board showing these chances depends on beyond the log."""
        digest = hashlib.blake2b(self.reason.encode(), digest_size=6).hexdigest()
        return f"{self.version}.{digest}"


def _turns(points: tuple[Point, ...]) -> tuple[Turn, ...]:
    changes = [
        Turn(after, after.first - before.first)
        for before, after in zip(points, points[1:], strict=False)
    ]
    biggest = sorted(changes, key=lambda turn: (-abs(turn.change), turn.point.seq))
    return tuple(sorted(biggest[:TURNING_POINTS], key=lambda turn: turn.point.seq))


def for_game(game: Game) -> WinChances:
    """The game's chances after every play, or the reason there are none."""
    sides = tuple(game.sides)
    table = win_tables.table_for(game.kind, game.options)
    if isinstance(table, win_tables.Unavailable):
        return WinChances(sides, reason=table.reason)
    key = f"win-chances.axis:{game.pk}:{game.log_revision}:{table.version}"
    cached = safe_cache.get(key, WinChances)
    if cached is not None:
        # The figures follow the log; the names are today's (a side may have been renamed).
        return replace(cached, sides=sides) if cached.sides != sides else cached
    try:
        replay = replay_game(game)
    except ReplayError as exc:
        return WinChances(
            sides, reason=f"win probability not available: play {exc.number} no longer replays"
        )
    points = [Point(0, table.predict(replay.states[0]))]
    for seq, (state, outcome) in enumerate(
        zip(replay.states[1:], replay.outcomes, strict=True), start=1
    ):
        points.append(Point(seq, table.predict(state), outcome.text))
    chances = WinChances(
        sides,
        tuple(points),
        version=table.version,
        turns=_turns(tuple(points)),
        axis=game_kind(game.kind).chart_axis(replay.states),
    )
    safe_cache.put(key, chances)
    _keep_swing(game, chances)
    return chances


def figures(point: Point | None, sides: tuple[str, ...] | list[str]) -> list[tuple[str, int]]:
    """(who, percent) to show for ``point``: each side's chance, or solitaire's chance of a
    win."""
    if point is None:
        return []
    if len(sides) == 1:
        return [("Chance of a win", point.percent(0))]
    return [(side, point.percent(index)) for index, side in enumerate(sides[:2])]


def current(game: Game, state) -> Point | None:
    """Each side's chance now, from the board's ``state`` (one lookup), or ``None``."""
    table = win_tables.table_for(game.kind, game.options)
    if isinstance(table, win_tables.Unavailable):
        return None
    return Point(0, table.predict(state))


def _keep_swing(game: Game, chances: WinChances) -> None:
    winner = game.summary.get("winner")
    if not game.is_final or game.is_voided or winner is None or not chances.available:
        return
    low = min(chances.points, key=lambda point: (point.chances[winner], point.seq))
    _save_swing(game, chances.version, winner, low.chances[winner], low.seq)


def _save_swing(game: Game, version: str, winner: int, low: float | None, seq: int | None) -> None:
    WinSwing.objects.update_or_create(
        game=game,
        defaults={
            "log_revision": game.log_revision,
            "version": version,
            "winner": winner,
            "winner_low": low,
            "low_seq": seq,
        },
    )


def _decided(games: QuerySet[Game]) -> QuerySet[Game]:
    """Finished games with a winner that count (not voided)."""
    return games.filter(
        finished_at__isnull=False, voided_at__isnull=True, summary__winner__isnull=False
    )


def _stale(games: QuerySet[Game]) -> QuerySet[Game]:
    """Decided games whose swing is missing or was worked out for another log or table."""
    current = Q()
    for kind in set(games.values_list("kind", flat=True).distinct()):
        try:
            current |= Q(kind=kind, win_swing__version=win_tables.version(kind))
        except NotCovered:
            continue
    return (
        _decided(games)
        .exclude(current & Q(win_swing__log_revision=F("log_revision")))
        .order_by("-finished_at", "-id")
    )


def refresh_swings(games: QuerySet[Game], budget: int | None) -> int:
    """Work out the swings of decided games in ``games`` that lack a current one (at most
    ``budget`` replays; ``None`` for all). Returns how many are still without one."""
    missing = 0
    ready: dict[tuple[str, str, str], bool] = {}  # whether each table is there, asked once
    for game in _stale(games).iterator(chunk_size=200):
        name = win_tables.name_for(game.kind, game.options)
        if isinstance(name, win_tables.Unavailable):  # never covered: say so once, keep it
            try:
                version = win_tables.version(game.kind)
            except NotCovered:  # a game without a model at all
                continue
            _save_swing(game, version, game.summary["winner"], None, None)
            continue
        if budget is not None and budget <= 0:
            missing += 1
            continue
        if name.key not in ready:
            table = win_tables.table_for(game.kind, game.options)
            ready[name.key] = not isinstance(table, win_tables.Unavailable)
        if not ready[name.key]:
            missing += 1
            continue
        if budget is not None:
            budget -= 1
        if not for_game(game).available:
            missing += 1
    return missing


@dataclass(frozen=True)
class SwingRow:
    game: Game
    result: str
    percent: int  # the winner's lowest chance
    seq: int  # after which play

    @property
    def winner(self) -> str:
        return self.game.sides[self.game.win_swing.winner]


@dataclass(frozen=True)
class SwingLists:
    comebacks: list[SwingRow]
    lopsided: list[SwingRow]
    missing: int  # decided games not yet measured

    @property
    def shown(self) -> bool:
        return bool(self.comebacks or self.missing)


def swing_lists(games: QuerySet[Game], n: int = 5) -> SwingLists:
    """The biggest comebacks (the winner's lowest chance, lowest first) and the most lopsided
    games (that lowest chance highest first) among ``games``. Only what is stored: the swings
    are worked out by a job (``games.archive.jobs.measure_swings``), never by a list page."""
    missing = _stale(games).count()
    measured = (
        _decided(games)
        .exclude(pk__in=_stale(games).values("pk"))
        .filter(win_swing__winner_low__isnull=False)
        .select_related("win_swing")
    )

    def rows(order: tuple[str, ...]) -> list[SwingRow]:
        return [
            SwingRow(
                game,
                result_text(game),
                round(100 * game.win_swing.winner_low),
                game.win_swing.low_seq,
            )
            for game in measured.order_by(*order)[:n]
        ]

    return SwingLists(
        rows(("win_swing__winner_low", "-finished_at")),
        rows(("-win_swing__winner_low", "-finished_at")),
        missing,
    )
