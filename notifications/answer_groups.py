"""A mail's move links grouped by what they do: one group per action type, split by holding or chain when long.

A prompt may carry twenty one-click answers (Railroad Barons' stock turn: a sale and a
purchase for each certificate of each holding).  Listed flat they read as a wall; grouped
under the prompt's own action labels ("Sell a certificate", "Buy a certificate", "Pass"),
and within a group by the holding or chain the answer is about, a player finds theirs.

Everything comes from the prompt's data (its action options, their fields and choices), so
no title is named here.  What an answer is about, and when splitting by it helps, is the
engine's one notion (``engine.core.subjects``), which the game page's buttons use too.
Only legal answers are quick answers, so nothing impossible shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import engine.core as engine

Link = dict[str, str]


@dataclass
class Part:
    """Links about one holding or chain (``name``) within a group."""

    name: str
    links: list[Link] = field(default_factory=list)


@dataclass
class Group:
    """The links of one action type: loose ones first, then by subject (``parts``) when that helps."""

    heading: str
    links: list[Link] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.links) + sum(len(part.links) for part in self.parts)


def group_links(prompt: engine.Prompt, links: list[Link]) -> list[Group]:
    """``links`` (one per quick answer, in the prompt's order) grouped, groups in the order of the prompt's actions."""
    options = {option.type: option for option in prompt.actions}
    order = [option.type for option in prompt.actions]
    answers: dict[str, list[tuple[engine.QuickAnswer, Link]]] = {}
    for answer, link in zip(prompt.quick, links, strict=True):
        answers.setdefault(answer.action.get("type", ""), []).append((answer, link))
    ranked = sorted(answers, key=lambda kind: order.index(kind) if kind in order else len(order))
    return [_group(options.get(kind), answers[kind]) for kind in ranked]


def _group(option: engine.ActionOption | None, pairs: list[tuple[engine.QuickAnswer, Link]]) -> Group:
    group = Group(option.label if option else "")
    subjects = [engine.option_subject(option, answer.action) if option else None for answer, _ in pairs]
    if not engine.worth_grouping(subjects):  # one subject, or one answer each: a flat list reads best
        group.links = [link for _, link in pairs]
        return group
    parts: dict[Any, Part] = {}
    for (_, link), subject in zip(pairs, subjects, strict=True):
        if subject is None:
            group.links.append(link)
        else:
            parts.setdefault(subject.value, Part(subject.label)).links.append(link)
    group.parts = list(parts.values())
    return group
