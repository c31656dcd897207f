"""What a standing order kind is: the prompts it answers, what it needs to be set, what disarms it.

A kind builds its answer from the prompt's own data (options, field bounds, quick answers),
so it knows the title's vocabulary (docs/titles/) but none of its rules: the engine still
decides what is legal, and an answer it would refuse is never built.  What a kind assumed is
declared as order-fact kinds (engine.core.order_facts) that cancel it (``disarmed_by``,
the player is told) or end it quietly because its scope ran out (``ends_with``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import engine.core as engine

Params = Mapping[str, Any]
Build = Callable[[engine.Prompt, Params], dict[str, Any] | None]

LIMIT_MOST = 100_000  # a bid limit above any game's money


class OrderRefused(ValueError):
    """The order cannot be set as asked; the message is in player words."""


@dataclass(frozen=True)
class OrderKind:
    """One kind of standing order.  ``label`` may name ``{company}``, ``{limit}`` and ``{policy}``."""

    key: str
    label: str
    prompts: tuple[str, ...]
    build: Build
    titles: tuple[str, ...] | None = None  # None: every title (the first kinds, before titles differed)
    step: str | None = None  # the prompt's ``context["step"]`` it answers, for one-name prompts (18xx "operate")
    needs: tuple[str, ...] = ()  # what is asked when it is set: "limit", "company", "policy"
    policies: tuple[tuple[str, str], ...] = ()  # the policy choices (value, words), when it needs one
    disarmed_by: tuple[str, ...] = ()
    ends_with: tuple[str, ...] = ()
    on_game_page: bool = False  # also set from the game page (slow games' orders), not only the mail settings
    form_label: str = ""  # the kind as a form names it, before its company or limit is chosen (else ``label``)

    def offered_in(self, title_id: str) -> bool:
        return self.titles is None or title_id in self.titles

    def answers(self, prompt: engine.Prompt, subject: str) -> bool:
        """Whether this is a prompt of the kind (the company's own, for an order about one)."""
        if prompt.name not in self.prompts:
            return False
        if self.step is not None and prompt.context.get("step") != self.step:
            return False
        return not subject or prompt.context.get("company") == subject

    def subjects_for(self, subjects: list[tuple[str, str, tuple[str, ...]]]) -> list[tuple[str, str]]:
        """The companies (id, name) among the engine's ``order_subjects`` that this kind may be about:
        those whose player is asked the kind's step (a minor is never asked its dividend)."""
        return [(value, name) for value, name, steps in subjects if self.step is None or self.step in steps]

    def words(self, params: Params, subject: str) -> str:
        policy = dict(self.policies).get(str(params.get("policy", "")), "")
        return self.label.format(company=subject.upper(), limit=params.get("limit", ""), policy=policy)

    def clean(self, raw: Mapping[str, Any],
              subjects: list[tuple[str, str, tuple[str, ...]]]) -> tuple[dict[str, Any], str]:
        """The params and subject of an order set from a form or a link (``subjects``: the engine's
        ``order_subjects``); OrderRefused in words."""
        params: dict[str, Any] = {}
        subject = ""
        if "limit" in self.needs:
            params["limit"] = _limit(raw.get("limit"))
        if "policy" in self.needs:
            if str(raw.get("policy", "")) not in dict(self.policies):
                raise OrderRefused("Choose one of the dividend policies offered.")
            params["policy"] = str(raw["policy"])
        if "company" in self.needs:
            subject = str(raw.get("company", ""))
            if subject not in dict(self.subjects_for(subjects)):
                raise OrderRefused("Choose one of the companies you run that this order can answer for.")
        return params, subject


def _limit(value: Any) -> int:
    try:
        limit = int(str(value).strip())
    except ValueError:
        raise OrderRefused("The bid limit must be a whole number.") from None
    if not 0 <= limit <= LIMIT_MOST:
        raise OrderRefused(f"The bid limit must be between 0 and {LIMIT_MOST:,}.")
    return limit


def option(prompt: engine.Prompt, action_type: str) -> engine.ActionOption | None:
    return next((item for item in prompt.actions if item.type == action_type), None)


def field(choice: engine.ActionOption, name: str) -> engine.Field | None:
    return next((item for item in choice.fields if item.name == name), None)
