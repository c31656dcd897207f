"""Who else may refuse a new display name.

Accounts' names are not unique, but the apps above accounts may know why a name would mislead:
the games app refuses a rename to the name of another player at one of your tables
(``games.seat_names.clash_for_rename``).  They register a check when they are ready, so accounts
imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable

from accounts.models import User

# check(user, new_name) -> why the name is refused, in a sentence, or "".
NameCheck = Callable[[User, str], str]
_checks: list[NameCheck] = []


def register_name_check(check: NameCheck) -> None:
    if check not in _checks:
        _checks.append(check)


def refusal(user: User, name: str) -> str:
    """The first registered check's reason to refuse ``name`` for ``user``, or ""."""
    return next((reason for reason in (check(user, name) for check in _checks) if reason), "")
