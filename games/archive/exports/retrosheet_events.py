"""A two-sided baseball game as a Retrosheet-style event file (standard library only).

Retrosheet's event files (https://www.retrosheet.org/eventfile.htm) hold one game after
another as records: ``id,`` (the game), ``version,2``, ``info,`` (what is known of the game),
``start,`` (the lineups), ``play,inning,side,player,count,pitches,event`` (one per plate
appearance, plus one per base-running event during it) and ``com,`` (comments). Ours write
what the games have, with these departures:

- **Teams** get three-character codes made from their names (``GIA`` for Giants; a name
  whose code is taken gets a digit: ``GI2``), written in ``info,visteam`` and
  ``info,hometeam``. A season pack carries Chadwick's ``TEAMyyyy`` file (one line per team:
  code, league ``S``, the team's name as city and as nickname) and a roster ``CODEyyyy.ROS``
  per team, for every year its games were played in.
- **No players.** These card games have lineup slots, not people. Each slot has a
  placeholder player id: the team's code in lower case, ``bat``, then the slot on two digits
  (``giabat03``: the Giants' third batter), listed in the team's roster as ``Slot 3`` (bats and
  throws ``?``). The ``start,`` records list slots 1-9 of each side with the slot's number as
  their fielding position (a placeholder: the games have no fielders, so 1 is the pitcher and
  2 the catcher). Every ``play,`` record names one of them: the slot the game says (Quick
  Baseball, Bedard); Backyard Baseball's two pawns bat as slot 1 (dot) and slot 2 (plain); a
  play whose game names no batter goes to the next slot in turn. There are no ``sub,``
  records and no ``data,er,`` records (no pitchers to charge).
- **The id** is ``SKP`` and the Scorekeeper game's id on nine digits (``SKP000000042``), not
  a home team's code and the date: two games may share a day. There is no ``info,site`` (the
  games have no parks); ``info,date``, ``info,number`` (0, a single game),
  ``info,timeofgame`` (minutes, when known), ``info,pitches`` and ``info,inputprogvers`` are
  written. A ``com,`` record names the Scorekeeper game and its teams.
- **Pitches and counts.** Plays that are only a pitch (a ball, a strike, a foul: Bedard's
  game, Quick Baseball's Pitch Out ball) write no record of their own: they are added to the
  ``pitches`` of the plate appearance's next record (``B`` ball, ``S`` strike, ``F`` foul)
  and to its ``count`` (balls then strikes, as before the last pitch). The event that ends a
  plate appearance adds its own last pitch (``X`` in play, ``S`` strike three, ``B`` ball
  four). Games that have no pitches (Backyard) give every plate appearance count ``00``.
- **Event codes** are read from each play's outcome (its tags, then its words):

  | outcome | event |
  |---|---|
  | home run | ``HR`` |
  | hit: singles, doubles, triples | ``S``, ``D``, ``T`` (``S8``: the fielder, when named) |
  | a bobbled out that is a hit (Backyard: the scoreboard counts it a hit) | ``S8`` |
  | walk | ``W`` |
  | balk (Bedard: the batter takes first like a walk) | ``C/E1`` (see below) |
  | strike-out (also Quick Baseball's "leave" on a strike-out card) | ``K`` |
  | fly out, "is caught" | ``8/F`` (the fielder when named) |
  | line-drive out | ``8/L`` (likewise) |
  | ground out, run out at first | ``63/G`` (``43/G`` to IR) |
  | foul fly out (Bedard) | ``2/FL`` |
  | bunt out that moved runners up with fewer than two out: a sacrifice | ``13/SH`` |
  | any other bunt out | ``13/BG`` |
  | any other out | ``3/G`` |
  | steal | ``SB2``, ``SB3``, ``SBH`` |
  | caught stealing | ``CS2(26)``, ``CS3(25)``, ``CSH(12)`` |
  | no Retrosheet equivalent: a refresh, a swap, a reprieve, a card left without harm | ``NP`` |

  Fielders named in the words: LF 7, CF 8, RF 9, IL (infield left) 6, IR (infield right) 4.
  A runner caught stealing is put out by the throw a player would expect: the catcher to the
  shortstop covering second (``26``) or to the third baseman (``25``), the pitcher to the
  catcher at home (``12``); Chadwick counts the out only when the fielders are written.
  Bedard's balk is written as the batter awarded first base on the pitcher's interference:
  Retrosheet's ``BK`` moves only the runners, and a batter put on first by it would count in
  neither Chadwick's plate appearances nor its runners left on base.

- **Runner advances** (``.1-3;2-H``) are worked out from the bases before and after the play
  and the runs it scored: runners (and a batter who reached) never pass each other, so the
  lead runners score first and the others take the occupied bases in order. The batter's own
  base is implied by the code (``S``, ``D``, ``T``, ``HR``, ``W``, ``C``) and written only
  when the batter went further (``B-2``: a Backyard extension); the runner of ``SB3`` or
  ``CS2(26)`` is implied too. A Backyard extension that fails puts out the lead runner left
  on the bases, thrown out by the fielder where the ball is to the one covering the base
  (``1X3(95)``; ``4`` covers second when the throw comes from ``6``). When the numbers do not
  add up or the play ended the half-inning, only the runs are written, as the lead runners
  scoring (``3-H;2-H``), so the runs of the ``play,`` records always add up to the score.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from games.archive.exports.retrosheet_teams import clean as _clean
from games.archive.exports.retrosheet_teams import player_id, team_codes

VERSION_RECORD = "version,2"
PROGRAM = "Scorekeeper"
NO_PLAY = "NP"
FIELDERS = {"LF": 7, "CF": 8, "RF": 9, "IL": 6, "IR": 4}
BASE_WORDS = {"second": "2", "third": "3", "home": "H"}
WHERE = re.compile(r"\bto (LF|CF|RF|IL|IR)\b")
STEAL_BASE = re.compile(r"steal(?:s|ing) (second|third|home)")
# Who puts out a runner caught stealing each base: the catcher's throw to the shortstop at
# second and to the third baseman, the pitcher's to the catcher at home.
EXTENSION_OUT = re.compile(r"\bis out at (second|third|home)\b")
CAUGHT_BY = {"2": "26", "3": "25", "H": "12"}


@dataclass(frozen=True)
class PlayIn:
    """One recorded play as the writer needs it (the site fills it from the game's replay)."""

    inning: int
    side: int  # the batting side: 0 visitors (top), 1 home (bottom)
    text: str
    tags: tuple[str, ...]
    runs: int  # runs the batting side scored on the play
    bases_before: tuple[bool, bool, bool]
    bases_after: tuple[bool, bool, bool] | None  # None: the play ended the half-inning
    batter: int | None = None  # the batter's lineup slot (1-9) when the game says
    outs: int = 0  # outs before the play


@dataclass(frozen=True)
class Event:
    """What a play is in Retrosheet's terms."""

    code: str | None  # the event; None for a pitch only
    pitch: str = ""  # the pitch it adds (B, S, F, X), if any
    batter_to: int | None = None  # where the batter ends up: 1-4 (4: home), None: out or bats on
    ends_at_bat: bool = False
    implied: bool = True  # the code puts the batter on ``batter_to`` (a balk does not: B-1)


# Every event code the writer produces, as ``code_of`` names it (fielders and moves left out).
EVENT_CODES = (
    *("S", "D", "T", "HR", "W", "C", "K"),
    *("F", "L", "G", "FL", "SH", "BG"),
    *("SB2", "SB3", "SBH", "CS2", "CS3", "CSH", NO_PLAY),
)


def code_of(event: str) -> str:
    """An event's code without fielders, modifiers' fielders or runner moves: ``S8.1-3`` is
    ``S``, ``63/G`` is ``G``, ``2/FL`` is ``FL``, ``C/E1`` is ``C``, ``CS2(26)`` is ``CS2``."""
    head = event.split(".", 1)[0]
    if "/" in head:
        play, modifier = head.split("/", 1)
        return "C" if play == "C" else modifier
    head = re.sub(r"\(\d+\)", "", head)
    found = re.fullmatch(r"([SDT])\d*", head)
    return found.group(1) if found else head


def game_id(number: int) -> str:
    return f"SKP{number:09d}"


def _fielder(text: str, default: int) -> int:
    found = WHERE.search(text)
    return FIELDERS[found.group(1)] if found else default


def classify(text: str, tags: Iterable[str]) -> Event:
    """The Retrosheet event of one play's outcome (see the module's table)."""
    tags = set(tags)
    words = text.lower()
    if "caught-stealing" in tags:
        found = STEAL_BASE.search(words)
        base = BASE_WORDS[found.group(1)] if found else "2"
        return Event(f"CS{base}({CAUGHT_BY[base]})")
    if "steal" in tags:
        found = STEAL_BASE.search(words)
        return Event(f"SB{BASE_WORDS[found.group(1)] if found else '2'}")
    if "hit" in tags:
        if "home-run" in tags or "homers" in words or "home run" in words:
            return Event("HR", "X", 4, True)
        if "bobble" in tags:
            return Event(f"S{_fielder(text, 8)}", "X", 1, True)
        for word, code, base in (("triple", "T", 3), ("double", "D", 2)):
            if word in words:
                return Event(f"{code}{_fielder(text, 0) or ''}", "X", base, True)
        return Event(f"S{_fielder(text, 0) or ''}", "X", 1, True)
    if "walk" in tags:
        return Event("W", "B", 1, True)
    if "balk" in tags:
        return Event("C/E1", "", 1, True)
    if "strikeout" in tags:
        return Event("K", "S", None, True)
    if "out" in tags:
        return Event(_out_code(text, tags), "X", None, True)
    if tags & {"ball", "strike", "foul"}:
        pitch = "B" if "ball" in tags else "F" if "foul" in tags else "S"
        return Event(None, pitch)
    return Event(NO_PLAY)


def _out_code(text: str, tags: set[str]) -> str:
    words = text.lower()
    if "foul-fly-out" in tags:
        return "2/FL"
    if tags & {"bunt", "sacrifice"} or "bunt" in words:
        return "13/SH"
    if "fly" in tags or "fly-out" in tags or "flies" in words or "is caught" in words:
        return f"{_fielder(text, 8)}/F"
    if "line-drive" in tags:
        return f"{_fielder(text, 8)}/L"
    if "grounder" in tags or "ground" in words or "run out at first" in words:
        return f"{_fielder(text, 6)}3/G"
    return "3/G"


def advances(
    before: Sequence[bool],
    after: Sequence[bool] | None,
    runs: int,
    batter_to: int | None,
    out_at: str | None = None,
    implied: bool = True,
) -> list[str]:
    """Runner moves (``1-3``, ``2-H``, ``B-2``), lead runners first; only those that can be
    known (see the module's docstring). ``batter_to`` is the base the batter reaches (``None``:
    out, or still at bat); it is written (``B-1``) when the code does not imply it
    (``implied``) or the batter ends further on (``B-2``).
    ``out_at`` (``2``, ``3``, ``H``): the lead runner left on the bases after the runs was put
    out trying for that base, and is left out of the moves (the caller writes the out)."""
    people: list[int] = [base for base in (3, 2, 1) if before[base - 1]]
    if batter_to is not None:
        people.append(0)  # the batter, behind every runner
    scored = max(runs, 0)
    if out_at is not None and len(people) > scored:
        del people[scored]
    ends: list[int] | None = None
    if after is not None:
        ends = [4] * scored + [base for base in (3, 2, 1) if after[base - 1]]
        lowest = [batter_to or 0 if start == 0 else start for start in people]
        if len(ends) != len(people) or any(e < low for e, low in zip(ends, lowest, strict=False)):
            ends = None  # who went where is unknown
    moves: list[str] = []
    if ends is None:  # only the runs, the lead runners scoring (a home run's batter is implied)
        ends = [4 if i < scored and start else start for i, start in enumerate(people)]
        if people and people[-1] == 0 and batter_to is not None:
            ends[-1] = max(ends[-1], batter_to)
    for start, end in zip(people, ends, strict=True):
        target = "H" if end == 4 else str(end)
        if start == 0:
            if end != batter_to or not implied:
                moves.append(f"B-{target}")
        elif end != start:
            moves.append(f"{start}-{target}")
    return moves


def _runner_moves(play: PlayIn, event: Event) -> list[str]:
    """The advances to write: those the event code does not already say (the stealing runner
    of ``SB3``, the runner caught by ``CS2(26)``), and a runner put out extending the play."""
    code = event.code or ""
    stolen = re.fullmatch(r"(SB|CS)([23H])(?:\(\d+\))?", code)
    if stolen is None:
        found = EXTENSION_OUT.search(play.text) if "extend-out" in play.tags else None
        if found is None:
            return advances(
                play.bases_before,
                play.bases_after,
                play.runs,
                event.batter_to,
                implied=event.implied,
            )
        return _extension_out(play, event, BASE_WORDS[found.group(1)])
    start = {"2": 1, "3": 2, "H": 3}[stolen.group(2)]
    before = list(play.bases_before)
    if stolen.group(1) == "CS":
        before[start - 1] = False  # out: off the bases
        return advances(before, play.bases_after, play.runs, None)
    implied = f"{start}-{stolen.group(2)}"
    moves = advances(before, play.bases_after, play.runs, None)
    return [move for move in moves if move != implied]


def _extension_out(play: PlayIn, event: Event, base: str) -> list[str]:
    """The moves of a play extended by its lead runner, who is thrown out at ``base``: from
    where the ball is to the fielder covering the base (``1X3(75)``, ``BX2(76)``)."""
    people = [start for start in (3, 2, 1) if play.bases_before[start - 1]]
    if event.batter_to is not None:
        people.append(0)
    moves = advances(play.bases_before, play.bases_after, play.runs, event.batter_to, base)
    runner = people[play.runs] if len(people) > play.runs else None
    if runner is None:
        return moves
    thrower = _fielder(play.text, 8)
    cover = {"2": 4 if thrower == 6 else 6, "3": 5, "H": 2}[base]
    return [*moves, f"{'B' if runner == 0 else runner}X{base}({thrower}{cover})"]


def _sacrifice(play: PlayIn) -> bool:
    """A bunt out is a sacrifice when there were runners to move up and fewer than two out
    (as the site's stats count it)."""
    return play.outs < 2 and any(play.bases_before)


def _event_text(event: Event, moves: list[str]) -> str:
    code = event.code or NO_PLAY
    return code + (f".{';'.join(moves)}" if moves else "")


def game_events(
    *,
    number: int,
    sides: Sequence[str],
    date: datetime.date | None,
    plays: Sequence[PlayIn],
    minutes: int | None = None,
    pitches: bool = True,
    comment: str = "",
    teams: Sequence[str] | None = None,
) -> str:
    """The game's event-file records, one per line (``\\n`` line ends). ``teams`` are the
    sides' codes (a season pack's, from ``team_codes`` over all its teams); by default the
    codes of the two names alone."""
    if teams is None:
        codes = team_codes(sides)
        teams = [codes[sides[0]], codes[sides[1]]]
    lines = [f"id,{game_id(number)}", VERSION_RECORD]
    info = [("visteam", teams[0]), ("hometeam", teams[1])]
    if date is not None:
        info.append(("date", date.strftime("%Y/%m/%d")))
    info.append(("number", "0"))
    info.append(("pitches", "pitches" if pitches else "none"))
    if minutes:
        info.append(("timeofgame", str(minutes)))
    info.append(("inputprogvers", PROGRAM))
    lines += [f"info,{key},{value}" for key, value in info]
    if comment:
        lines.append(f'com,"{_clean(comment)}"')
    lines.append(f'com,"{_clean(sides[0])} ({teams[0]}) at {_clean(sides[1])} ({teams[1]})"')
    for side in (0, 1):
        for slot in range(1, 10):
            player = player_id(teams[side], slot)
            lines.append(f'start,{player},"Slot {slot}",{side},{slot},{slot}')
    lines += play_records(plays, teams)
    return "\n".join(lines) + "\n"


def play_records(plays: Sequence[PlayIn], teams: Sequence[str] = ("VIS", "HOM")) -> list[str]:
    """The ``play,`` records of the plays, pitches gathered into each plate appearance. The
    batter is the slot the play names, else the side's next slot in turn (1-9)."""
    records: list[str] = []
    batters = [1, 1]  # each side's batter when a play names none
    pending = ""  # pitches of the plate appearance so far
    balls = strikes = 0
    half: tuple[int, int] | None = None
    for play in plays:
        if (play.inning, play.side) != half:
            half, pending, balls, strikes = (play.inning, play.side), "", 0, 0
        event = classify(play.text, play.tags)
        if event.code is None:
            pending += event.pitch
            if event.pitch == "B":
                balls = min(balls + 1, 3)
            elif event.pitch == "S" or (event.pitch == "F" and strikes < 2):
                strikes = min(strikes + 1, 2)
            continue
        if event.code and event.code.endswith("/SH") and not _sacrifice(play):
            event = replace(event, code=event.code.replace("/SH", "/BG"))
        moves = _runner_moves(play, event)
        count = f"{balls}{strikes}"
        if play.batter is not None:
            batters[play.side] = play.batter
        player = player_id(teams[play.side], batters[play.side])
        records.append(
            f"play,{play.inning},{play.side},{player},{count},{pending + event.pitch},"
            f"{_event_text(event, moves)}"
        )
        if event.ends_at_bat:
            pending, balls, strikes = "", 0, 0
            batters[play.side] = batters[play.side] % 9 + 1
    return records
