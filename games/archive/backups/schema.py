"""The shape of a backup's ``leagues.json``, as pydantic models, and how a wrong value is told.

Each model says, field by field, the type, whether the key may be missing (and the value it
then takes) and the bounds; keys the models do not name are ignored. Values are checked by
the validators below rather than by pydantic's own, so that a wrong one is told in one line
naming where it is and what it should be::

    leagues.json: leagues[0]: 'name' must be text of at most 100 characters, not ['x']

What the models do not check is left to the restore: names that must match (a fixture's
teams, a tie's entrants) and values given once (seeds). A game's own times and correction
history are checked per game (``GameHistory``), so that a wrong one leaves that game out
rather than refusing the restore. The format itself is described in docs/backup-format.md.
"""

import reprlib
from collections.abc import Callable
from datetime import date, datetime, time
from typing import Annotated, Any, Literal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.dateparse import parse_date, parse_datetime, parse_time
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, model_validator
from pydantic import ValidationError as PydanticValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from games.engines import EngineError
from games.engines import get as get_engine
from games.leagues.cups import draw as cup_draw
from games.models import Competition, Fixture, Game, League, PlayCorrection, Season, Team, Tie

FORMAT = "scorekeeper-archive"
VERSION = 3
READS = (1, 2, 3)
GAMES_DIR = "games"
MANIFEST = "manifest.json"
LEAGUES = "leagues.json"
POINTS_MAX = 100  # as league_services allows
SMALL_MAX = 32767  # a PositiveSmallIntegerField's largest value
DRAW_SEED_MAX = 999_999  # as the cup services allow
DECIDED_BY = ("", "game", "aggregate", "decider", "walkover", "bye")
OUTCOMES = tuple(value for value, _ in Fixture.OUTCOMES)

_REQUIRED: Any = object()


class ArchiveError(ValueError):
    """An archive that cannot be written or restored; the message says why."""


def show(value: Any) -> str:
    """``value`` for a one-line message, cut short (it may be a huge string or list)."""
    return reprlib.repr(value)


def max_length(model: type, field: str) -> int:
    return model._meta.get_field(field).max_length


def _fail(message: str) -> Any:
    raise PydanticCustomError("archive", "{message}", {"message": message})


# Field types: each checks a value and words what it should have been ------------------------


def text(length: int | None = None, *, empty: Any = _REQUIRED) -> Any:
    """Text, not blank, of at most ``length`` characters; with ``empty``, a missing, null
    or ``""`` value gives ``empty``."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if empty is not _REQUIRED and (value is None or value == ""):
            return empty
        too_long = length is not None and isinstance(value, str) and len(value) > length
        if not isinstance(value, str) or not value.strip() or too_long:
            size = f" of at most {length} characters" if length else ""
            _fail(f"{info.field_name!r} must be text{size}, not {show(value)}")
        return value

    kind: Any = Annotated[str, Field(max_length=length)] if length else str
    if empty is None:
        kind = kind | None
    return Annotated[kind, BeforeValidator(check)]


def whole(low: int, high: int, *, null: Any = _REQUIRED) -> Any:
    """A whole number from ``low`` to ``high``; with ``null``, null gives ``null``."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if value is None and null is not _REQUIRED:
            return null
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            _fail(
                f"{info.field_name!r} must be a whole number from {low} to {high}, "
                f"not {show(value)}"
            )
        return value

    kind: Any = Annotated[int, Field(ge=low, le=high)]
    if null is None:
        kind = kind | None
    return Annotated[kind, BeforeValidator(check)]


def _flag(value: Any, info: ValidationInfo) -> bool:
    if not isinstance(value, bool):
        _fail(f"{info.field_name!r} must be true or false, not {show(value)}")
    return value


Flag = Annotated[bool, BeforeValidator(_flag)]


def choice(allowed: tuple[str, ...], default: str) -> Any:
    """One of ``allowed``; a missing or null value gives ``default``."""

    def check(value: Any, info: ValidationInfo) -> str:
        if value is None:
            return default
        if not isinstance(value, str) or value not in allowed:
            listed = ", ".join(repr(item) for item in allowed if item)
            _fail(f"{info.field_name!r} must be one of {listed}, not {show(value)}")
        return value

    return Annotated[Literal[allowed], BeforeValidator(check)]


