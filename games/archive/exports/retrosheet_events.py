"""A two-sided baseball game as a Retrosheet-style event file (standard library only).

Retrosheet's event files (https://www.retrosheet.org/eventfile.htm) hold one game after
another as records: ``id,`` (the game), ``version,2``, ``info,`` (what is known of the game),
``start,`` (the lineups), ``play,inning,side,player,count,pitches,event`` (one per plate
appearance, plus one per base-running event during it) and ``com,`` (comments). Ours write
what the games have, with these departures:

- **No players.** These card games have lineup slots, not people. Each slot has a
  placeholder player id, ``v`` (visitors) or ``h`` (home), ``bat``, then the slot on four
  digits (``vbat0003``: the visitors' third batter); a batter whose slot the game does not
  say is ``vbat0000`` / ``hbat0000``. The ``start,`` records list slots 1-9 of each side with
  the slot's number as their fielding position (a placeholder: the games have no fielders).
  There are no ``sub,`` records and no ``data,er,`` records (no pitchers to charge).
- **The id** is ``SKP`` and the Scorekeeper game's id on nine digits (``SKP000000042``), not
  a home team's code and the date: teams have no three-letter codes and two games may share a
  day. ``info,visteam`` and ``info,hometeam`` are the team names (commas and quotes dropped).
  There is no ``info,site`` (the games have no parks); ``info,date``, ``info,number`` (0, a
  single game), ``info,timeofgame`` (minutes, when known), ``info,pitches`` and
  ``info,inputprogvers`` are written. A ``com,`` record names the Scorekeeper game.
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
  | a bobbled out that is a hit (Backyard) | ``E`` and the fielder (``E8``) |
  | walk | ``W`` |
  | balk (Bedard: the batter takes first) | ``BK`` |
  | strike-out (also Quick Baseball's "leave" on a strike-out card) | ``K`` |
  | fly out, "is caught" | ``8/F`` (the fielder when named) |
  | line-drive out | ``8/L`` (likewise) |
  | ground out, run out at first | ``63/G`` (``43/G`` to IR) |
  | foul fly out (Bedard) | ``2/FL`` |
  | bunt out, sacrifice | ``13/SH`` |
  | any other out | ``3/G`` |
  | steal | ``SB2``, ``SB3``, ``SBH`` |
  | caught stealing | ``CS2``, ``CS3``, ``CSH`` |
  | no Retrosheet equivalent: a refresh, a swap, a reprieve, a card left without harm | ``NP`` |

  Fielders named in the words: LF 7, CF 8, RF 9, IL (infield left) 6, IR (infield right) 4.

- **Runner advances** (``.1-3;2-H``) are worked out from the bases before and after the play
  and the runs it scored: runners never pass each other, so the lead runners score first and
  the others take the occupied bases in order. The batter's own base is implied by the code
  (``S``, ``D``, ``T``, ``HR``, ``W``), and so is the runner of ``SB3`` or ``CS2``. When the
  numbers do not add up (a Backyard ghost runner, a runner put out on an extension) or the
  play ended the half-inning, only the runs are written, as the lead runners scoring
  (``3-H;2-H``), so the runs of the ``play,`` records always add up to the score.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

VERSION_RECORD = "version,2"
PROGRAM = "Scorekeeper"
NO_PLAY = "NP"
FIELDERS = {"LF": 7, "CF": 8, "RF": 9, "IL": 6, "IR": 4}
BASE_WORDS = {"second": "2", "third": "3", "home": "H"}
WHERE = re.compile(r"\bto (LF|CF|RF|IL|IR)\b")
STEAL_BASE = re.compile(r"steal(?:s|ing) (second|third|home)")


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


@dataclass(frozen=True)
class Event:
    """What a play is in Retrosheet's terms."""

    code: str | None  # the event; None for a pitch only
    pitch: str = ""  # the pitch it adds (B, S, F, X), if any
    batter_to: int | None = None  # where the batter ends up: 1-4 (4: home), None: out or bats on
    ends_at_bat: bool = False


