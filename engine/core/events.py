"""Events: the readable log lines a move produces, with the data behind them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One log line.

    ``only_seat`` marks a private event (a tile drawn): that seat sees ``text``,
    everybody else sees ``redacted`` (or nothing when it is ``None``).
    """

    text: str
    kind: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    only_seat: int | None = None
    redacted: str | None = None

    def seen_by(self, seat: int | None) -> str | None:
        """The line as ``seat`` (``None``: a spectator) may read it, or ``None``."""
        if self.only_seat is None or self.only_seat == seat:
            return self.text
        return self.redacted

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "data": self.data,
            "only_seat": self.only_seat,
            "redacted": self.redacted,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        return cls(
            text=raw["text"],
            kind=raw.get("kind", ""),
            data=raw.get("data", {}),
            only_seat=raw.get("only_seat"),
            redacted=raw.get("redacted"),
        )


def visible_events(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may read, redacted, as plain dicts (data kept only when public)."""
    visible = []
    for event in events:
        text = event.seen_by(seat)
        if text is None:
            continue
        private_hidden = event.only_seat is not None and event.only_seat != seat
        visible.append({"text": text, "kind": event.kind, "data": {} if private_hidden else event.data})
    return visible
