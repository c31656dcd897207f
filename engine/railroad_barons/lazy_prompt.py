"""A Prompt whose answers are described only when someone reads them.

The core asks a title for its prompts before every replayed action, but only
to learn who is asked, the prompt name and the accepted action types.  Working
out every legal answer with labels there would dominate replay time, so that
part is built on first read of ``actions`` or ``quick``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.prompts import ActionOption, Prompt, QuickAnswer

Description = tuple[tuple[ActionOption, ...], tuple[QuickAnswer, ...]]


class StalePrompt(RuntimeError):
    """A lazy prompt was read after its game moved on (it would describe the wrong position)."""


class LazyPrompt(Prompt):
    """Behaves as a Prompt; ``describe`` builds (actions, quick) from the game as it was when asked."""

    def __init__(
        self,
        seat: int,
        name: str,
        question: str,
        types: tuple[str, ...],
        describe: Callable[[], Description],
        is_current: Callable[[], bool],
        context: dict[str, Any] | None = None,
    ):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "context", context or {})
        object.__setattr__(self, "_types", types)
        object.__setattr__(self, "_describe", describe)
        object.__setattr__(self, "_is_current", is_current)
        object.__setattr__(self, "_description", None)

    def accepts(self, action_type: str) -> bool:
        return action_type in self._types

    @property
    def actions(self) -> tuple[ActionOption, ...]:  # type: ignore[override]
        return self._described()[0]

    @property
    def quick(self) -> tuple[QuickAnswer, ...]:  # type: ignore[override]
        return self._described()[1]

    def _described(self) -> Description:
        if self._description is None:
            if not self._is_current():
                raise StalePrompt("This prompt was read after the game moved on; ask for the prompts again.")
            object.__setattr__(self, "_description", self._describe())
        return self._description
