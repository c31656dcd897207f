"""Whether a position's prompts offer only what the engine accepts: every title's tests check it on random games.

A prompt's forms and buttons are all a page or a mail shows, so an action type offered with
no legal answer is a form the player can only have refused ("End the turn" before it can end).
"""

from __future__ import annotations

from typing import Any

from engine.core import game
from engine.core.errors import IllegalAction
from engine.core.prompts import ActionOption, Prompt
from engine.core.title import GameState


def plainest(option: ActionOption) -> dict[str, Any]:
    """``option``'s form filled the simplest way: each field's first legal choice, its least number, nothing counted."""
    action: dict[str, Any] = {"type": option.type, **option.fixed}
    for spec in option.fields:
        legal = spec.legal_choices()
        if spec.kind == "choice" and legal:
            action[spec.name] = legal[0].value
        elif spec.kind in ("count", "number"):
            action[spec.name] = spec.min
        elif spec.kind == "bool":
            action[spec.name] = False
        elif spec.kind == "counts":
            action[spec.name] = {}
    return action


def accepted(state: GameState, seat: int, action: dict[str, Any]) -> bool:
    try:
        game.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


def _has_legal_answer(state: GameState, prompt: Prompt, option: ActionOption) -> bool:
    """A quick answer of the option's type, or its plainest filling, is accepted."""
    candidates = [answer.action for answer in prompt.quick if answer.action.get("type") == option.type]
    return any(accepted(state, prompt.seat, action) for action in [*candidates, plainest(option)])


def refused_offers(state: GameState) -> list[str]:
    """What the prompts offer that the engine refuses: quick answers, and option types with no legal answer."""
    refused = []
    for prompt in game.prompts(state):
        refused += [f"{prompt.name}: button {answer.label!r}" for answer in prompt.quick
                    if not accepted(state, prompt.seat, answer.action)]
        refused += [f"{prompt.name}: form {option.type!r} ({option.help})" for option in prompt.actions
                    if not _has_legal_answer(state, prompt, option)]
    return refused
