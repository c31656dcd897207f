"""The season schedule of one division: pure Python, no Django (an import-linter contract).

``make_schedule(players, game_size, meetings_per_pair, games_at_once)`` plans the games of a
division so that

* every pair meets at least the agreed number of times (as far as the search finds), in the
  fewest whole tables that allow it; games per player are at most one apart (when the seats
  do not add up evenly, the last seeds play one game more);
* every pair meets as close to the agreed number of times as the numbers allow: a local
  search swaps players between games to bring each pair's count to the agreed number, and
  spreads any surplus evenly (with 5 players in 3-player games, some pairs must meet twice);
* each player gets each seat position as evenly as possible: at most one game apart between
  any two positions (a balanced edge colouring of the player-game graph, repaired by
  swapping seats along alternating paths);
* games are grouped in rounds (no player twice in a round) and rounds in waves of
  ``games_at_once`` rounds, so no player is in more than that many games of a wave.

Whatever the numbers did not allow is said in ``Schedule.notes``, in words for the
organizer's page.  The search is seeded, so the same input always gives the same schedule.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)

SEARCH_STEPS_PER_GAME = 400  # swap attempts per game in the pair search; stops early at the ideal
STALL_STEPS_PER_GAME = 100  # ... or when this many attempts per game found nothing better


@dataclass(frozen=True)
class ScheduledGame(Generic[P]):
    """One game: its players in seat order (seat 0 first), its round and wave (both from 1)."""

    players: tuple[P, ...]
    round: int
    wave: int


@dataclass(frozen=True)
class Schedule(Generic[P]):
    games: tuple[ScheduledGame[P], ...]
    games_per_player: int  # the fewest any player plays; some may play one more (see notes)
    game_size: int
    notes: tuple[str, ...]  # empty when every pair meets exactly the agreed number of times

    @property
    def wave_count(self) -> int:
        return max((game.wave for game in self.games), default=0)

    def waves(self) -> list[list[ScheduledGame[P]]]:
        """The games of wave 1, wave 2, ... (each list in schedule order)."""
        grouped: list[list[ScheduledGame[P]]] = [[] for _ in range(self.wave_count)]
        for game in self.games:
            grouped[game.wave - 1].append(game)
        return grouped

    def pair_counts(self) -> dict[frozenset[P], int]:
        counts: dict[frozenset[P], int] = {}
        for game in self.games:
            for a, b in combinations(game.players, 2):
                counts[frozenset((a, b))] = counts.get(frozenset((a, b)), 0) + 1
        return counts


def make_schedule(
    players: Sequence[P], game_size: int, meetings_per_pair: int, games_at_once: int = 1, seed: int = 0
) -> Schedule[P]:
    """The division's games; ``players`` in seed order (the order only breaks ties)."""
    if len(set(players)) != len(players):
        raise ValueError("Each player can be in a division only once.")
    if game_size < 2 or meetings_per_pair < 1 or games_at_once < 1:
        raise ValueError("Games need 2 or more players, pairs 1 or more meetings, waves 1 or more games.")
    n = len(players)
    if n < 2:
        return Schedule((), 0, game_size, ("A division of fewer than 2 players has no games.",))
    size = min(game_size, n)
    rng = random.Random(seed)
    if size == n:
        tables = [list(range(n)) for _ in range(meetings_per_pair)]
    elif size == 2:
        tables = _round_robin(n, meetings_per_pair)
    else:
        tables = _search_pairs(n, size, meetings_per_pair, rng)
    seated = _balance_seats(tables, n, size)
    rounds = _rounds(seated, n)
    games = tuple(
        ScheduledGame(tuple(players[i] for i in table), number, (number - 1) // games_at_once + 1)
        for number, round_tables in enumerate(rounds, start=1)
        for table in round_tables
    )
    played = [0] * n
    for table in tables:
        for player in table:
            played[player] += 1
    notes = _notes(n, game_size, size, meetings_per_pair, played, _pair_matrix(tables, n))
    return Schedule(games, min(played), size, notes)


# ---------------------------------------------------------------- who plays whom


def games_per_player(n: int, size: int, meetings: int) -> int:
    """The fewest games each player needs to meet every other player ``meetings`` times."""
    return math.ceil(meetings * (n - 1) / (size - 1))


def table_count(n: int, size: int, meetings: int) -> int:
    """The fewest whole tables giving every player ``games_per_player`` games."""
    return math.ceil(n * games_per_player(n, size, meetings) / size)


def _round_robin(n: int, meetings: int) -> list[list[int]]:
    """Two-player games by the circle method: every pair exactly ``meetings`` times."""
    ring = list(range(n)) + ([None] if n % 2 else [])
    tables: list[list[int]] = []
    for _ in range(meetings):
        order = list(ring)
        for _round in range(len(order) - 1):
            half = len(order) // 2
            for a, b in zip(order[:half], reversed(order[half:]), strict=True):
                if a is not None and b is not None:
                    tables.append([a, b])
            order = [order[0], order[-1], *order[1:-1]]
    return tables


def _pair_cost(count: int, meetings: int) -> int:
    """Convex in the count: missing a meeting costs more than one too many."""
    return (count - meetings) ** 2 + 8 * max(0, meetings - count)


def _ideal_cost(n: int, size: int, tables: int, meetings: int) -> int:
    """The cost if the table's pair meetings were spread as evenly as can be over all pairs."""
    pairs = n * (n - 1) // 2
    total = tables * size * (size - 1) // 2
    low, extra = divmod(total, pairs)
    return (pairs - extra) * _pair_cost(low, meetings) + extra * _pair_cost(low + 1, meetings)


def _search_pairs(n: int, size: int, meetings: int, rng: random.Random) -> list[list[int]]:
    """The fewest whole tables in which every pair meets ``meetings`` times, as near as the search finds.

    Starting from the fewest tables the counts allow, a table is added while some pair would
    still meet too rarely (a missed opponent weighs more than a longer season).
    """
    first = table_count(n, size, meetings)
    best: list[list[int]] = []
    best_short = math.inf
    for tables_wanted in range(first, first + n):
        tables = _tables_for(n, size, meetings, tables_wanted, rng)
        counts = _pair_matrix(tables, n)
        short = sum(max(0, meetings - counts[a][b]) for a, b in combinations(range(n), 2))
        if short < best_short:
            best, best_short = tables, short
        if short == 0:
            break
    return best


def _tables_for(n: int, size: int, meetings: int, tables_wanted: int, rng: random.Random) -> list[list[int]]:
    tables = _greedy_tables(n, size, _games_each(n, size, tables_wanted), meetings)
    counts = _pair_matrix(tables, n)
    cost = sum(_pair_cost(counts[a][b], meetings) for a, b in combinations(range(n), 2))
    ideal = _ideal_cost(n, size, len(tables), meetings)
    best, since_best = cost, 0
    for _step in range(SEARCH_STEPS_PER_GAME * len(tables)):
        if cost <= ideal or since_best > STALL_STEPS_PER_GAME * len(tables):
            break
        since_best += 1
        x, y, a, b = _propose_swap(tables, counts, meetings, rng)
        if a in tables[y] or b in tables[x]:
            continue
        delta = _swap_delta(counts, tables[x], tables[y], a, b, meetings)
        if delta <= 0:  # sideways moves too, so the search walks off plateaus
            _apply_swap(counts, tables[x], tables[y], a, b)
            cost += delta
            if cost < best:
                best, since_best = cost, 0
    return tables


def _games_each(n: int, size: int, tables: int) -> list[int]:
    """Games per player filling ``tables`` whole tables: one more for the last seeds when not even."""
    base, extra = divmod(tables * size, n)
    return [base + (1 if player >= n - extra else 0) for player in range(n)]


def _propose_swap(
    tables: list[list[int]], counts: list[list[int]], meetings: int, rng: random.Random
) -> tuple[int, int, int, int]:
    """Half the time a swap that seats a pair which meets too rarely together; else any swap."""
    if rng.random() < 0.5:
        n = len(counts)
        short = [(p, q) for p, q in combinations(range(n), 2) if counts[p][q] < meetings]
        if short:
            p, q = rng.choice(short)
            with_p = [t for t, table in enumerate(tables) if p in table and q not in table]
            with_q = [t for t, table in enumerate(tables) if q in table and p not in table]
            if with_p and with_q:
                x, y = rng.choice(with_p), rng.choice(with_q)
                return x, y, rng.choice([c for c in tables[x] if c != p]), q
    x, y = rng.sample(range(len(tables)), 2)
    return x, y, rng.choice(tables[x]), rng.choice(tables[y])


def _greedy_tables(n: int, size: int, games_each: list[int], meetings: int) -> list[list[int]]:
    """Tables filled one at a time with the players who still owe the most meetings to each other.

    A player who must play in every remaining table is always taken, so the tables come out
    whole with every player at their ``games_each``.
    """
    remaining = list(games_each)
    owed = [[meetings] * n for _ in range(n)]
    tables: list[list[int]] = []
    while sum(remaining):
        left = sum(remaining) // size
        table = [p for p in range(n) if remaining[p] == left][:size]
        while len(table) < size:
            candidates = [p for p in range(n) if remaining[p] > 0 and p not in table]
            table.append(max(candidates, key=lambda p: (sum(owed[p][q] for q in table), remaining[p], -p)))
        for p in table:
            remaining[p] -= 1
        for a, b in combinations(table, 2):
            owed[a][b] -= 1
            owed[b][a] -= 1
        tables.append(table)
    return tables


def _pair_matrix(tables: list[list[int]], n: int) -> list[list[int]]:
    counts = [[0] * n for _ in range(n)]
    for table in tables:
        for a, b in combinations(table, 2):
            counts[a][b] += 1
            counts[b][a] += 1
    return counts


def _swap_delta(counts: list[list[int]], x: list[int], y: list[int], a: int, b: int, meetings: int) -> int:
    """The cost change of moving ``a`` from table ``x`` to ``y`` and ``b`` the other way."""
    changes: dict[tuple[int, int], int] = {}
    for c in x:
        if c != a:
            changes[(a, c)] = changes.get((a, c), 0) - 1
            changes[(b, c)] = changes.get((b, c), 0) + 1
    for d in y:
        if d != b:
            changes[(b, d)] = changes.get((b, d), 0) - 1
            changes[(a, d)] = changes.get((a, d), 0) + 1
    return sum(
        _pair_cost(counts[p][q] + change, meetings) - _pair_cost(counts[p][q], meetings)
        for (p, q), change in changes.items()
        if change
    )


def _apply_swap(counts: list[list[int]], x: list[int], y: list[int], a: int, b: int) -> None:
    for c in x:
        if c != a:
            for p, q, change in ((a, c, -1), (b, c, 1)):
                counts[p][q] += change
                counts[q][p] += change
    for d in y:
        if d != b:
            for p, q, change in ((b, d, -1), (a, d, 1)):
                counts[p][q] += change
                counts[q][p] += change
    x[x.index(a)] = b
    y[y.index(b)] = a


# ---------------------------------------------------------------- who sits where


def _balance_seats(tables: list[list[int]], n: int, size: int) -> list[list[int]]:
    """Each table's seat order, so every player's seat counts differ by at most one.

    A player with two games more in seat ``a`` than in seat ``b`` starts an alternating
    path (an ``a`` seat at one table, that table's ``b`` player, their ``a`` seat at the
    next table, ...); swapping ``a`` and ``b`` along it evens that player and worsens no one,
    so the sum of squared seat counts falls each time and the repair ends (de Werra).
    """
    seated = [list(table) for table in tables]
    seat_count = [[0] * size for _ in range(n)]
    for table in seated:
        for seat, player in enumerate(table):
            seat_count[player][seat] += 1
    while True:
        uneven = _uneven_player(seat_count)
        if uneven is None:
            return seated
        player, heavy, light = uneven
        _swap_along_path(seated, seat_count, player, heavy, light)


def _uneven_player(seat_count: list[list[int]]) -> tuple[int, int, int] | None:
    for player, counts in enumerate(seat_count):
        heavy = max(range(len(counts)), key=counts.__getitem__)
        light = min(range(len(counts)), key=counts.__getitem__)
        if counts[heavy] - counts[light] >= 2:
            return player, heavy, light
    return None


def _swap_along_path(seated: list[list[int]], seat_count: list[list[int]], start: int, a: int, b: int) -> None:
    used: set[int] = set()
    player = start
    while True:
        table = next(
            (t for t, table in enumerate(seated) if t not in used and table[a] == player), None
        )
        if table is None:
            return
        used.add(table)
        other = seated[table][b]
        seated[table][a], seated[table][b] = other, player
        seat_count[player][a] -= 1
        seat_count[player][b] += 1
        seat_count[other][b] -= 1
        seat_count[other][a] += 1
        player = other


# ---------------------------------------------------------------- when


def _rounds(tables: list[list[int]], n: int) -> list[list[list[int]]]:
    """Tables in rounds without a player twice, the busiest players' tables first."""
    in_order = _first_fit(tables)
    remaining = [0] * n
    for table in tables:
        for player in table:
            remaining[player] += 1
    busiest = sorted(tables, key=lambda table: -sum(remaining[p] for p in table))
    by_load = _first_fit(busiest)
    return in_order if len(in_order) <= len(by_load) else by_load


def _first_fit(tables: list[list[int]]) -> list[list[list[int]]]:
    rounds: list[list[list[int]]] = []
    busy: list[set[int]] = []
    for table in tables:
        slot = next((r for r, players in enumerate(busy) if not players.intersection(table)), None)
        if slot is None:
            rounds.append([])
            busy.append(set())
            slot = len(rounds) - 1
        rounds[slot].append(table)
        busy[slot].update(table)
    return rounds


# ---------------------------------------------------------------- in words


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _notes(
    n: int, asked_size: int, size: int, meetings: int, played: list[int], counts: list[list[int]]
) -> tuple[str, ...]:
    notes: list[str] = []
    if size < asked_size:
        notes.append(f"The division has only {n} players, so its games are {size}-player games.")
    fewest = min(played)
    more = sum(1 for games in played if games > fewest)
    if more:
        notes.append(
            f"{n} players do not fill whole {size}-player tables evenly: {more} of them "
            f"{'plays' if more == 1 else 'play'} {fewest + 1} games, the others {fewest}."
        )
    tally: dict[int, int] = {}
    for a, b in combinations(range(n), 2):
        tally[counts[a][b]] = tally.get(counts[a][b], 0) + 1
    off = {count: pairs for count, pairs in tally.items() if count != meetings}
    if off:
        parts = [
            f"{pairs} pair{'s' if pairs != 1 else ''} meet{'s' if pairs == 1 else ''} {_times(count)}"
            for count, pairs in sorted(off.items())
        ]
        rest = f"; every other pair meets {_times(meetings)}" if meetings in tally else ""
        notes.append(
            f"With {n} players in {size}-player games, not every pair can meet "
            f"exactly {_times(meetings)}: " + ", ".join(parts) + rest + "."
        )
    return tuple(notes)
