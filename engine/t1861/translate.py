"""18xx.games actions in our vocabulary (docs/titles/1861.md): the seed of ``import-18xx``.

:class:`Translator` turns one effective 18xx.games action (undo and redo resolved,
``auto_actions`` folded in, by ``engine.t1861.export``) into ``{"seat", "action"}``.  What an
18xx.games action leaves implicit, it keeps track of itself, from the actions it has seen:

- where each 18xx.games share certificate lies (``share_ids``: a purchase names a certificate,
  ``"NW_3"``, and only its place says whether it came from the pool or the treasury): the
  ``source`` of ``buy_shares``.  Certificates also move where no action names them (a change
  of president, a nationalisation), so a caller holding the game's state has them follow
  it after each action (``Translator.follow``) and passes ``share_places`` (where shares of a
  major lie now); the certificate decides only when both the pool and the treasury hold some;
- where each tile copy lies (a token names its city by tile copy, ``"57-1-0"``);
- who owns each train copy (``buy_train`` from the depot or from a company).  A merger, a
  conversion or a nationalisation moves trains without a ``buy_train``, so a caller holding
  the game's state passes ``train_owner`` (the company holding a copy now, ``None`` for the
  bank) and that answer is used instead.

Who acts for a company (its president, the RSR's operator) depends on the game's state, so
the caller passes ``acting_seat``; :func:`opening_record` needs none, since the private
auction and the first stock round are all players' actions.  18xx.games' ``end_game`` (any
player may press End Game at any moment) is recorded for the seat the game waits for, as
our records name only seats that are asked: the caller passes ``asked_seat``.  ``run_routes`` is matched
against the board of the moment (``recorded_routes.recorded_plans``), so the caller also
passes ``network_now``: the network as the game stands when the action comes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalAction, MalformedRecord
from engine.core.events import Event
from engine.t1861 import kept_graph
from engine.t1861.data import DATA
from engine.t1861.ending import END_GAME, MANUAL_END_OPTION
from engine.t1861.export import Export
from engine.t1861.map_replay import train_of
from engine.t1861.network import Network
from engine.t1861.recorded_routes import recorded_plans
from engine.t1861.share_ids import ShareIds
from engine.t1861.state import MAJOR_CERTIFICATES

Action = dict[str, Any]
MAJORS = frozenset(major["id"] for major in DATA.raw["majors"])
DEPOT = "depot"


class Translator:
    """One export's actions, translated in order (the translator remembers what they imply)."""

    def __init__(self, export: Export, acting_seat: Callable[[str], int] | None = None,
                 network_now: Callable[[], Network] | None = None,
                 train_owner: Callable[[str], str | None] | None = None,
                 asked_seat: Callable[[], int] | None = None,
                 share_places: Callable[[str], set[str]] | None = None) -> None:
        self.seats = {player.id: seat for seat, player in enumerate(export.players)}
        self.acting_seat = acting_seat
        self.asked_seat = asked_seat
        self.network_now = network_now
        self.train_owner = train_owner
        self.share_places = share_places
        self.shares = ShareIds()
        self.tiles: dict[str, str] = {}  # 18xx.games tile copy id -> hex
        self.trains: dict[str, str] = {}  # train copy -> owning company (absent: the depot)

    def follow(self, majors: dict[str, dict[str, Any]], events: list[Event]) -> None:
        """The game's holdings after an action (``State.majors``) and its ``events``: certificates
        moved by no action follow, a merger's in the order of its minors."""
        for event in events:
            if event.kind == "merger":
                self.shares.merge(event.data["company"].upper(), event.data["owners"])
        self.shares.follow(majors)

    def translate(self, recorded: Action) -> dict[str, Any]:
        kind = recorded.get("type")
        handler = getattr(self, f"_{kind}", None)
        if handler is None:
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} ({kind}) is not translated yet.")
        action = handler(recorded)
        if kind == END_GAME and self.asked_seat is not None:
            return {"seat": self.asked_seat(), "action": action}
        return {"seat": self._seat(recorded), "action": action}

    # One method per 18xx.games action type ---------------------------------------------------

    def _bid(self, recorded: Action) -> Action:
        company = recorded.get("company") or recorded.get("corporation")
        return {"type": "bid", "company": _lower(company), "price": recorded.get("price")}

    def _pass(self, recorded: Action) -> Action:
        return {"type": "pass"}

    def _buy_shares(self, recorded: Action) -> Action:
        shares = _shares(recorded)
        company = _company_of(shares[0])
        places = self.share_places(company) if self.share_places is not None else {"pool", "treasury"}
        by_id = "pool" if self.shares.holder(shares[0]) == "pool" else "treasury"  # decides only when both hold some
        source = next(iter(places)) if len(places) == 1 else by_id
        if recorded.get("entity_type") != "player":  # a major redeeming from the pool (23 G2, C7)
            self.shares.move(shares, "treasury")
            return {"type": "redeem_shares", "count": len(shares)}
        self.shares.move(shares, self._seat(recorded))
        return {"type": "buy_shares", "company": company, "source": source}

    def _sell_shares(self, recorded: Action) -> Action:
        """The count is in 10% shares: a president's certificate sold (``"GRR_0"``) is two."""
        shares = _shares(recorded)
        self.shares.move(shares, "pool")
        percent = recorded.get("percent")
        if not isinstance(percent, int) or isinstance(percent, bool) or percent <= 0 or percent % 10:
            percent = sum(map(_percent_of_share, shares))
        return {"type": "sell_shares", "company": _company_of(shares[0]), "count": percent // MAJOR_CERTIFICATES[1]}

    def _par(self, recorded: Action) -> Action:
        price = str(recorded.get("share_price", "")).split(",", 1)[0]
        if not price.isdigit():
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} has no par price.")
        return {"type": "par", "company": _lower(recorded.get("corporation")), "price": int(price)}

    def _lay_tile(self, recorded: Action) -> Action:
        copy, hex_id = str(recorded.get("tile")), str(recorded.get("hex"))
        self.tiles = {tile: at for tile, at in self.tiles.items() if at != hex_id}
        self.tiles[copy] = hex_id
        return {"type": "lay_tile", "hex": hex_id.lower(), "tile": copy.rsplit("-", 1)[0],
                "rotation": recorded.get("rotation")}

    def _place_token(self, recorded: Action) -> Action:
        hex_id, city = self._city(recorded)
        return {"type": "place_token", "hex": hex_id.lower(), "city": city}

    def _remove_token(self, recorded: Action) -> Action:
        hex_id, city = self._city(recorded)
        return {"type": "remove_token", "hex": hex_id.lower(), "city": city}

    def _dividend(self, recorded: Action) -> Action:
        return {"type": "dividend", "kind": recorded.get("kind")}

    def _buy_train(self, recorded: Action) -> Action:
        train = str(recorded.get("train"))
        if self.train_owner is not None:
            source = self.train_owner(train.lower()) or DEPOT
        else:
            source = self.trains.get(train, DEPOT)
        self.trains[train] = str(recorded.get("entity"))
        action = {"type": "buy_train", "train": train.lower(), "source": _lower(source)}
        return {**action, "price": recorded.get("price")} if source != DEPOT else action

    def _run_routes(self, recorded: Action) -> Action:
        if self.network_now is None:
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} runs routes; matching them needs the map.")
        routes = recorded.get("routes")
        if not isinstance(routes, list) or not all(isinstance(route, dict) for route in routes):
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} has no routes, or a route that is not"
                                  " a set of hexes and a train.")
        try:
            plans = recorded_plans(self.network_now(), routes, train_of)
        except IllegalAction as error:
            raise MalformedRecord(f"18xx.games action {recorded.get('id')}: {error}") from error
        return {"type": "run_routes", "routes": [{"train": str(route.get("train")).lower(),
                                                  "segments": list(plan.segments)}
                                                 for route, plan in zip(routes, plans, strict=True)]}

    def _discard_train(self, recorded: Action) -> Action:
        train = str(recorded.get("train"))
        self.trains.pop(train, None)
        return {"type": "discard_train", "train": train.lower()}

    def _buy_company(self, recorded: Action) -> Action:
        return {"type": "buy_company", "company": _lower(recorded.get("company")), "price": recorded.get("price")}

    def _convert(self, recorded: Action) -> Action:
        return {"type": "convert"}

    def _merge(self, recorded: Action) -> Action:
        target = str(recorded.get("corporation"))
        if target in MAJORS:
            return {"type": "choose_major", "major": target.lower()}
        return {"type": "merge", "minor": target.lower()}

    def _choose(self, recorded: Action) -> Action:
        if recorded.get("choice") != "nationalize":
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} makes an unknown choice.")
        return {"type": "nationalize"}

    def _end_game(self, recorded: Action) -> Action:
        return {"type": END_GAME}

    # Helpers -------------------------------------------------------------------------------

    def _seat(self, recorded: Action) -> int:
        entity = recorded.get("entity")
        if not isinstance(entity, str | int) or isinstance(entity, bool):
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} names no player or company acting.")
        if recorded.get("entity_type") == "player":
            if entity not in self.seats:
                raise MalformedRecord(f"18xx.games action {recorded.get('id')} is by an unknown player.")
            return self.seats[entity]
        if self.acting_seat is None:
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} is a company's; who acts for it"
                                  " needs the game's state.")
        return self.acting_seat(_lower(entity))

    def _city(self, recorded: Action) -> tuple[str, int]:
        """``"F18-0-0"`` (a printed hex) or ``"57-1-0"`` (a laid tile copy) -> (hex, city index)."""
        tile, _, index = str(recorded.get("city")).rpartition("-")
        if not index.isdigit() or not tile:
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} names no city.")
        if tile[0].isalpha():
            return tile.split("-", 1)[0], int(index)
        if tile not in self.tiles:
            raise MalformedRecord(f"18xx.games action {recorded.get('id')} names tile {tile}, which is not laid.")
        return self.tiles[tile], int(index)


