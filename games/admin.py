from django.contrib import admin

from games.models import Action, ChatMessage, Game, Resignation, Seat


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


@admin.register(Resignation)
class ResignationAdmin(admin.ModelAdmin):
    """Read-only: a resignation is written once, by games.resignation."""

    list_display = ["game", "seat", "version", "by_user", "created"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Moderation: a message can be hidden (and shown again), never edited or deleted."""

    list_display = ["game", "seat", "version", "created", "body", "hidden"]
    list_filter = ["hidden"]
    list_editable = ["hidden"]
    search_fields = ["body"]
    fields = ["game", "seat", "user", "version", "created", "body", "mentions", "hidden"]
    readonly_fields = ["game", "seat", "user", "version", "created", "body", "mentions"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
