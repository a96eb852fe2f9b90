from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import accounts, health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("health/", health.health, name="health"),
    path("", include("games.urls")),
]
