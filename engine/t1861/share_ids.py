"""Where each 18xx.games share certificate lies, so that a recorded purchase's source is known.

An 18xx.games purchase names a certificate (``"NW_3"``), not where it came from; when both
the pool and the treasury hold shares of a major, only the certificate's place says whether
the money went to the bank or to the company.  Certificates move by the recorded actions
(bought to the buyer, sold to the pool), and also where no action names them: a change of
president swaps the new president's ordinary certificates for the president's one (they go
to the pool, or to the old president), a nationalised major's certificates all go back to
its treasury (made anew there, in number order, as 18xx.games resets the major; oracle seed 2),
a merger hands new certificates out.

So the ids are kept per holder in the order each holder got them, moved as the actions
say, and then made to agree with the game's own holdings after every action
(:meth:`ShareIds.follow`), as 18xx.games moves them: a president swap puts the new
president's first certificates in the pool, and a president's certificate sold in part then
takes the pool's first one back to the seller.  A merger's hand-out depends on the minors'
order, which holdings do not show, so the importer tells it (:meth:`ShareIds.merge`): in
operating order each owner gets the treasury's last certificate, except that an owner who
already got one while the president's certificate is still in the treasury hands that one
back, to the treasury's end, and takes the president's (oracle seed 236).  Otherwise a holder
with more certificates than the game gives it hands on those it got first (the treasury: its
last ones); when the pool is short they all go to the pool first, and the pool's first ones
go on to any other holder short of some.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

Holder = int | str  # a seat, "treasury" or "pool" (our state's owners)
TREASURY, POOL = "treasury", "pool"


class ShareIds:
    """The holder of every certificate of the majors seen so far, each holder's in the order got."""

    def __init__(self) -> None:
        self.held: dict[str, dict[Holder, list[str]]] = {}  # major id (18xx.games') -> holder -> ordinary ids
        self.president: dict[str, Holder] = {}  # major id -> who holds certificate 0
        self.seen: dict[str, list[Holder]] = {}  # major id -> the game's certificate owners last followed

    def holder(self, share: str) -> Holder:
        """Where ``share`` lies (the treasury for a certificate no action has moved yet)."""
        major, number = _parts(share)
        if number == 0:
            return self.president.get(major, TREASURY)
        return next((who for who, ids in self.held.get(major, {}).items() if share in ids), TREASURY)

    def move(self, shares: list[str], to: Holder) -> None:
        """The certificates an action names go to ``to`` (after those it holds)."""
        for share in shares:
            major, number = _parts(share)
            if number == 0:
                self.president[major] = to
                continue
            holders = self.held.setdefault(major, {})
            for ids in holders.values():
                if share in ids:
                    ids.remove(share)
            holders.setdefault(to, []).append(share)

    def merge(self, major: str, owners: list[Holder]) -> None:
        """A merger forms ``major``: its certificates go to the minors' ``owners``, in the minors'
        operating order, as 18xx.games hands them out (see the module docstring)."""
        holders = self.held.setdefault(major, {})
        treasury = holders.setdefault(TREASURY, [])
        for owner in owners:
            mine = holders.setdefault(owner, [])
            if self.president.get(major, TREASURY) == TREASURY and len(mine) == 1:
                treasury.append(mine.pop(0))
                self.president[major] = owner
            elif treasury:
                mine.append(treasury.pop())

    def follow(self, majors: dict[str, dict[str, Any]]) -> None:
        """Agree with the game's holdings (``State.majors``: ``certificates`` owners, 0 the president's)."""
        for company, entry in majors.items():
            owners = entry["certificates"]
            if self.seen.get(company) != owners:
                self.seen[company] = list(owners)
                self._agree(company.upper(), owners)

    def _agree(self, major: str, owners: list[Holder]) -> None:
        if all(owner == TREASURY for owner in owners):  # unstarted, or reset by a nationalisation (15.3):
            self.held[major] = {TREASURY: [f"{major}_{number}" for number in range(1, len(owners))]}
            self.president[major] = TREASURY  # 18xx.games makes the certificates anew, in number order
            return
        self.president[major] = owners[0]
        wanted = Counter(owners[1:])
        holders = self.held.setdefault(major, {})
        placed = {share for ids in holders.values() for share in ids}
        holders.setdefault(TREASURY, []).extend(
            share for number in range(1, len(owners)) if (share := f"{major}_{number}") not in placed)
        loose = self._surplus(holders, wanted)
        pool = holders.setdefault(POOL, [])
        if loose and wanted[POOL] > len(pool):  # a president swap puts them all in the pool first
            pool.extend(loose)
            loose = []
        over = len(pool) - wanted[POOL]
        if over > 0:  # then hands the pool's first back (a president's certificate sold in part)
            loose += pool[:over]
            del pool[:over]
        for who in wanted:
            short = wanted[who] - len(holders.get(who, []))
            if short > 0:
                holders.setdefault(who, []).extend(loose[:short])
                loose = loose[short:]

    @staticmethod
    def _surplus(holders: dict[Holder, list[str]], wanted: Counter[Holder]) -> list[str]:
        """The certificates holders other than the pool hold beyond the game's count: a player's
        first ones, the treasury's last ones (a merger hands out the treasury's last)."""
        loose: list[str] = []
        for who, ids in holders.items():
            surplus = len(ids) - wanted[who]
            if who == POOL or surplus <= 0:
                continue
            if who == TREASURY:
                loose += reversed(ids[-surplus:])
                del ids[-surplus:]
            else:
                loose += ids[:surplus]
                del ids[:surplus]
        return loose


def _parts(share: str) -> tuple[str, int]:
    major, _, number = share.rpartition("_")
    return major, int(number) if number.isdigit() else -1