def opening_record(export: Export) -> dict[str, Any]:
    """Our record of ``export`` up to (not including) its first company's action: the private
    auction and the first stock round."""
    translator = Translator(export)
    actions = []
    for recorded in export.effective_actions():
        if recorded.get("entity_type") != "player":
            break
        actions.append(translator.translate(recorded))
    return {"title": "1861", "players": [player.name for player in export.players], "seed": record_seed(export),
            "options": record_options(export, actions), "actions": actions}


def record_options(export: Export, actions: list[Action]) -> dict[str, bool]:
    """Our options for ``export`` (whose ``actions`` the record holds: 18xx.games' or ours).

    18xx.games never asks owners to consent to a merger (Turnpost's ``merger_consent`` is off)
    nor a seller to agree to a price (``sale_consent`` is off), and a record may end by agreement
    (``manual_end``) only when it does: the option is what lets a record hold ``end_game``, so
    no game played on from an import can be ended so.  Lays are judged as 18xx.games' kept track
    graph judged them (``kept_track_graph``, ``engine.t1861.kept_graph``)."""
    options = {"column_market": "column_market" in export.optional_rules, "merger_consent": False,
               "sale_consent": False, kept_graph.OPTION: True}
    if any(action.get("type") == END_GAME for action in actions):
        options[MANUAL_END_OPTION] = True
    return options


def record_seed(export: Export) -> int:
    """23 C3: the export's seed, or else the first integer in its game id (as 18xx.games does)."""
    if export.seed is not None:
        return export.seed
    found = re.search(r"\d+", export.game_id)
    return int(found.group()) if found else 0


def _lower(value: Any) -> str:
    return str(value).lower()


def _shares(recorded: Action) -> list[str]:
    shares = recorded.get("shares")
    if not isinstance(shares, list) or not shares:
        raise MalformedRecord(f"18xx.games action {recorded.get('id')} names no shares.")
    return [str(share) for share in shares]


def _percent_of_share(share: str) -> int:
    """``"GRR_0"``: the president's certificate's percent; any other id, a share's."""
    return MAJOR_CERTIFICATES[0] if share.rsplit("_", 1)[-1] == "0" else MAJOR_CERTIFICATES[1]


def _company_of(share: str) -> str:
    return share.rsplit("_", 1)[0].lower()