def _choices(model: type, name: str) -> tuple[str, ...]:
    return tuple(value for value, _ in model._meta.get_field(name).choices)


def _group(value: Any, info: ValidationInfo) -> str:
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or len(value) != 1 or value not in cup_draw.GROUP_LETTERS:
        _fail(f"{info.field_name!r} must be a group's letter, not {show(value)}")
    return value


# A group's letter, or "" for none; which letters a competition has is the restore's check.
Group = Annotated[str, Field(max_length=1), BeforeValidator(_group)]


def moment(
    parse: Callable[[str], Any],
    words: str,
    kind: type,
    *,
    required: bool = False,
    named: bool = False,
) -> Any:
    """A date, a time or a date and time in ISO form; null or ``""`` (unless ``required``)
    give ``None``. With ``named`` the message names the field."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if not required and (value is None or value == ""):
            return None
        try:
            parsed = parse(value) if isinstance(value, str) else None
        except ValueError:
            parsed = None
        if parsed is None:
            field = f"{info.field_name}: " if named else ""
            _fail(f"{field}not a {words}: {show(value)}")
        return parsed

    return Annotated[kind if required else kind | None, BeforeValidator(check)]


Day = moment(parse_date, "date", date)
TimeOfDay = moment(parse_time, "time of day", time)
When = moment(parse_datetime, "date and time", datetime)


def _names(value: Any, info: ValidationInfo) -> list[str]:
    value = value or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        _fail(f"{info.field_name!r} must be a list of names, not {show(value)}")
    return value


Names = Annotated[list[str], BeforeValidator(_names)]


def rows(model: type, *, null: bool = True) -> Any:
    """A list of ``model`` objects; with ``null``, null (or any empty value) is no rows."""

    def check(value: Any, info: ValidationInfo) -> Any:
        if null:
            value = value or []
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            _fail(f"{info.field_name!r} must be a list of objects")
        return value

    return Annotated[list[model], BeforeValidator(check)]


def _object(value: Any, info: ValidationInfo) -> Any:
    """An object; a missing, null or empty value is an empty one."""
    value = value or {}
    if not isinstance(value, dict):
        _fail(f"{info.field_name!r} must be an object, not {show(value)}")
    return value


def _object_or_null(value: Any, info: ValidationInfo) -> Any:
    if value is not None and not isinstance(value, dict):
        _fail(f"{info.field_name!r} must be an object or null, not {show(value)}")
    return value


def _outcome(value: Any) -> str:
    value = value or Fixture.NORMAL
    if not isinstance(value, str) or value not in OUTCOMES:
        _fail(f"not a fixture outcome: {show(value)}")
    return value


class Row(BaseModel):
    """An object of the file: keys not named here are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)


# leagues.json ---------------------------------------------------------------------------------


def _point(name: str) -> Any:
    return Field(default=League._meta.get_field(f"points_{name}").default)


class Points(Row):
    """A league's points for each result; an older archive may lack ``no_result``."""

    win: whole(0, POINTS_MAX) = _point("win")
    tie: whole(0, POINTS_MAX) = _point("tie")
    loss: whole(0, POINTS_MAX) = _point("loss")
    no_result: whole(0, POINTS_MAX) = _point("no_result")


class LeagueRow(Row):
    name: text(max_length(League, "name"))
    slug: text(max_length(League, "slug"))
    kind: text()
    # Kept as written, so a restore gives back what was exported; its engine must accept it.
    options: Annotated[dict[str, Any], BeforeValidator(_object)] = {}
    points: Annotated[Points, BeforeValidator(_object)] = Points()
    organisers: Names = []
    created_at: When = None

    @model_validator(mode="after")
    def _engine_accepts(self) -> "LeagueRow":
        try:
            get_engine(self.kind).options(self.options)
        except EngineError as exc:
            _fail(str(exc))
        return self


class SeasonRow(Row):
    league: text()
    name: text(max_length(Season, "name"))
    slug: text(max_length(Season, "slug"))
    starts_on: Day = None


class TeamRow(Row):
    league: text()
    name: text(max_length(Team, "name"))
    slug: text(max_length(Team, "slug"))


class TiePlace(Row):
    """Where a tie is in its bracket."""

    round: whole(1, SMALL_MAX)
    slot: whole(0, SMALL_MAX)
    third_place: Flag = False

    @property
    def key(self) -> tuple[int, int, bool]:
        return (self.round, self.slot, self.third_place)


