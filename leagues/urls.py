from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("", views.index, name="index"),
]
