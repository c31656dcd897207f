"""Players and games for the site tests: ann, bob and cy play; dee is the outsider."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games import services
from games.models import Game, SeatOrder

# Start tiles 1A (ann), 5A (bob), 6E (cy): ann starts.  Then six tiles each, then the draws.
TILE_BAG = [
    "1A", "5A", "6E",
    "2A", "9I", "12A", "1E", "5G", "3C",
    "4A", "11I", "7F", "10B", "2G", "8C",
    "3A", "12H", "5F", "9D", "4H", "11F",
    "10E", "7H", "12C", "1I",
]
HANDS = {0: {"2A", "9I", "12A", "1E", "5G", "3C"}, 1: {"4A", "11I", "7F", "10B", "2G", "8C"},
         2: {"3A", "12H", "5F", "9D", "4H", "11F"}}

# Ann founds Tower, Bob founds Luxor, Cy merges them (tied, Luxor survives),
# Ann sells 1 and trades 2, Bob keeps his.
SCRIPT: list[tuple[int, dict[str, Any]]] = [
    (0, {"type": "place_tile", "tile": "2A"}),
    (0, {"type": "found_chain", "chain": "tower"}),
    (0, {"type": "buy_shares", "shares": {"tower": 2}}),
    (1, {"type": "place_tile", "tile": "4A"}),
    (1, {"type": "found_chain", "chain": "luxor"}),
    (1, {"type": "buy_shares", "shares": {"tower": 2}}),
    (2, {"type": "place_tile", "tile": "3A"}),
    (2, {"type": "choose_survivor", "chain": "luxor"}),
    (0, {"type": "dispose_shares", "chain": "tower", "sell": 1, "trade": 2}),
    (1, {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 0}),
    (2, {"type": "buy_shares", "shares": {}}),
]


def make_user(email: str, name: str = "", time_zone: str = "UTC") -> User:
    return User.objects.create_user(email, display_name=name, time_zone=time_zone)


def make_players() -> list[User]:
    return [make_user("ann@example.com", "ann"), make_user("bob@example.com", "bob"), make_user("cy@example.com", "cy")]


def make_site_admin() -> User:
    """orla, a site admin: she may act on every game as its organizer."""
    user = make_user("org@example.com", "orla")
    user.is_staff = True
    user.save()
    return user


def started_game(players: list[User], title: str = "acquire", options: dict[str, Any] | None = None,
                 seed: int = 7, **create: Any) -> Game:
    """A started game with ``players`` seated in the order given (they take the open seats; no invitations
    mailed); ``create``: more of ``services.create_game``'s settings (``move_time_limit``)."""
    if options is None:
        options = {"tile_bag": TILE_BAG}
    game = services.create_game(players[0], title, len(players), options=options, seed=seed,
                                seat_order_mode=SeatOrder.CHOSEN, **create)
    for player in players[1:]:
        services.take_seat(game.pk, player)
    game.refresh_from_db()
    return game


def play(game: Game, steps: list[tuple[int, dict[str, Any]]], source: str = "web") -> Game:
    """Submit ``steps`` through the one move path, each at the current version."""
    for seat, action in steps:
        game.refresh_from_db()
        outcome = services.submit_move(game.pk, seat, action, game.version, source)
        assert outcome.applied, outcome.message
    game.refresh_from_db()
    return game


def play_to_end(game: Game, max_actions: int = 5000) -> Game:
    """Finish ``game`` with the engine's random legal moves (through the one move path)."""
    import engine.core as engine
    from engine.core.rng import seeded_rng
    from games.queries import current_state

    rng = seeded_rng(game.seed or 0, "site-tests")
    title = engine.get_title(game.title)
    for _ in range(max_actions):
        game.refresh_from_db()
        state = current_state(game)
        waiting = engine.prompts(state)
        if not waiting:
            return game
        seat = waiting[0].seat
        services.submit_move(game.pk, seat, title.random_action(state, seat, rng), game.version, "web")
    raise AssertionError("the game did not end")
