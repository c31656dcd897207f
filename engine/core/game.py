"""The title-independent game API: the only functions callers outside the engine use."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction, MalformedRecord
from engine.core.events import Event, visible_events
from engine.core.forced import ForcedAnswer
from engine.core.order_facts import OrderFact
from engine.core.prompts import Prompt, Waiting
from engine.core.registry import get_title
from engine.core.title import GameState, Title


def title_of(state: GameState) -> Title[Any]:
    return get_title(state.title)


def check_player_names(players: Any) -> None:
    """MalformedRecord unless ``players`` is a list of name strings (the record's shape)."""
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise MalformedRecord("players must be a list of names.")


def new_game(title_id: str, players: list[str], seed: int, options: dict[str, Any] | None = None) -> GameState:
    """A fresh game; MalformedRecord for a wrong player count or bad options."""
    title = get_title(title_id)
    check_player_names(players)
    if not title.min_players <= len(players) <= title.max_players:
        raise MalformedRecord(
            f"{title.name} takes {title.min_players} to {title.max_players} players, not {len(players)}."
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MalformedRecord("seed must be an integer.")
    return title.new_game(list(players), seed, title.validate_options({} if options is None else options))


def opening_events(state: GameState) -> list[Event]:
    """The log lines of the setup, before the first action; ``state`` is ``new_game``'s."""
    title = title_of(state)
    return title.seal_events(state.players, state.options, title.opening_events(state))


def prompts(state: GameState) -> list[Prompt]:
    """Every seat that must act now and what it is asked."""
    return title_of(state).prompts(state)


def prompt_for(state: GameState, seat: int) -> Prompt | None:
    """The prompt ``seat`` must answer now, if any."""
    return next((prompt for prompt in prompts(state) if prompt.seat == seat), None)


def waiting(state: GameState) -> list[Waiting]:
    """Who must act now and which action types each may take (cheaper than ``prompts``)."""
    return title_of(state).waiting(state)


def forced_answer(state: GameState) -> ForcedAnswer | None:
    """A waiting seat's only legal answer, when its prompt has exactly one (the service gives it for the player)."""
    return title_of(state).forced_answer(state)


def check_turn(state: GameState, seat: int, action: Any) -> Waiting:
    """What ``action`` answers; IllegalAction if ``seat`` may not take it now."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("An action needs a type.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise IllegalAction(f"There is no seat {seat!r} in this game.")
    asked = waiting(state)
    if not asked:
        raise IllegalAction("The game is over; no more moves can be made.")
    entry = next((candidate for candidate in asked if candidate.seat == seat), None)
    if entry is None:
        waiting_for = _asked_words(state, asked)
        raise IllegalAction(f"It is not {state.players[seat]}'s turn; the game is waiting for {waiting_for}.")
    if action["type"] not in entry.accepts:
        raise IllegalAction(
            f"{state.players[seat]} is asked to {prompt_phrase(state, entry.prompt)}, so {action['type']!r} is not"
            f" possible now (possible: {', '.join(entry.accepts)})."
        )
    return entry


def _asked_words(state: GameState, asked: list[Waiting]) -> str:
    """"ann to place a tile"; seats asked the same thing together ("ann and bob to accept or
    decline the merger")."""
    seats_by_prompt: dict[str, list[str]] = {}
    for entry in asked:
        seats_by_prompt.setdefault(entry.prompt, []).append(state.players[entry.seat])
    return " and ".join(f"{' and '.join(names)} to {prompt_phrase(state, prompt)}"
                        for prompt, names in seats_by_prompt.items())


def prompt_phrase(state: GameState, prompt: str) -> str:
    """What ``prompt`` asks, as the words after "asked to" ("place a tile"): the title's own
    (optional ``prompt_phrases``), else the prompt id in words."""
    phrases = getattr(title_of(state), "prompt_phrases", None) or {}
    return phrases.get(prompt, prompt.replace("_", " "))


def apply_in_place(state: GameState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Apply to ``state`` itself (replay's fast path); unchanged on IllegalAction."""
    asked = check_turn(state, seat, action)
    return _apply_checked(state, seat, action, asked)


def apply(state: GameState, seat: int, action: dict[str, Any]) -> tuple[GameState, list[Event]]:
    """The state after ``seat`` takes ``action``, and its events; ``state`` is never changed.

    The turn is checked before copying, so a move out of turn costs no copy.
    """
    asked = check_turn(state, seat, action)
    new_state = title_of(state).copy_state(state)
    return new_state, _apply_checked(new_state, seat, action, asked)


def _apply_checked(state: GameState, seat: int, action: dict[str, Any], asked: Waiting) -> list[Event]:
    """Apply an action whose turn check has passed (``asked``: the entry of ``waiting`` it
    answers, handed to the title), and count it; its events say who may read them."""
    title = title_of(state)
    events = title.seal_events(state.players, state.options, title.apply_in_place(state, seat, action, asked))
    state.actions_applied += 1
    return events


def order_facts(state: GameState, events: list[Event]) -> list[OrderFact]:
    """What a move's ``events`` changed that standing orders may have assumed (``state``: after the move).

    Optional in the title protocol: a title that offers no such orders has none.
    """
    reader = getattr(title_of(state), "order_facts", None)
    return [] if reader is None else reader(state, events)


def order_subjects(state: GameState, seat: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """The companies an order of ``seat`` may be about now, as (id, name, the prompt steps the company's
    player is asked: an order for one step is offered only for the companies asked it); [] for titles
    without company orders."""
    reader = getattr(title_of(state), "order_subjects", None)
    return [] if reader is None else reader(state, seat)


def readable_events(
    title_id: str, players: list[str], options: dict[str, Any], events: list[Event], seat: int | None
) -> list[dict[str, Any]]:
    """The lines of a game's ``events`` that ``seat`` (None: a spectator) may read.

    Sealed again first, so events stored before a title kept a line private are read as
    the title keeps them now.
    """
    return visible_events(get_title(title_id).seal_events(players, options, events), seat)


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see; ``None`` for the public (spectator) view."""
    return title_of(state).view(state, seat)


def result(state: GameState) -> list[dict[str, Any]] | None:
    """Final standings, best first, or None while the game runs."""
    return title_of(state).result(state)


def is_finished(state: GameState) -> bool:
    return result(state) is not None


def to_json(state: GameState) -> dict[str, Any]:
    return title_of(state).to_json(state)


def from_json(raw: dict[str, Any]) -> GameState:
    if not isinstance(raw, dict):
        raise MalformedRecord("A saved state must be a JSON object.")
    return get_title(raw.get("title")).from_json(raw)


def summary(state: GameState) -> dict[str, Any]:
    """The replay command's JSON output for ``state``."""
    return title_of(state).summary(state)
