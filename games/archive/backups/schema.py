"""The shape of a backup's ``leagues.json``, as pydantic models, and how a wrong value is told.

Each model says, field by field, the type, whether the key may be missing (and the value it
then takes) and the bounds; keys the models do not name are ignored. The field types
(``fields``) check values themselves, so that a wrong one is told in one line naming where
it is and what it should be::

    leagues.json: leagues[0]: 'name' must be text of at most 100 characters, not ['x']

What the models do not check is left to the restore: names that must match (a fixture's
teams, a tie's entrants) and values given once (seeds). A game's own times and correction
history are checked per game (``GameHistory``), so that a wrong one leaves that game out
rather than refusing the restore. The format itself is described in docs/backup-format.md.
"""

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, model_validator
from pydantic import ValidationError as PydanticValidationError

from games.archive.backups.fields import (
    Change,
    Day,
    Flag,
    GameWhen,
    Group,
    Moment,
    Names,
    PlayNumber,
    PlayPayload,
    Position,
    Reason,
    Row,
    TimeOfDay,
    Username,
    When,
    choice,
    fail,
    in_file,
    in_history,
    max_length,
    object_or_empty,
    object_or_null,
    rows,
    show,
    text,
    whole,
)
from games.engines import EngineError
from games.engines import get as get_engine
from games.leagues.cups import draw as cup_draw
from games.models import Competition, Fixture, Game, League, Season, Team, Tie

FORMAT = "scorekeeper-archive"
VERSION = 4
READS = (1, 2, 3, 4)
# The first version whose games and leagues name their card catalogue; in an older archive
# a game that names none was played with the catalogue in force then.
CATALOGUES_NAMED = 4
GAMES_DIR = "games"
MANIFEST = "manifest.json"
LEAGUES = "leagues.json"
POINTS_MAX = 100  # as league_services allows
SMALL_MAX = 32767  # a PositiveSmallIntegerField's largest value
DRAW_SEED_MAX = 999_999  # as the cup services allow
DECIDED_BY = ("", "game", "aggregate", "decider", "walkover", "bye")
OUTCOMES = tuple(value for value, _ in Fixture.OUTCOMES)


class ArchiveError(ValueError):
    """An archive that cannot be written or restored; the message says why."""


def _choices(model: type, name: str) -> tuple[str, ...]:
    return tuple(value for value, _ in model._meta.get_field(name).choices)


def _outcome(value: Any) -> str:
    value = value or Fixture.NORMAL
    if not isinstance(value, str) or value not in OUTCOMES:
        fail(f"not a fixture outcome: {show(value)}")
    return value


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
    options: Annotated[dict[str, Any], BeforeValidator(object_or_empty)] = {}
    points: Annotated[Points, BeforeValidator(object_or_empty)] = Points()
    organisers: Names = []
    created_at: When = None

    @model_validator(mode="after")
    def _engine_accepts(self) -> "LeagueRow":
        try:
            get_engine(self.kind).options(self.options)
        except EngineError as exc:
            fail(str(exc))
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
    tie: Annotated[TiePlace | None, BeforeValidator(object_or_null)] = None
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
            fail(f"'outcome_reason' must be text of at most {length} characters, not empty")
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


class CorrectionRow(Row):
    """A correction; ``play`` is the position in the archived log of the play it changed
    (null for a deletion, or when that play was deleted or undone later), ``seq`` the
    position the play had when it was corrected."""

    play: PlayNumber = None
    seq: Position
    before: PlayPayload
    after: Change = None
    reason: Reason
    user: Username = None
    created_at: Moment


class ReopeningRow(Row):
    opened_by: Username = None
    opened_at: Moment
    closed_by: Username = None
    closed_at: When = None


class GameHistory(Row):
    """A game's own times and correction history (none in a version 1 archive)."""

    finished_at: GameWhen = None
    voided_at: GameWhen = None
    created_at: GameWhen = None
    corrections: rows(CorrectionRow) = []
    reopenings: rows(ReopeningRow) = []


# Reading ------------------------------------------------------------

# What a check could raise that the field types did not foresee: still one line, not a crash.
_UNFORESEEN = (KeyError, TypeError, AttributeError, OverflowError)


def read_leagues(data: Any) -> LeaguesFile:
    """``leagues.json``'s decoded JSON, checked. Raises ``ArchiveError`` naming the first
    wrong value: ``leagues.json: competitions[0].entrants[2]: 'seed' must be …``."""
    if not isinstance(data, dict):
        raise ArchiveError(f"{LEAGUES} must hold a JSON object")
    try:
        return LeaguesFile.model_validate(data)
    except PydanticValidationError as exc:
        raise ArchiveError(in_file(exc.errors()[0], LEAGUES)) from None
    except _UNFORESEEN as exc:
        raise ArchiveError(f"{LEAGUES} is malformed: {type(exc).__name__}: {exc}") from None


def read_history(game: GameRow) -> GameHistory:
    """A game's times and history, checked. Raises ``ArchiveError`` naming the first wrong
    value: ``correction 1: 'seq' must be a play number, not 0``."""
    try:
        return GameHistory.model_validate(game.model_dump(include=set(GameHistory.model_fields)))
    except PydanticValidationError as exc:
        raise ArchiveError(in_history(exc.errors()[0])) from None
    except _UNFORESEEN as exc:
        raise ArchiveError(f"malformed: {type(exc).__name__}: {exc}") from None
