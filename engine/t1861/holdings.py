"""Who holds what: certificates counted against the limit (section 2), percentages of a major,
presidency changes (10.2, 10.3), and moving certificates between owners.

Majors keep nine certificates, each with one owner (``state.majors[id]["certificates"]``):
index 0 is the 20% president's certificate.  The president's certificate never goes to the
pool: when the presidency changes, the new president hands two 10% certificates to the old
one in exchange for it.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.t1861.state import MAJOR_CERTIFICATES, Owner, State, certificate_limit, max_percent

PRESIDENT = 0


def shares_words(count: int, major: str = "") -> str:
    """"1 share", "3 GRR shares": a count in a sentence, never "share(s)"."""
    return f"{count} {major + ' ' if major else ''}share{'' if count == 1 else 's'}"


def percent_of(state: State, major: str, owner: Owner) -> int:
    """The percentage of ``major`` that ``owner`` holds.  Every certificate but the president's
    is one share, so this is a count (in C; stock turns ask it for every seat and major)."""
    certificates = state.majors[major]["certificates"]
    held = _SHARE * certificates.count(owner)
    return held + _PRESIDENT_EXTRA if certificates[PRESIDENT] == owner else held


_SHARE = MAJOR_CERTIFICATES[1]
_PRESIDENT_EXTRA = MAJOR_CERTIFICATES[PRESIDENT] - _SHARE
assert set(MAJOR_CERTIFICATES[1:]) == {_SHARE}, "the data file's majors: a president's certificate, then equal shares"


def president_of(state: State, major: str) -> int | None:
    holder = state.majors[major]["certificates"][PRESIDENT]
    return holder if isinstance(holder, int) else None


def certificates_held(state: State, seat: int) -> int:
    """Section 2: every major certificate (the president's counts one), every minor, every private.

    Plain loops, not sums of generators: half the time, and every stock turn asks this of each
    thing a player might do (the limit) for every seat it looks at."""
    held = list(state.privates.values()).count(seat)
    for major in state.majors.values():
        held += major["certificates"].count(seat)
    for minor in state.minors.values():
        if minor["owner"] == seat and minor["status"] == "started":
            held += 1
    return held


def has_room(state: State, seat: int) -> bool:
    """Room for one more certificate under the limit."""
    return certificates_held(state, seat) < certificate_limit(len(state.players))


def may_hold_more(state: State, major: str, seat: int) -> bool:
    """Another 10% keeps ``seat`` within 60% (70% with two players) of ``major``."""
    return percent_of(state, major, seat) + 10 <= max_percent(len(state.players))


def ten_percent_index(state: State, major: str, owner: Owner) -> int | None:
    """One of ``owner``'s 10% certificates of ``major`` (the lowest index), or None.  Looked up
    by the list's own search, in C: stock turns ask it for every major and source."""
    try:
        return state.majors[major]["certificates"].index(owner, PRESIDENT + 1)
    except ValueError:
        return None


def move_ten_percent(state: State, major: str, giver: Owner, taker: Owner) -> None:
    index = ten_percent_index(state, major, giver)
    if index is None:
        raise IllegalAction(f"{giver} holds no 10% certificate of {major.upper()}.")
    state.majors[major]["certificates"][index] = taker


def hand_over_presidency(state: State, major: str, new_president: int) -> None:
    """The new president gives two 10% certificates to the old one and takes the 20% one."""
    old = president_of(state, major)
    if old is None or old == new_president:
        return
    move_ten_percent(state, major, new_president, old)
    move_ten_percent(state, major, new_president, old)
    state.majors[major]["certificates"][PRESIDENT] = new_president


def most_shares_after(state: State, major: str, seller: int) -> int | None:
    """10.2: the player holding the most of ``major`` other than ``seller``; ties go to the
    first in seat order after the seller.  None when nobody else holds any."""
    best, best_percent = None, 0
    for seat in state.seats_from(seller)[1:]:
        held = percent_of(state, major, seat)
        if held > best_percent:
            best, best_percent = seat, held
    return best


def check_presidency_after_buy(state: State, major: str, buyer: int) -> None:
    """10.3: a buyer holding strictly more than the president takes the presidency."""
    president = president_of(state, major)
    if president not in (None, buyer) and percent_of(state, major, buyer) > percent_of(state, major, president):
        hand_over_presidency(state, major, buyer)