class TieRow(TiePlace):
    """A tie of a competition's bracket; its entrants are named by seed."""

    first: whole(1, SMALL_MAX, null=None) = None
    second: whole(1, SMALL_MAX, null=None) = None
    winner: whole(1, SMALL_MAX, null=None) = None
    bye: Flag = False
    decided_by: choice(DECIDED_BY, "") = ""
    walkover_reason: text(max_length(Tie, "walkover_reason"), empty="") = ""
    flag: text(max_length(Tie, "flag"), empty="") = ""


class EntrantRow(Row):
    team: text()
    seed: whole(1, SMALL_MAX)
    group: Group = ""
    knockout_seed: whole(1, SMALL_MAX, null=None) = None


class CompetitionRow(Row):
    league: text()
    season: text()
    name: text(max_length(Competition, "name"))
    slug: text(max_length(Competition, "slug"))
    format: choice(_choices(Competition, "format"), Competition.CUP) = Competition.CUP
    draw: choice(_choices(Competition, "draw"), Competition.SEEDED) = Competition.SEEDED
    draw_seed: whole(0, DRAW_SEED_MAX, null=None) = None
    third_place: Flag = False
    two_legs: Flag = False
    groups: whole(0, len(cup_draw.GROUP_LETTERS), null=0) = 0
    per_group: whole(0, cup_draw.MAX_ENTRANTS, null=0) = 0
    knockout_drawn: Flag = False
    from_standings: Flag = False
    created_at: When = None
    entrants: rows(EntrantRow) = []
    ties: rows(TieRow) = []


class FixtureRow(Row):
    league: text()
    season: text()
    away: text()
    home: text(empty=None) = None
    scheduled_on: Day = None
    scheduled_time: TimeOfDay = None
    competition: text(empty=None) = None
    group: Group = ""
    tie: Annotated[TiePlace | None, BeforeValidator(_object_or_null)] = None
    leg: whole(1, SMALL_MAX, null=1) = 1
    decider: Flag = False
    game: text(empty=None) = None
    outcome: Annotated[str, BeforeValidator(_outcome)] = Fixture.NORMAL
    outcome_reason: text(max_length(Fixture, "outcome_reason"), empty="") = ""
    outcome_recorded_at: When = None

    @model_validator(mode="after")
    def _outcome_has_a_reason(self) -> "FixtureRow":
        if self.outcome != Fixture.NORMAL and not self.outcome_reason:
            length = max_length(Fixture, "outcome_reason")
            _fail(f"'outcome_reason' must be text of at most {length} characters, not empty")
        return self


class GameRow(Row):
    """A game's entry. Its times and correction history are kept as written here and
    checked when that game is restored (``GameHistory``)."""

    file: text()
    league: text(empty=None) = None
    season: text(empty=None) = None
    created_by: text(empty=None) = None
    scorers: Names = []
    record_hash: text(max_length(Game, "record_hash"), empty=None) = None
    void_reason: text(max_length(Game, "void_reason"), empty="") = ""
    created_at: Any = None
    finished_at: Any = None
    voided_at: Any = None
    corrections: Any = None
    reopenings: Any = None


class LeaguesFile(Row):
    """``leagues.json``. A list missing from an older archive is empty."""

    leagues: rows(LeagueRow, null=False) = []
    seasons: rows(SeasonRow, null=False) = []
    teams: rows(TeamRow, null=False) = []
    competitions: rows(CompetitionRow, null=False) = []
    fixtures: rows(FixtureRow, null=False) = []
    games: rows(GameRow, null=False) = []


# A game's times and correction history -------------------------------------------------------


def _username(value: Any, info: ValidationInfo) -> str | None:
    if value is None:
        return None
    model = get_user_model()
    try:
        if not isinstance(value, str) or len(value) > max_length(model, "username"):
            raise DjangoValidationError("not text of the right length")
        model.username_validator(value)
    except DjangoValidationError:
        _fail(f"not a username: {show(value)}")
    return value


Username = Annotated[str | None, BeforeValidator(_username)]
REASON_MAX = max_length(PlayCorrection, "reason")


def _play_number(value: Any, info: ValidationInfo) -> int | None:
    if value is not None and type(value) is not int:
        _fail(f"the log has no play {show(value)}")
    return value


