"""A random legal answer, read from the prompt's own options (random games, property tests)."""

from __future__ import annotations

import random
from typing import Any

from engine.core.prompts import Field
from engine.t1861 import asking
from engine.t1861.state import State


def random_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """Mostly a quick answer (pass, the least bid, one share); sometimes a random form filling.

    Passing is weighted down only as far as needed for auctions and rounds to end quickly.
    """
    prompt = next(prompt for prompt in asking.prompts(state) if prompt.seat == seat)
    # A home's hex and city go together (a removed token's too), and so do a lay's hex, tile and
    # rotation, and a run's routes: quick answers only.
    if prompt.quick and (prompt.name in ("home_city", "operate", "rsr_routes", "remove_token") or rng.random() < 0.7):
        return dict(rng.choice(prompt.quick).action)
    option = rng.choice(prompt.actions)
    # A purchase's major and source go together too (a new major's treasury, another's pool).
    paired = [answer.action for answer in prompt.quick if answer.action["type"] == option.type == "buy_shares"]
    if paired:
        return dict(rng.choice(paired))
    action: dict[str, Any] = {"type": option.type, **option.fixed}
    limit = None  # a chosen choice's ``limit`` bounds the option's count ("sell up to 1 of MK")
    for spec in option.fields:
        if spec.kind == "choice":
            chosen = rng.choice(spec.legal_choices())
            action[spec.name], limit = chosen.value, chosen.limit
    for spec in option.fields:
        if spec.kind != "choice":
            action[spec.name] = _value(spec, rng, limit)
    return action


def _value(spec: Field, rng: random.Random, limit: int | None) -> Any:
    if spec.kind in ("number", "count"):
        most = spec.max if spec.max is not None else spec.min
        if limit is not None:
            most = min(most, limit)
        steps = max((most - spec.min) // spec.step, 0)
        return spec.min + spec.step * min(rng.randint(0, steps), rng.randint(0, 4))
    return False
