"""A random legal answer, read from the prompt's own options (random games, property tests).

Uniformly random answers never finish a game of 1861: companies pass on trains, or trade
them among themselves for ₽1, so the phases never move on.  The random player therefore
leans the way a game moves - it lays track, buys bank trains when it may and pays out
more often than not - while every answer still comes from the prompt, so whatever it plays
is an answer a player could give.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.prompts import Field, Prompt, QuickAnswer
from engine.t1861 import asking, company_turn
from engine.t1861.lays import legal_lays_among
from engine.t1861.operate_prompt import can_pay, company_trade
from engine.t1861.state import State

# How often an operating step does the thing that moves the game on, rather than passing.
LAY_CHANCE = 0.75
LAY_SAMPLE = 4  # hexes in reach the random player looks at for a lay (finding every lay is slow)
TOKEN_CHANCE = 0.6
BANK_TRAIN_CHANCE = 0.85
COMPANY_TRAIN_CHANCE = 0.03  # a ₽1 trade between companies: rare, or trains only circulate
BOT_ROUTE_STEPS = 500  # the optimiser's work budget for the random player's runs (the prompt's: 250,000)
QUICK_CHANCE = 0.7  # elsewhere: a quick answer, else a random form filling
# A home's hex and city go together (a removed token's too), and so do a lay's hex, tile and
# rotation, and a run's routes: quick answers only.
QUICK_ONLY = ("home_city", "operate", "rsr_routes", "remove_token")


def random_action(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """A legal answer for ``seat``: see the module docstring for the leanings."""
    shortcut = _without_prompt(state, seat, rng)
    if shortcut is not None:
        return shortcut
    prompt = next(prompt for prompt in asking.prompts(state) if prompt.seat == seat)
    if prompt.name == "operate" and prompt.context.get("step") == "buy_train":
        return _buy_train(prompt, rng, company_trade(state, prompt.context["company"]))
    if prompt.name == "operate" and prompt.context.get("step") in _STEP_CHOICES:
        return _STEP_CHOICES[prompt.context["step"]](prompt, rng)
    if prompt.quick and (prompt.name in QUICK_ONLY or rng.random() < QUICK_CHANCE):
        return dict(rng.choice(prompt.quick).action)
    return _form_filling(prompt, rng)


def _without_prompt(state: State, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """Answers decided before the prompt is built, for speed (random games play thousands of
    turns): the track step (a pass, or a lay from a few hexes in reach), and the routes the optimiser finds within
    :data:`BOT_ROUTE_STEPS` (the prompt's suggestion searches far longer)."""
    asked = next(entry for entry in asking.waiting(state) if entry.seat == seat)
    if asked.prompt != "operate":
        return None
    step, company = company_turn.turn(state)["step"], company_turn.turn(state)["company"]
    if step == "track":
        return _sampled_lay(state, company, rng) if rng.random() < LAY_CHANCE else {"type": "pass"}
    if step == "routes":
        return {"type": "run_routes", "routes": company_turn.suggested_routes(state, company, BOT_ROUTE_STEPS)}
    return None


def _sampled_lay(state: State, company: str, rng: random.Random) -> dict[str, Any]:
    """A legal, affordable lay in one of :data:`LAY_SAMPLE` hexes in reach, or a pass if they have none."""
    def pick(hexes: list[str]) -> list[str]:
        return rng.sample(hexes, min(LAY_SAMPLE, len(hexes)))

    lays = legal_lays_among(state.board, company.upper(), state.phase, company_turn.lays_done(state), pick)
    lays = [lay for lay in lays if can_pay(state, company, lay.cost)]
    if not lays:
        return {"type": "pass"}
    lay = rng.choice(lays)
    return {"type": "lay_tile", "hex": lay.hex.lower(), "tile": lay.tile, "rotation": lay.rotation}


def _form_filling(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
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


def _of_type(prompt: Prompt, kind: str) -> list[QuickAnswer]:
    return [answer for answer in prompt.quick if answer.action["type"] == kind]


def _pass_or_any(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    """The step's own pass when it offers one (buying a private is left out), else any quick answer."""
    passes = _of_type(prompt, "pass")
    return dict((passes or list(prompt.quick))[0 if passes else rng.randrange(len(prompt.quick))].action)


def _often(kind: str, chance: float) -> Any:
    def choose(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
        answers = _of_type(prompt, kind)
        if answers and rng.random() < chance:
            return dict(rng.choice(answers).action)
        return _pass_or_any(prompt, rng)
    return choose


def _buy_train(prompt: Prompt, rng: random.Random, trade: dict[str, Any] | None) -> dict[str, Any]:
    """A bank train most of the time (the phases move on), a ₽1 trade rarely (``trade``: with any
    company, though one click offers only a trade between one president's companies), else pass."""
    bank = [answer for answer in _of_type(prompt, "buy_train") if answer.action.get("source") == "depot"]
    must = not _of_type(prompt, "pass")
    if bank and (must or rng.random() < BANK_TRAIN_CHANCE):
        return dict(rng.choice(bank).action)
    if trade and (must or rng.random() < COMPANY_TRAIN_CHANCE):
        return dict(rng.choice([trade]))  # drawn as before, so seeded random games stay the same
    return _pass_or_any(prompt, rng)


def _any_quick(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    return dict(rng.choice(prompt.quick).action)


_STEP_CHOICES = {
    "token": _often("place_token", TOKEN_CHANCE),
    "routes": _any_quick,
    "dividend": _any_quick,
    "redeem": _any_quick,
    "private": _pass_or_any,
    "last_private": _pass_or_any,
}
