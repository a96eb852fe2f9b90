from django.contrib import admin

from .models import CardCatalogue, Game, Play


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
    list_display = ("id", "kind", "__str__", "created_by", "created_at")
    list_filter = ("kind",)
    readonly_fields = ("summary", "created_at", "updated_at")
    filter_horizontal = ("scorers",)
    inlines = [PlayInline]
