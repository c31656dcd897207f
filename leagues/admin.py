from django.contrib import admin

from leagues.models import Division, DivisionMember, League, LeagueGame, Season, SignUp, Wave


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "title", "public")
    filter_horizontal = ("organizers",)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "status", "signup_deadline")
    list_filter = ("status",)


admin.site.register([SignUp, Division, DivisionMember, Wave, LeagueGame])
