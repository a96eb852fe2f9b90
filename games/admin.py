from django import forms
from django.contrib import admin

from games.leagues import stats
from games.leagues.services import RESERVED_LEAGUE_SLUGS, RESERVED_SEASON_SLUGS
from games.models import CardCatalogue, Fixture, Game, GameStats, League, Play, Season, Team


def _slug_not_in(reserved: frozenset[str]):
    def clean_slug(form: forms.ModelForm) -> str:
        slug = form.cleaned_data["slug"]
        if slug in reserved:
            raise forms.ValidationError(f"{slug!r} is a page address here; choose another slug.")
        return slug

    return clean_slug


class LeagueAdminForm(forms.ModelForm):
    clean_slug = _slug_not_in(RESERVED_LEAGUE_SLUGS)


class SeasonAdminForm(forms.ModelForm):
    clean_slug = _slug_not_in(RESERVED_SEASON_SLUGS)


@admin.register(CardCatalogue)
class CardCatalogueAdmin(admin.ModelAdmin):
    list_display = ("kind", "updated_at")


class PlayInline(admin.TabularInline):
    model = Play
    extra = 0
    fields = ("seq", "payload", "created_by", "created_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "__str__", "season", "created_by", "created_at", "voided_at")
    list_filter = ("kind", "season__league", ("voided_at", admin.EmptyFieldListFilter))
    list_select_related = ("season__league", "created_by")
    readonly_fields = (
        "summary",
        "created_at",
        "updated_at",
        "finished_at",
        "record_hash",
        "game_key",
    )
    filter_horizontal = ("scorers",)
    raw_id_fields = ("season",)
    inlines = [PlayInline]

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        # Voiding here must leave the standings just as voiding on the organisers' pages does.
        stats.sync(obj)


class SeasonInline(admin.TabularInline):
    model = Season
    form = SeasonAdminForm
    extra = 0
    prepopulated_fields = {"slug": ("name",)}


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    prepopulated_fields = {"slug": ("name",)}


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    form = LeagueAdminForm
    list_display = ("name", "kind", "created_at")
    list_filter = ("kind",)
    search_fields = ("name",)
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organisers",)
    inlines = [SeasonInline, TeamInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    form = SeasonAdminForm
    list_display = ("name", "league", "starts_on")
    list_filter = ("league",)
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "league")
    list_filter = ("league",)
    search_fields = ("name",)
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ("__str__", "season", "scheduled_on", "game")
    list_filter = ("season__league", "season")
    list_select_related = ("season__league", "away", "home", "game")
    raw_id_fields = ("game",)


@admin.register(GameStats)
class GameStatsAdmin(admin.ModelAdmin):
    """Read-only: the rows are written from the games' logs when they become final."""

    list_display = ("game", "side", "team", "opponent", "result", "runs_for", "runs_against")
    list_filter = ("season__league", "season", "result")
    list_select_related = ("game", "team", "opponent")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