def player_id(side: int, slot: int | None) -> str:
    """The placeholder id of a lineup slot (``vbat0003``); slot ``None``: the side's own."""
    return f"{'vh'[side]}bat{slot or 0:04d}"


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
        return Event(f"CS{BASE_WORDS[found.group(1)] if found else '2'}")
    if "steal" in tags:
        found = STEAL_BASE.search(words)
        return Event(f"SB{BASE_WORDS[found.group(1)] if found else '2'}")
    if "hit" in tags:
        if "home-run" in tags or "homers" in words or "home run" in words:
            return Event("HR", "X", 4, True)
        if "bobble" in tags:
            return Event(f"E{_fielder(text, 8)}", "X", 1, True)
        for word, code, base in (("triple", "T", 3), ("double", "D", 2)):
            if word in words:
                return Event(f"{code}{_fielder(text, 0) or ''}", "X", base, True)
        return Event(f"S{_fielder(text, 0) or ''}", "X", 1, True)
    if "walk" in tags:
        return Event("W", "B", 1, True)
    if "balk" in tags:
        return Event("BK", "", 1, True)
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
    before: Sequence[bool], after: Sequence[bool] | None, runs: int, batter_to: int | None
) -> list[str]:
    """Runner moves (``1-3``, ``2-H``, ``B-1``), lead runners first; only those that can be
    known (see the module's docstring)."""
    moves: list[str] = []
    batter_base = batter_to if batter_to in (1, 2, 3) else None
    runners = [base for base in (3, 2, 1) if before[base - 1]]
    if after is not None:
        occupied = [base for base in (3, 2, 1) if after[base - 1] and base != batter_base]
        scored = runs - (1 if batter_to == 4 else 0)
        places: list[int | str] = ["H"] * max(scored, 0) + list(occupied)
        if scored >= 0 and len(places) == len(runners):
            for start, end in zip(runners, places, strict=True):
                if str(start) != str(end):
                    moves.append(f"{start}-{end}")
        else:  # who went where is unknown: the runs still score, lead runners first
            moves += [f"{base}-H" for base in runners[: max(scored, 0)]]
    else:
        scored = runs - (1 if batter_to == 4 else 0)
        moves += [f"{base}-H" for base in runners[: max(scored, 0)]]
    if batter_base is not None and batter_base != 1:
        moves.append(f"B-{batter_base}")
    return moves


def _runner_moves(play: PlayIn, event: Event) -> list[str]:
    """The advances to write: those the event code does not already say (the stealing runner
    of ``SB3``, the runner caught by ``CS2``)."""
    code = event.code or ""
    stolen = re.fullmatch(r"(SB|CS)([23H])", code)
    if stolen is None:
        return advances(play.bases_before, play.bases_after, play.runs, event.batter_to)
    start = {"2": 1, "3": 2, "H": 3}[stolen.group(2)]
    before = list(play.bases_before)
    if stolen.group(1) == "CS":
        before[start - 1] = False  # out: off the bases
        return advances(before, play.bases_after, play.runs, None)
    implied = f"{start}-{stolen.group(2)}"
    moves = advances(before, play.bases_after, play.runs, None)
    return [move for move in moves if move != implied]


def _event_text(event: Event, moves: list[str]) -> str:
    code = event.code or NO_PLAY
    # A batter's own base is implied by S, D, T, HR and W; moves of runners are written.
    written = [m for m in moves if not m.startswith("B-")]
    return code + (f".{';'.join(written)}" if written else "")


def _clean(name: str) -> str:
    return " ".join(re.sub(r"[,\"]", " ", name).split()) or "?"


def game_events(
    *,
    number: int,
    sides: Sequence[str],
    date: datetime.date | None,
    plays: Sequence[PlayIn],
    minutes: int | None = None,
    pitches: bool = True,
    comment: str = "",
) -> str:
    """The game's event-file records, one per line (``\\n`` line ends)."""
    lines = [f"id,{game_id(number)}", VERSION_RECORD]
    info = [("visteam", _clean(sides[0])), ("hometeam", _clean(sides[1]))]
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
    for side in (0, 1):
        for slot in range(1, 10):
            lines.append(f'start,{player_id(side, slot)},"Slot {slot}",{side},{slot},{slot}')
    lines += play_records(plays)
    return "\n".join(lines) + "\n"


def play_records(plays: Sequence[PlayIn]) -> list[str]:
    """The ``play,`` records of the plays, pitches gathered into each plate appearance."""
    records: list[str] = []
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
        moves = _runner_moves(play, event)
        count = f"{balls}{strikes}"
        player = player_id(play.side, play.batter)
        records.append(
            f"play,{play.inning},{play.side},{player},{count},{pending + event.pitch},"
            f"{_event_text(event, moves)}"
        )
        if event.ends_at_bat:
            pending, balls, strikes = "", 0, 0
    return records
