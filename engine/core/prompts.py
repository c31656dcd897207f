"""Prompts: who must act now and what they may answer, described as data.

A prompt is rich enough for a web form, an e-mail with one link per common
answer, and a random player to be generated from it without title-specific
code.  Legality is still decided by the title's ``apply``; the prompt
describes the shape and the bounds of the answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

FieldKind = Literal["choice", "count", "counts", "bool", "number"]


@dataclass(frozen=True)
class Choice:
    """One enumerable value of a field: a tile, a chain, a certificate.

    ``legal`` false means it is shown (a tile in hand) but cannot be chosen now;
    ``detail`` says what choosing it does or why it cannot be chosen.
    ``price`` and ``limit`` serve ``counts`` fields: unit price, most of this key.
    """

    value: Any
    label: str
    detail: str = ""
    legal: bool = True
    price: int | None = None
    limit: int | None = None


@dataclass(frozen=True)
class Field:
    """One input of an action.

    Kinds: ``choice`` (one of ``choices``), ``count`` (an integer from ``min``
    to ``max`` in steps of ``step``), ``counts`` (a map from the choices' values
    to counts, each within its choice's ``limit``, summing to at most
    ``total_max``, costing at most ``budget``), ``bool``, ``number`` (an integer
    from ``min`` to ``max``).
    """

    name: str
    kind: FieldKind
    label: str
    choices: tuple[Choice, ...] = ()
    min: int = 0
    max: int | None = None
    step: int = 1
    total_max: int | None = None
    budget: int | None = None
    required: bool = True
    default: Any = None

    def legal_choices(self) -> list[Choice]:
        return [choice for choice in self.choices if choice.legal]


@dataclass(frozen=True)
class ActionOption:
    """One action type the prompt accepts, with its fields and a short help text."""

    type: str
    label: str
    fields: tuple[Field, ...] = ()
    help: str = ""
    fixed: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class QuickAnswer:
    """A complete, legal answer worth one click (an e-mail link, a button)."""

    label: str
    action: dict[str, Any]


class Waiting(NamedTuple):
    """Who is asked, under which prompt name, and which action types answer it.

    The cheap part of a prompt: the core checks it before every action, so a
    title computes it without describing every legal answer.  A named tuple, not a frozen
    dataclass: it is as immutable and is made in a third of the time, once per action of
    every replay (issue 13).
    """

    seat: int
    prompt: str
    accepts: tuple[str, ...]


@dataclass(frozen=True)
class Prompt:
    """What one seat is asked now.

    ``name`` is the prompt id of the record contract's ``waiting_for``;
    ``question`` is the sentence shown to the player.
    """

    seat: int
    name: str
    question: str
    actions: tuple[ActionOption, ...]
    quick: tuple[QuickAnswer, ...] = ()
    context: dict[str, Any] = field(default_factory=dict)

    def accepts(self, action_type: str) -> bool:
        return any(option.type == action_type for option in self.actions)

    def to_json(self) -> dict[str, Any]:
        return prompt_to_json(self)


def prompt_to_json(prompt: Prompt) -> dict[str, Any]:
    """A prompt as plain JSON (for the API and templates)."""
    from dataclasses import asdict

    return asdict(prompt)
