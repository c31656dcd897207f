"""Players, games and mail parsing for the notification tests: ann, bob and cy play; dee is the outsider."""

from __future__ import annotations

import re
from typing import Any

from django.core import mail

from accounts.models import User
from games import services
from games.models import Game, SeatOrder

# Start tiles 1A (ann), 12I (bob), 5A (cy): ann starts.  Ann founds Tower with 2A, bob founds
# Luxor with 6A, cy grows Luxor with 4A, ann plays 9G alone, then bob's 3A merges Tower into
# Luxor: bob is the mergemaker, so the Tower holders decide bob, cy, ann (clockwise from bob).
TILE_BAG = [
    "1A", "12I", "5A",
    "2A", "12G", "1H", "3H", "5H", "7H",
    "6A", "2H", "4H", "6H", "8H", "10H",
    "4A", "11H", "9H", "12H", "9I", "11I",
    "9G", "3A", "7I", "1G",
]
HANDS = {
    0: {"2A", "12G", "1H", "3H", "5H", "7H"},
    1: {"6A", "2H", "4H", "6H", "8H", "10H"},
    2: {"4A", "11H", "9H", "12H", "9I", "11I"},
}
SEED = 7
# With TILE_BAG: moves up to a merger (bob's last tile, 3A) in which Tower is defunct and every player holds Tower.
TO_MERGER = [
    (0, {"type": "place_tile", "tile": "2A"}), (0, {"type": "found_chain", "chain": "tower"}),
    (0, {"type": "buy_shares", "shares": {"tower": 2}}),
    (1, {"type": "place_tile", "tile": "6A"}), (1, {"type": "found_chain", "chain": "luxor"}),
    (1, {"type": "buy_shares", "shares": {"tower": 1}}),
    (2, {"type": "place_tile", "tile": "4A"}), (2, {"type": "buy_shares", "shares": {"tower": 1}}),
    (0, {"type": "place_tile", "tile": "9G"}), (0, {"type": "buy_shares", "shares": {}}),
    (1, {"type": "place_tile", "tile": "3A"}),
]


def start_game(players: list[User], **create: Any) -> Game:
    """A started Acquire game with ``players`` seated in the order given (open seats: no invitation mail)."""
    create.setdefault("options", {"tile_bag": TILE_BAG})
    game = services.create_game(
        players[0], "acquire", len(players), seed=SEED, seat_order_mode=SeatOrder.CHOSEN, **create,
    )
    for player in players[1:]:
        services.take_seat(game.pk, player)
    game.refresh_from_db()
    return game


def move(game_id: int, seat: int, action: dict[str, Any], source: str = "web") -> Any:
    version = Game.objects.values_list("version", flat=True).get(pk=game_id)
    return services.submit_move(game_id, seat, action, version, source)


LINK_LINE = re.compile(r"^\* (?P<label>.+):\n  (?P<url>\S+)$", re.MULTILINE)


def links_in(text: str) -> dict[str, str]:
    """The labelled links of a plain-text mail body, in order (label -> absolute URL)."""
    return {match["label"]: match["url"] for match in LINK_LINE.finditer(text)}


def move_links(text: str) -> dict[str, str]:
    return {label: url for label, url in links_in(text).items() if "/mail/move/" in url}


def path_of(url: str) -> str:
    return "/" + url.split("://", 1)[-1].split("/", 1)[1]


def outbox_to(address: str) -> list[Any]:
    return [message for message in mail.outbox if address in message.to]


def html_of(message: Any) -> str:
    return next(content for content, kind in message.alternatives if kind == "text/html")


URL = re.compile(r"https?://[^\s\"<>]+")


def without_urls(text: str) -> str:
    """Mail text minus its links: signed tokens are random letters that could spell a tile name."""
    return URL.sub(" ", text)
