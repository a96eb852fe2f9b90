from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from games import api
from games.plumbing.replica import replica_reads

from . import accounts, health

# The open-data API's operations that read from the replica (games/plumbing/replica.py): every
# read but win probability, which may store a game's swing.
API_REPLICA_READS = frozenset(
    {
        "league_list",
        "league_detail",
        "season_list",
        "season_detail",
        "team_list",
        "team_detail",
        "fixture_list",
        "season_standings",
        "season_stats",
        "league_stats",
        "competition_detail",
        "game_list",
        "game_detail",
        "game_record_detail",
        "play_list",
    }
)


def api_urls() -> tuple[list, str, str]:
    """The API's URL patterns, its replica reads marked."""
    patterns, app_name, namespace = api.urls()
    for pattern in patterns:
        if pattern.name in API_REPLICA_READS:
            pattern.callback = replica_reads(pattern.callback)
    return patterns, app_name, namespace


urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("health/", health.health, name="health"),
    # The open-data API (games/api/): its index, its operations, a JSON 404 for the rest.
    path("api/v1/", api.index, name="api-index"),
    path("api/v1/", api_urls()),
    path("api/v1/<path:rest>", api.not_found, name="api-not-found"),
    path("", include("games.urls")),
]
