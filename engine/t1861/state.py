"""The whole 1861 game at one moment, as plain data, and its set-up by player count (section 2).

Layout (every id lower case; a seat is an ``int``):

- ``cash[seat]``, ``bank`` — roubles; with the companies' ``cash`` and the RSR's they total
  the data file's bank (₽15,000) at every moment.
- ``privates[id]`` — the owner: ``None`` while unsold, a seat, or a company id.
- ``minors[id]`` — ``status`` (``unstarted``/``started``/``closed``), ``owner`` (seat of the
  100% certificate), ``cash``, ``price``, ``cell`` (market position), ``trains``, ``loans``,
  ``operated``.
- ``majors[id]`` — the same, plus ``certificates``: nine owners, index 0 the 20% president's
  certificate, each ``"treasury"``, ``"pool"`` or a seat.  A certificate has exactly one owner
  by construction; the president is the owner of certificate 0 when that is a seat.
- ``rsr`` — the national's cash, trains and loans (no shares, section 6), and ``reserved``:
  the hexes (``"E1"``, ``"H8"``) whose reserved RSR token is still unused.  Its placed tokens
  are on the board under the company id ``"RSR"``, like every company's.
- ``trainless_majors`` — trainless majors whose presidents are still to answer whether they
  nationalise (15.2, 23 R4), in the operating order fixed at the purchase; asked before
  anything else.
- ``game_end`` — ``None`` until the first 8-train or the broken bank sets the end (17);
  then ``reason`` (``final_phase``/``bank``), ``last_round`` (``[turn, OR]``) and, once the
  game is over, ``over`` (``engine.t1861.ending``).  Written to JSON only when set.
- ``unseen_tokens`` — ``[company, hex, city]`` of the tokens the rules placed by themselves since
  the last lay or token action, kept only in a record imported with the option
  ``kept_track_graph`` (``engine.t1861.kept_graph``); written to JSON only when some are kept.
- ``arrivals`` — a counter stamping each company's entry into a market cell (7.3 stacking:
  a newcomer goes under the companies already there, so an earlier stamp is on top).
- ``phase``, ``round`` (``kind``: ``private_auction``, ``stock``, ``operating``, ``merger``,
  ``end`` once the game is over; ``number``:
  the set's turn), ``priority`` (seat holding the priority deal).
- ``auction`` (the private on offer), ``stock`` (the stock round's turn, passed flags, sales,
  a running minor auction, a major waiting for its home city), ``operating`` (the operating
  round's order and the company turn, ``engine.t1861.operating_round``); ``None`` outside
  their rounds.
- ``board`` — part 1's immutable :class:`~engine.t1861.board.Board`; ``depot`` — the bank's
  trains (:class:`~engine.t1861.depot.Depot`, two-player removals done at set-up, section 2).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.errors import MalformedRecord
from engine.core.plain import plain_copy
from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.depot import Depot, new_depot
from engine.t1861.nationalisation import RsrTokens

TITLE_ID = "1861"
GAME = DATA.raw["game"]
BANK_TOTAL: int = GAME["bank"]
MAJOR_CERTIFICATES: tuple[int, ...] = tuple(DATA.raw["majors"][0]["shares"])  # 20, 10 x 8

Owner = int | str  # a seat, "treasury" or "pool"


@dataclass
class State:
    """An 1861 game: see the module docstring for the meaning of every part."""

    players: list[str]
    seed: int
    options: dict[str, Any]
    cash: list[int]
    bank: int
    privates: dict[str, Owner | None]
    minors: dict[str, dict[str, Any]]
    majors: dict[str, dict[str, Any]]
    rsr: dict[str, Any]
    board: Board
    depot: Depot
    phase: str = "2"
    round: dict[str, Any] = field(default_factory=lambda: {"kind": "private_auction", "number": 0})
    priority: int = 0
    auction: dict[str, Any] | None = None
    stock: dict[str, Any] | None = None
    operating: dict[str, Any] | None = None
    arrivals: int = 0
    loans_in_supply: int = GAME["loans"]["loans_in_supply"]
    trainless_majors: list[str] = field(default_factory=list)
    game_end: dict[str, Any] | None = None
    unseen_tokens: list[list[Any]] = field(default_factory=list)
    actions_applied: int = 0
    title: str = TITLE_ID

    @property
    def seats(self) -> range:
        return range(len(self.players))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.players)

    def seats_from(self, seat: int) -> list[int]:
        """Every seat in table order, starting with ``seat``."""
        count = len(self.players)
        return [(seat + step) % count for step in range(count)]


def starting_cash(players: int) -> int:
    return GAME["starting_cash"][str(players)]


def certificate_limit(players: int) -> int:
    return GAME["certificate_limit"][str(players)]


def max_percent(players: int) -> int:
    limits = GAME["max_percent_of_a_major_per_player"]
    return limits["two_players"] if players == 2 else limits["default"]


def new_state(players: list[str], seed: int, options: dict[str, Any]) -> State:
    """Section 2: every player's starting cash paid from the bank, the privates (two fewer
    with two players), the minors' home slots held on the printed map."""
    each = starting_cash(len(players))
    private_ids = [private["id"].lower() for private in DATA.raw["privates"]]
    if len(players) == 2:
        private_ids = two_player_privates(private_ids, seed)
    return State(
        players=list(players),
        seed=seed,
        options=dict(options),
        cash=[each] * len(players),
        bank=BANK_TOTAL - each * len(players),
        privates=dict.fromkeys(private_ids),
        minors={minor["id"].lower(): _unstarted_minor() for minor in DATA.raw["minors"]},
        majors={major["id"].lower(): unstarted_major() for major in DATA.raw["majors"]},
        rsr=new_rsr(),
        board=Board.empty(),
        depot=new_depot(players=len(players)),
    )


