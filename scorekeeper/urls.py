from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from games import api

from . import accounts, health

# The "Not allowed" page: for a game's scoring, it says who adds scorers and where.
handler403 = "games.scoring.not_allowed.permission_denied"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("health/", health.health, name="health"),
    # The open-data API (games/api/): its index, its operations, a JSON 404 for the rest.
    path("api/v1/", api.index, name="api-index"),
    path("api/v1/", api.urls()),
    path("api/v1/<path:rest>", api.not_found, name="api-not-found"),
    path("", include("games.urls")),
]
