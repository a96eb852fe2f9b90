"""The Quick Tennis state (immutable values) and the three kinds of play."""

from __future__ import annotations

from dataclasses import dataclass

QUADRANTS = ("Q1", "Q2", "Q3", "Q4")  # Q1 Q2 at the net, Q3 Q4 behind
DIAGONALS = frozenset({frozenset({"Q1", "Q4"}), frozenset({"Q2", "Q3"})})
HAND = 6  # play cards each player holds at the start of every point
MAX_RECEIVE = 3  # cards the receiver may play against a serve
LOB, DROP = "lob", "drop"
CALLS = (LOB, DROP)
SETS_CHOICES = (3, 5)
GAMES_FOR_A_SET = 6
TIEBREAK_AT = (GAMES_FOR_A_SET, GAMES_FOR_A_SET)
POINTS_FOR_A_GAME = 4
POINTS_FOR_A_TIEBREAK = 7


def diagonal(a: str, b: str) -> bool:
    """Q1–Q4 and Q2–Q3: the moves a receiver cannot recover from."""
    return frozenset({a, b}) in DIAGONALS


@dataclass(frozen=True)
class Serve:
    """The server's card and the receiver's one to three cards, revealed together."""

    serve: str
    receive: tuple[str, ...]


@dataclass(frozen=True)
class Hit:
    """A rally shot: the hitter's card, the receiver's card, and what the receiver did."""

    hit: str
    receive: str
    recover: bool = False
    call: str | None = None  # "lob" or "drop": recorded only


@dataclass(frozen=True)
class OutOfCards:
    """The player with the ball on their side has no card left."""


Play = Serve | Hit | OutOfCards


@dataclass(frozen=True)
class Rally:
    """The point under way, after a serve that was covered."""

    hitter: int  # the side with the ball, about to hit
    cards: tuple[int, int]  # cards left in each player's hand
    shots: int  # shots played so far this point, the serve included
    ball: str  # the quadrant the last shot went to (the hitter reached it)

    @property
    def receiver(self) -> int:
        return 1 - self.hitter


@dataclass(frozen=True)
class SetScore:
    games: tuple[int, int]
    tiebreak: tuple[int, int] | None = None  # the tie-break's points, when there was one


@dataclass(frozen=True)
class Match:
    best_of: int
    sets: tuple[SetScore, ...] = ()  # finished sets
    games: tuple[int, int] = (0, 0)  # in the current set (when final: the last set)
    points: tuple[int, int] = (0, 0)  # points in the current game or tie-break
    server: int = 0  # serves the current game; in a tie-break, its first point
    rally: Rally | None = None
    points_won: tuple[int, int] = (0, 0)  # over the whole match
    winner: int | None = None

    @property
    def final(self) -> bool:
        return self.winner is not None

    @property
    def tiebreak(self) -> bool:
        return self.games == TIEBREAK_AT and not self.final

    @property
    def point_server(self) -> int:
        """Who serves the next point: the game's server, or in a tie-break the player whose
        turn it is (the first point by the game's server, then two each in turn)."""
        if not self.tiebreak:
            return self.server
        played = sum(self.points)
        return self.server if (played + 1) // 2 % 2 == 0 else 1 - self.server

    @property
    def sets_won(self) -> tuple[int, int]:
        won = [0, 0]
        for finished in self.sets:
            won[0 if finished.games[0] > finished.games[1] else 1] += 1
        return won[0], won[1]

    @property
    def sets_needed(self) -> int:
        return self.best_of // 2 + 1

    @property
    def cards(self) -> tuple[int, int]:
        return self.rally.cards if self.rally else (HAND, HAND)
