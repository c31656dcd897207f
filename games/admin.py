from django.contrib import admin

from games.models import Action, Game, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "title", "name", "status", "version", "created"]
    list_filter = ["title", "status"]
    inlines = [SeatInline]
    readonly_fields = ["version", "seed", "engine_version"]


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    """Read-only: the log is append-only and written by games.services alone."""

    list_display = ["game", "seq", "seat", "kind", "source", "created"]
    list_filter = ["kind", "source"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
