"""The protocol every title implements, and the state shape the core relies on.

Optional, outside the protocol (read with ``getattr`` by ``engine.core.game``): a title that
offers standing orders about its changes has ``order_facts(state, events)`` and
``order_subjects(state, seat)`` (``engine.core.order_facts``; 1861's in ``engine/t1861``);
a title may name what each of its prompts asks in ``prompt_phrases`` (prompt id -> the words
after "asked to", as "place a tile"), which the core's refusals read: without them a refusal
names the prompt id ("waiting for cy (place_tile)"), which a player cannot read.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar, runtime_checkable

from engine.core.events import Event
from engine.core.forced import ForcedAnswer
from engine.core.prompts import Prompt, Waiting


@runtime_checkable
class GameState(Protocol):
    """What the core needs of any title's state; the rest is the title's own.

    ``actions_applied`` is the state version: the number of record actions
    applied so far.  Titles keep all randomness pre-drawn in the state (a tile
    bag already shuffled), so a state is plain data.
    """

    title: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    actions_applied: int


# A title's own state class; each title's rules take and return only its own states.
StateT = TypeVar("StateT", bound=GameState)


class Title(Protocol[StateT]):
    """A title's rules.  Implementations live in ``engine/<title>/`` and register.

    Generic over the title's state class (``Title[AcquireState]``); code that does not know
    which title it holds (the registry, ``engine.core.game``) has a ``Title[Any]``.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    # Whether a whole game can be played to its end.  A registered title that is not
    # playable still replays and imports records (acceptance checks drive it through the
    # record contract), but the site offers no new game of it and ``random`` refuses it.
    playable: bool

    def validate_options(self, options: Any) -> dict[str, Any]:
        """Options with defaults filled in; raises MalformedRecord for unknown or bad ones."""

    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> StateT:
        """The state before the first record action (setup and dealing done)."""

    def opening_events(self, state: StateT) -> list[Event]:
        """The setup as log lines (a deal, who starts), read from a state no action has changed yet."""

    def waiting(self, state: StateT) -> list[Waiting]:
        """Every seat that must act now, its prompt name and accepted action types; [] when finished."""

    def prompts(self, state: StateT) -> list[Prompt]:
        """Every seat that must act now, with what it is asked and its legal answers; [] when finished."""

    def forced_answer(self, state: StateT) -> ForcedAnswer | None:
        """The answer a waiting seat must give when its prompt has exactly one legal answer, else None.

        Decided from the title's own rules; the answer must be accepted by ``apply_in_place``.
        """

    def apply_in_place(
        self, state: StateT, seat: int, action: dict[str, Any], asked: Waiting | None = None
    ) -> list[Event]:
        """Apply a legal action to ``state`` itself.

        Validates everything before the first change, so an IllegalAction leaves
        the state untouched.  The core has already checked (through ``waiting``)
        that ``seat`` is asked and that its prompt accepts ``action["type"]``, and
        passes that entry of ``waiting`` as ``asked``, so a title that needs the
        prompt need not work out ``waiting`` a second time for every action (a replay's
        cost).  Called without it (a title's own tests), the title finds it itself.
        """

    def seal_events(self, players: list[str], options: dict[str, Any], events: list[Event]) -> list[Event]:
        """``events`` with every line the game's options keep private marked so (``Event.only_seat``).

        The core seals what ``apply_in_place`` returns; sealing twice changes nothing, so
        stored events are sealed again when read.  A title with nothing hidden returns them.
        """

    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as plain JSON."""

    def result(self, state: StateT) -> list[dict[str, Any]] | None:
        """Final standings (best first), or None while the game runs."""

    def summary(self, state: StateT) -> dict[str, Any]:
        """The replay command's output for this state (the record contract)."""

    def to_json(self, state: StateT) -> dict[str, Any]:
        """The whole state as plain JSON (round-trips through ``from_json``)."""

    def from_json(self, raw: dict[str, Any]) -> StateT:
        """Rebuild a state from ``to_json`` output."""

    def copy_state(self, state: StateT) -> StateT:
        """An independent copy of ``state``."""

    def random_action(self, state: StateT, seat: int, rng: random.Random) -> dict[str, Any]:
        """A legal action for ``seat`` chosen at random (random games, fuzzing, bots)."""
