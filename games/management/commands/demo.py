"""Create demo players, a 3-player Acquire game and a 2-player Railroad Barons game (idempotent); say how to sign in."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

import engine.core as engine
from accounts.links import signin_link
from accounts.models import User
from games import services
from games.models import Game, SeatOrder

DEMO_PLAYERS = [("ann@demo.turnpost.localhost", "Ann"), ("bob@demo.turnpost.localhost", "Bob"),
                ("cy@demo.turnpost.localhost", "Cy")]
DEMO_GAME = "Demo: Acquire for three"
DEMO_RB_GAME = "Demo: Railroad Barons for two"


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args: Any, **options: Any) -> None:
        users = [self._user(email, name) for email, name in DEMO_PLAYERS]
        installed = {title.id for title in engine.available_titles()}
        if "acquire" not in installed:
            self.stdout.write("The Acquire engine is not installed, so there is no demo game.")
            return
        game = self._game(DEMO_GAME, "acquire", users)
        if "railroad-barons" in installed:
            barons = self._game(DEMO_RB_GAME, "railroad-barons", users[:2])
            self.stdout.write(f"Railroad Barons demo (Ann and Bob): {settings.SITE_URL}/games/{barons.pk}/")
        self._explain(game, users)

    def _game(self, name: str, title: str, users: list[User]) -> Game:
        """The named demo game, created and fully seated the first time."""
        game = Game.objects.filter(name=name, created_by=users[0]).first()
        if game is None:
            # The players take open seats in turn (no invitations: they would be mailed for nothing).
            game = services.create_game(users[0], title, len(users), seat_order_mode=SeatOrder.CHOSEN, name=name)
            for user in users[1:]:
                services.take_seat(game.pk, user)
            game.refresh_from_db()
        return game

    def _user(self, email: str, name: str) -> User:
        user, _ = User.objects.get_or_create(email=email, defaults={"display_name": name})
        return user

    def _explain(self, game: Game, users: list[User]) -> None:
        site = settings.SITE_URL
        self.stdout.write(f"Demo game: {site}/games/{game.pk}/  ({game.get_status_display()}, move {game.version})")
        self.stdout.write("Sign in as a demo player with a one-time link (run `manage.py demo` again for fresh ones),")
        self.stdout.write(f"or ask for a link at {site}/accounts/signin/ and open it from {site}/inbox/:")
        for user in users:
            link = signin_link(user, site, f"/games/{game.pk}/")
            self.stdout.write(f"  {user.display_name:>4} <{user.email}>: {link}")