def two_player_privates(private_ids: list[str], seed: int) -> list[str]:
    """Section 2, 23 C3: with two players two privates leave the game, drawn as 18xx.games
    draws them (one key per private from the data file's linear-congruential generator, the
    two smallest keys leave), so that 2-player records from there replay."""
    rng = GAME["rng"]
    value = seed % rng["m"]
    keys = {}
    for private in private_ids:
        value = (rng["a"] * value + rng["c"]) % rng["m"]
        keys[private] = value
    leaving = GAME["two_player"]["privates_removed_at_random"]
    removed = set(sorted(private_ids, key=lambda private: keys[private])[:leaving])
    return [private for private in private_ids if private not in removed]


def new_rsr() -> dict[str, Any]:
    """Section 6: no cash, trains or loans yet; St Petersburg and Moscow reserved."""
    return {"cash": 0, "trains": [], "loans": 0, "reserved": list(RsrTokens.at_start().reserved)}


def _unstarted_minor() -> dict[str, Any]:
    return {"status": "unstarted", "owner": None, "cash": 0, "price": None, "cell": None, "arrival": None,
            "trains": [], "loans": 0, "operated": False}


def unstarted_major() -> dict[str, Any]:
    return {"status": "unstarted", "cash": 0, "price": None, "cell": None, "arrival": None,
            "certificates": ["treasury"] * len(MAJOR_CERTIFICATES), "trains": [], "loans": 0, "operated": False}


def total_money(state: State) -> int:
    """Bank + players + companies + RSR: always the data file's bank (rules 22)."""
    companies = sum(minor["cash"] for minor in state.minors.values()) + sum(m["cash"] for m in state.majors.values())
    return state.bank + sum(state.cash) + companies + state.rsr["cash"]


_PLAIN_FIELDS = ("players", "seed", "options", "cash", "bank", "privates", "minors", "majors", "rsr", "phase",
                 "round", "priority", "auction", "stock", "operating", "arrivals", "loans_in_supply",
                 "trainless_majors", "game_end", "unseen_tokens", "actions_applied")


def state_to_json(state: State) -> dict[str, Any]:
    raw = {name: copy.deepcopy(getattr(state, name)) for name in _PLAIN_FIELDS}
    if raw["game_end"] is None:
        del raw["game_end"]  # snapshots (and their digests) of games with no end set stay as they were
    if not raw["unseen_tokens"]:
        del raw["unseen_tokens"]  # the same for every game but an import's, and for it most of the time
    raw["title"] = state.title
    raw["board"] = state.board.to_json()
    raw["depot"] = depot_to_json(state.depot)
    return raw


def state_from_json(raw: dict[str, Any]) -> State:
    """The state :func:`state_to_json` wrote (JSON turns int keys and owners back as written)."""
    try:
        # snapshots from before these existed
        optional: dict[str, Any] = {"operating": None, "trainless_majors": [], "game_end": None, "unseen_tokens": []}
        fields = {name: copy.deepcopy(raw[name]) for name in _PLAIN_FIELDS if name not in optional}
        fields.update({name: copy.deepcopy(raw.get(name, default)) for name, default in optional.items()})
        fields["rsr"].setdefault("reserved", list(RsrTokens.at_start().reserved))
        board = Board.from_json(raw["board"])
        depot = depot_from_json(raw["depot"])
    except (KeyError, TypeError, ValueError) as error:
        raise MalformedRecord(f"Not an 1861 state snapshot: missing {error}.") from error
    return State(board=board, depot=depot, **fields)


def copy_state(state: State) -> State:
    """An independent copy (the board and the depot are immutable and shared)."""
    fresh = plain_copy({name: getattr(state, name) for name in _PLAIN_FIELDS})  # one marshal pass (issue 13)
    return State(board=state.board, depot=state.depot, **fresh)


def adopt(state: State, work: State) -> None:
    """Make ``state`` the game ``work`` has become (a rule that answered on a copy succeeded),
    all but the count of applied actions, which the core keeps."""
    for part in fields(State):
        if part.name != "actions_applied":
            setattr(state, part.name, getattr(work, part.name))


def depot_to_json(depot: Depot) -> dict[str, Any]:
    return {"copies": [list(entry) for entry in depot.copies], "sold": [list(entry) for entry in depot.sold],
            "open_market": list(depot.open_market)}


def depot_from_json(raw: dict[str, Any]) -> Depot:
    return Depot(copies=tuple((str(kind), count) for kind, count in raw["copies"]),
                 sold=tuple((str(kind), int(count)) for kind, count in raw["sold"]),
                 open_market=tuple(str(train) for train in raw["open_market"]))
