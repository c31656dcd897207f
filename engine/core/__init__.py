"""What every title shares: the game API, prompts, events, records and the registry."""

from engine.core.errors import UNFORESEEN_INPUT_ERRORS, IllegalAction, MalformedRecord
from engine.core.events import Event, visible_events
from engine.core.forced import AUTO_ANSWER, ForcedAnswer, answer_events
from engine.core.game import (
    apply,
    apply_in_place,
    forced_answer,
    from_json,
    is_finished,
    new_game,
    opening_events,
    order_facts,
    order_subjects,
    prompt_for,
    prompts,
    readable_events,
    result,
    summary,
    title_of,
    to_json,
    view,
    waiting,
)
from engine.core.order_facts import OrderFact
from engine.core.prompts import ActionOption, Choice, Field, Prompt, QuickAnswer, Waiting
from engine.core.registry import available_titles, get_title, playable_titles, register
from engine.core.subjects import Subject, option_subject, subject_of, worth_grouping

__all__ = [
    "AUTO_ANSWER",
    "UNFORESEEN_INPUT_ERRORS",
    "ActionOption",
    "Choice",
    "Event",
    "Field",
    "ForcedAnswer",
    "IllegalAction",
    "MalformedRecord",
    "OrderFact",
    "Prompt",
    "QuickAnswer",
    "Subject",
    "Waiting",
    "answer_events",
    "apply",
    "apply_in_place",
    "available_titles",
    "forced_answer",
    "from_json",
    "get_title",
    "is_finished",
    "new_game",
    "opening_events",
    "option_subject",
    "order_facts",
    "order_subjects",
    "playable_titles",
    "prompt_for",
    "prompts",
    "readable_events",
    "register",
    "result",
    "subject_of",
    "summary",
    "title_of",
    "to_json",
    "view",
    "visible_events",
    "waiting",
    "worth_grouping",
]
