from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("signin/", views.signin, name="signin"),
    path("signin/link/", views.signin_link, name="link"),
    path("address/confirm/", views.confirm_address, name="confirm_address"),
    path("signout/", views.signout, name="signout"),
    path("welcome/", views.welcome, name="welcome"),
    path("", views.account, name="account"),
    path("tokens/", views.create_token, name="create_token"),
    path("tokens/<int:token_id>/revoke/", views.revoke_token, name="revoke_token"),
]