def _seq(value: Any, info: ValidationInfo) -> int:
    if type(value) is not int or value < 1:
        _fail(f"{info.field_name!r} must be a play number, not {show(value)}")
    return value


def _play(value: Any, info: ValidationInfo) -> Any:
    if value is None and info.field_name == "after":  # a deletion
        return None
    if not isinstance(value, dict):
        _fail(f"{info.field_name!r} must be a play (a JSON object), not {show(value)}")
    return value


def _reason(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > REASON_MAX:
        _fail(f"the reason must be text of 1 to {REASON_MAX} characters")
    return value


Play = Annotated[dict[str, Any], BeforeValidator(_play)]
Moment = moment(parse_datetime, "date and time", datetime, required=True)


class CorrectionRow(Row):
    """A correction; ``play`` is the position in the archived log of the play it changed
    (null for a deletion, or when that play was deleted or undone later), ``seq`` the
    position the play had when it was corrected."""

    play: Annotated[int | None, BeforeValidator(_play_number)] = None
    seq: Annotated[int, Field(ge=1), BeforeValidator(_seq)]
    before: Play
    after: Annotated[dict[str, Any] | None, BeforeValidator(_play)] = None
    reason: Annotated[str, Field(max_length=REASON_MAX), BeforeValidator(_reason)]
    user: Username = None
    created_at: Moment


class ReopeningRow(Row):
    opened_by: Username = None
    opened_at: Moment
    closed_by: Username = None
    closed_at: When = None


GameWhen = moment(parse_datetime, "date and time", datetime, named=True)


class GameHistory(Row):
    """A game's own times and correction history (none in a version 1 archive)."""

    finished_at: GameWhen = None
    voided_at: GameWhen = None
    created_at: GameWhen = None
    corrections: rows(CorrectionRow) = []
    reopenings: rows(ReopeningRow) = []


# Reading and telling what is wrong ------------------------------------------------------------


def read_leagues(data: Any) -> LeaguesFile:
    """``leagues.json``'s decoded JSON, checked. Raises ``ArchiveError`` naming the first
    wrong value: ``leagues.json: competitions[0].entrants[2]: 'seed' must be …``."""
    if not isinstance(data, dict):
        raise ArchiveError(f"{LEAGUES} must hold a JSON object")
    try:
        return LeaguesFile.model_validate(data)
    except PydanticValidationError as exc:
        error = exc.errors()[0]
        where = _path(_container(error))
        raise ArchiveError(f"{LEAGUES}: {where}{_message(error)}") from None


def read_history(game: GameRow) -> GameHistory:
    """A game's times and history, checked. Raises ``ArchiveError`` naming the first wrong
    value: ``correction 1: 'seq' must be a play number, not 0``."""
    try:
        return GameHistory.model_validate(game.model_dump(include=set(GameHistory.model_fields)))
    except PydanticValidationError as exc:
        error = exc.errors()[0]
        loc = _container(error)
        where = f"{str(loc[0]).removesuffix('s')} {loc[1] + 1}: " if len(loc) >= 2 else ""
        raise ArchiveError(f"{where}{_message(error)}") from None


def _container(error: ErrorDetails) -> tuple:
    """Where the error is, without the field it names (its message names it, if at all)."""
    loc = tuple(error["loc"])
    return loc[:-1] if loc and isinstance(loc[-1], str) else loc


def _path(loc: tuple) -> str:
    """``competitions[0].entrants[1]: `` for a place in the lists of the file, then the names
    of the objects within it (``leagues[0]: points ``)."""
    last = max((n for n, part in enumerate(loc) if isinstance(part, int)), default=-1)
    lists = ".".join(
        f"{part}[{loc[n + 1]}]"
        for n, part in enumerate(loc[: last + 1])
        if isinstance(part, str) and n + 1 <= last and isinstance(loc[n + 1], int)
    )
    words = " ".join(str(part) for part in loc[last + 1 :])
    return (f"{lists}: " if lists else "") + (f"{words} " if words else "")


def _message(error: ErrorDetails) -> str:
    if error["type"] == "archive":
        return error["ctx"]["message"]
    field = error["loc"][-1] if error["loc"] else LEAGUES
    if error["type"] == "missing":
        return f"{field!r} is missing"
    return f"{field!r}: {error['msg']}"
