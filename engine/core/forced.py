"""Forced answers: a prompt with exactly one legal answer, which the service may give for the player.

The engine still asks every prompt (the record contract: every decision is an action in the
record), so records and replays are the same whether a player or the service answered.
Each title says from its own rules when a prompt is forced; the core only carries the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.events import Event

AUTO_ANSWER = "auto_answer"  # the kind of the note event that says why a prompt was answered for its player


@dataclass(frozen=True)
class ForcedAnswer:
    """``seat``'s only legal answer now, and ``note``: the log line saying why it was given for the player.

    The note is an ordinary event (it may be private when the reason is hidden information);
    the service logs it before the answer's own events.  ``replaces`` names the kind of the
    answer's own event that the note already says ("bought no shares" after "could buy no
    shares"): the service logs the note in its place, so one answer reads as one line.
    ``leads`` names instead the kind of a public event that says more than the note can know
    before the answer is applied ("founded Tower (3 tiles) and received the founder's share"):
    the note's reason leads into that line and the two are logged as one.
    """

    seat: int
    action: dict[str, Any]
    note: Event
    replaces: str = ""
    leads: str = ""


def forced_note(
    text: str, seat: int, prompt: str, only_seat: int | None = None, redacted: str | None = None
) -> Event:
    """The note event of a forced answer: ``text`` names the player and the reason (``redacted``: the others' line)."""
    return Event(text, kind=AUTO_ANSWER, data={"seat": seat, "prompt": prompt}, only_seat=only_seat,
                 redacted=redacted)


def answer_events(forced: ForcedAnswer, events: list[Event]) -> list[Event]:
    """The log lines of a forced answer: its note, then the answer's events less the one the note stands for."""
    kind = forced.replaces or forced.leads
    own = next((event for event in events if kind and event.kind == kind), None)
    note = forced.note
    if own is not None and forced.leads:
        if own.only_seat is not None or note.only_seat is not None:
            return [note, *events]  # a private line is never folded into another: both stay as they are
        note = replace(note, text=f"{note.text} {own.text}", data={**note.data, "answer": own.data})
    return [note, *(event for event in events if event is not own)]
