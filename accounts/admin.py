from django.contrib import admin

from accounts.admin_login import ThrottledAdminAuthenticationForm
from accounts.models import ApiToken, User

admin.site.login_form = ThrottledAdminAuthenticationForm


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    list_display = ["email", "display_name", "time_zone", "is_staff", "date_joined"]
    search_fields = ["email", "display_name"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["user", "name", "prefix", "created", "last_used"]
    readonly_fields = ["key_hash", "prefix"]
