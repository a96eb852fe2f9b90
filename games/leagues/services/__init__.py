"""Writes for leagues: leagues, seasons, teams, the fixture list, organiser rights, starting a
fixture's game, voiding a game and recording a no result; and the reads the organisers'
pages need. All atomic; each checks the user's rights first.

One module per thing written (``leagues``, ``seasons``, ``teams``, ``organisers``,
``fixtures``, ``results``, ``cards``), what they share in ``common``. Callers use this
package's names (``from games.leagues import services as league_services``).
"""

from games.leagues.services.cards import league_cards_set
from games.leagues.services.common import (
    LeagueError,
    can_create_leagues,
    is_any_organiser,
    require_organiser,
)
from games.leagues.services.fixtures import (
    MAX_ROUNDS,
    circle_rounds,
    fixture_create,
    fixture_delete,
    fixture_delete_refusal,
    fixture_schedule,
    fixture_start,
    fixture_start_as_organiser,
    round_robin,
)
from games.leagues.services.leagues import (
    POINTS,
    RESERVED_LEAGUE_SLUGS,
    league_create,
    league_seasons,
    league_update,
    leagues_managed_by,
)
from games.leagues.services.organisers import (
    organiser_grant,
    organiser_revoke,
    organiser_revoke_refusal,
)
from games.leagues.services.results import (
    MAX_OUTCOME_REASON,
    MAX_VOID_REASON,
    fixture_clear_no_result,
    fixture_mark_no_result,
    game_unvoid,
    game_void,
)
from games.leagues.services.seasons import (
    RESERVED_SEASON_SLUGS,
    games_scored_by,
    season_create,
    season_fixture_list,
    season_friendlies,
)
from games.leagues.services.teams import (
    team_create,
    team_delete,
    team_delete_refusal,
    team_rename,
)

__all__ = [
    "league_cards_set",
    "MAX_OUTCOME_REASON",
    "MAX_ROUNDS",
    "MAX_VOID_REASON",
    "POINTS",
    "RESERVED_LEAGUE_SLUGS",
    "RESERVED_SEASON_SLUGS",
    "LeagueError",
    "can_create_leagues",
    "circle_rounds",
    "fixture_clear_no_result",
    "fixture_create",
    "fixture_delete",
    "fixture_delete_refusal",
    "fixture_mark_no_result",
    "fixture_schedule",
    "fixture_start",
    "fixture_start_as_organiser",
    "game_unvoid",
    "game_void",
    "games_scored_by",
    "is_any_organiser",
    "league_create",
    "league_seasons",
    "league_update",
    "leagues_managed_by",
    "organiser_grant",
    "organiser_revoke",
    "organiser_revoke_refusal",
    "require_organiser",
    "round_robin",
    "season_create",
    "season_fixture_list",
    "season_friendlies",
    "team_create",
    "team_delete",
    "team_delete_refusal",
    "team_rename",
]
