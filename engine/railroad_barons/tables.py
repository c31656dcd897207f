"""Every number of Railroad Barons in one place.

Most of these are Turnpost's reconstruction (rules reference Part C, P-1 .. P-12):
the original railroad cards, share-value track and operating rules could not be
found.  Keeping them here, as plain data, lets the printed values replace them
without touching the rules code.
"""

from __future__ import annotations

from dataclasses import dataclass

TITLE_ID = "railroad-barons"
TITLE_NAME = "Railroad Barons"
PLAYER_COUNT = 2  # the game is for exactly two players


@dataclass(frozen=True)
class HoldingSpec:
    """A holding company: its id, names, colour and operator tokens (b.2 #5, P-4)."""

    id: str
    name: str
    short: str
    colour: str
    tokens: int


# Listed in the fixed operating order: green, black, yellow, red, blue (b.2 #6).
HOLDINGS: tuple[HoldingSpec, ...] = (
    HoldingSpec("msc", "Marley, Scrooge & Cratchit", "MS&C", "green", 6),
    HoldingSpec("seedy", "Seedy Brothers", "Seedy Brothers", "black", 6),
    HoldingSpec("rice", "Alvin V.A. Rice International", "Rice International", "yellow", 5),
    HoldingSpec("picable", "Desmond Picable Inc.", "Picable Inc.", "red", 4),
    HoldingSpec("mcgreed", "McGreed Bros. & Sons", "McGreed Bros.", "blue", 4),
)
HOLDING_BY_ID: dict[str, HoldingSpec] = {spec.id: spec for spec in HOLDINGS}
OPERATING_ORDER: tuple[str, ...] = tuple(spec.id for spec in HOLDINGS)

# Certificates of every holding, largest first; the first is the director's (b.2 #7).
CERTIFICATE_SIZES: tuple[int, ...] = (40, 30, 20, 10)
DIRECTOR_CERTIFICATE = CERTIFICATE_SIZES[0]
SHARE_UNIT = 10  # prices and dividends are per 10% share (b.2 #10)
FLOAT_PERCENT = 50  # player-held percent that floats a holding (b.2 #12, D-13)
CAPITAL_SHARES = 10  # the bank pays 10 x par when a holding floats (b.2 #13)

# Players (b.3).
STARTING_CASH = 200
CERTIFICATE_LIMIT = 9

# Share-value track, one line (P-5.1); par spaces (b.2 #11).
SHARE_TRACK: tuple[int, ...] = (
    40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 100, 110,
    120, 135, 150, 165, 180, 200, 220, 245, 270, 300, 325, 350,
)  # fmt: skip
PAR_VALUES: tuple[int, ...] = (70, 80, 90, 100)


@dataclass(frozen=True)
class Side:
    """One face of a railroad card (P-2): its level, cost and income per operating round."""

    name: str
    category: str
    level: int
    cost: int
    income: int


@dataclass(frozen=True)
class RailroadCard:
    """A railroad card; ``sides`` maps "front"/"back" to a Side (one-sided cards have no back)."""

    id: str
    name: str
    category: str
    sides: dict[str, Side]


# Category rows of the pile, top (cheapest) first (P-2). Each row: category letter, number of
# cards, front side (category, level, cost, income), back side or None. I and K are the two
# faces of one card (b.6 #49), so they are one row whose ids start with "i" (D-17).
CATEGORY_ROWS: tuple[tuple[str, int, tuple[str, int, int, int], tuple[str, int, int, int] | None], ...] = (
    ("A", 5, ("A", 2, 60, 22), None),
    ("B", 3, ("B", 2, 70, 25), ("B", 3, 120, 42)),
    ("C", 4, ("C", 3, 130, 45), None),
    ("D", 3, ("D", 3, 140, 48), ("D", 4, 220, 72)),
    ("E", 3, ("E", 4, 230, 75), None),
    ("F", 3, ("F", 4, 240, 78), ("F", 5, 340, 95)),
    ("G", 2, ("G", 5, 350, 98), None),
    ("H", 2, ("H", 5, 380, 105), None),
    ("I", 3, ("I", 6, 520, 130), ("K", 6, 720, 175)),
)
RAILROAD_NAMES: dict[str, str] = {"a1": "Dominion Atlantic"}  # the only name known (b.6 #51)
SIDE_NAMES: tuple[str, ...] = ("front", "back")
DEFAULT_SIDE = "front"


def _build_cards() -> dict[str, RailroadCard]:
    cards: dict[str, RailroadCard] = {}
    for category, count, front, back in CATEGORY_ROWS:
        sides = {"front": Side("front", *front)}
        if back is not None:
            sides["back"] = Side("back", *back)
        for number in range(1, count + 1):
            card_id = f"{category.lower()}{number}"
            name = RAILROAD_NAMES.get(card_id, f"Railroad {card_id.upper()}")
            cards[card_id] = RailroadCard(card_id, name, category, sides)
    return cards


RAILROADS: dict[str, RailroadCard] = _build_cards()  # in pile order, top first

# Obsolescence (P-3): the first bank purchase of a railroad on a side of the key level removes
# every railroad of the value level.
OBSOLESCENCE: dict[int, int] = {4: 2, 5: 3, 6: 4}


@dataclass(frozen=True)
class InvestorSpec:
    """A private investor: printed value and what it does (b.4 #25, P-6 .. P-8)."""

    id: str
    value: int
    ability: str  # "priority" (P-7), "railroad" (P-6) or "msc" (P-8)
    text: str


INVESTORS: tuple[InvestorSpec, ...] = (
    InvestorSpec("inv30", 30, "priority", "Once per game, take the priority deal at the start of a stock round."),
    InvestorSpec("inv40", 40, "railroad", "Once per game, pays $40 toward a railroad bought from the bank."),
    InvestorSpec("inv50", 50, "railroad", "Once per game, pays $50 toward a railroad bought from the bank."),
    InvestorSpec("inv60", 60, "railroad", "Once per game, pays $60 toward a railroad bought from the bank."),
    InvestorSpec("inv450", 450, "msc", "Comes with MS&C's 40% director's certificate and Dominion Atlantic."),
)
INVESTOR_BY_ID: dict[str, InvestorSpec] = {spec.id: spec for spec in INVESTORS}
PRIORITY_INVESTOR = "inv30"
START_INVESTOR = "inv450"  # the investor that starts MS&C (P-8)
START_HOLDING = "msc"
START_RAILROAD = "a1"
DRAFT_PICKERS: tuple[int, ...] = (0, 1, 1, 0)  # seats picking slots 1-4: A, B, B, A (b.4 #26, D-04)
MAX_INVESTOR_VALUE = 1000  # highest value a picker may name (D-04)

# Rounds and the end of the game (b.5 #33, P-9, D-11).
OPERATING_ROUNDS_PER_SET = 2
END_PRICE = 350  # a holding reaching this share value ends the game after the set (P-9.1)
MAX_SETS = 12  # safety stop after the 12th set (P-9.2)
