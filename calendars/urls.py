from django.urls import path

from calendars import views

app_name = "calendars"
urlpatterns = [
    path("regenerate/", views.regenerate, name="regenerate"),
    path("turn-mail/", views.turn_mail_invite, name="turn_mail_invite"),
    path("<str:token>.ics", views.feed, name="feed"),
]
