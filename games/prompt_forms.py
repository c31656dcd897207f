"""Web forms built from engine Prompts, and posted forms read back into actions.

Nothing here knows a title: every form comes from the Prompt's ActionOptions and
Fields, and the engine stays the judge of legality (a posted value that is not a
listed choice is passed on, so the player reads the engine's sentence).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict

from engine.core import ActionOption, Choice, Field, Prompt, QuickAnswer, subject_of, worth_grouping

MAX_FIELD_CHARS = 200
GROUP_FROM = 7  # fewer one-click answers than this stay one plain row
# Number fields that are an amount of money in every title (bids, agreed prices): a walk's 1861
# opening bid read "100 to 420, in steps of 5" beside questions that write every amount as "₽100".
MONEY_FIELDS = frozenset({"price"})


class FormProblem(Exception):
    """A posted form that cannot become an action; the message is for the player."""


def value_key(value: Any) -> str:
    """How a choice value travels in a form: strings as they are, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


@dataclass
class ChoiceWidget:
    key: str
    label: str
    detail: str
    legal: bool
    price: int | None
    limit: int | None
    input_name: str = ""
    checked: bool = False
    value: str = "0"  # a ``counts`` input's number


@dataclass
class FieldWidget:
    name: str
    kind: str
    label: str
    required: bool
    min: int
    max: int | None
    step: int
    default: Any
    total_max: int | None
    budget: int | None
    value: Any = None  # what the input shows: the default, or what a refused post sent
    choices: list[ChoiceWidget] = field(default_factory=list)
    money: bool = False  # its hint writes the range with the game's currency (from ₽100 to ₽420)


@dataclass
class OptionForm:
    type: str
    label: str
    help: str
    fields: list[FieldWidget]
    refused: bool = False  # this form was just sent and turned down: it shows open, with what was sent
    index: int = 0  # its place among the prompt's options, posted as ``option``: two may share a type


def option_forms(prompt: Prompt, refused: QueryDict | None = None) -> list[OptionForm]:
    """One form per ActionOption of ``prompt``, ready for templates/games/_prompt.html.

    ``refused`` is a post the engine turned down: its form shows what the player sent, so
    they correct the one wrong value instead of typing everything again.
    """
    forms = []
    sent = _sent_option(prompt, refused) if refused is not None else None
    for index, option in enumerate(prompt.actions):
        widgets = [_widget(spec) for spec in option.fields]
        was_sent = option is sent
        if was_sent:
            for widget in widgets:
                _refill(widget, refused)
        forms.append(OptionForm(option.type, option.label, option.help, widgets, refused=was_sent, index=index))
    return forms


def _sent_option(prompt: Prompt, data: QueryDict) -> ActionOption | None:
    """The option a post names: by its ``option`` index when it sends one whose type matches (two
    options may share a type, as buying a train from the bank and from another company do), else
    the first option of the posted type (posts made without the index, by older pages and clients)."""
    kind = data.get("type")
    raw = data.get("option")
    if raw is not None and raw.isdigit() and int(raw) < len(prompt.actions) and prompt.actions[int(raw)].type == kind:
        return prompt.actions[int(raw)]
    return next((option for option in prompt.actions if option.type == kind), None)


def _refill(widget: FieldWidget, posted: QueryDict) -> None:
    """Set ``widget`` to the posted values (cut to a field's length; the template escapes them)."""
    if widget.kind == "choice":
        sent = posted.get(widget.name)
        for choice in widget.choices:
            choice.checked = choice.legal and choice.key == sent
    elif widget.kind == "counts":
        for choice in widget.choices:
            choice.value = posted.get(choice.input_name, choice.value)[:MAX_FIELD_CHARS]
    elif widget.kind == "bool":
        widget.value = _is_true(posted.get(widget.name))
    else:
        widget.value = posted.get(widget.name, widget.value)[:MAX_FIELD_CHARS]


@dataclass
class QuickGroup:
    """One-click answers about one subject (a chain, a holding); ``name`` empty for the rest."""

    name: str
    colour: str
    answers: list[tuple[int, QuickAnswer]]


def quick_groups(prompt: Prompt, names: dict[Any, str], colours: dict[Any, str]) -> list[QuickGroup]:
    """``prompt.quick`` grouped by what each answer is about, as the mail groups its links (``engine.subject_of``).

    A long row of buttons reads as a list of subjects, each with its own buttons, named and
    coloured as the page shows them (``names``, ``colours``: by subject value; else the choice's
    label); answers about no subject (pass, end the turn) come first.  Each keeps its index,
    which the post sends.
    """
    indexed = list(enumerate(prompt.quick))
    subjects = [subject_of(prompt, answer.action) for answer in prompt.quick]
    if len(indexed) < GROUP_FROM or not worth_grouping(subjects):
        return [QuickGroup("", "", indexed)]
    groups: dict[Any, QuickGroup] = {None: QuickGroup("", "", [])}
    for (index, answer), subject in zip(indexed, subjects, strict=True):
        key = None if subject is None else subject.value
        if key not in groups:
            assert subject is not None
            groups[key] = QuickGroup(names.get(key, subject.label), colours.get(key, ""), [])
        groups[key].answers.append((index, answer))
    return [group for group in groups.values() if group.answers]


def without_types(groups: list[QuickGroup], covered: frozenset[str]) -> list[QuickGroup]:
    """``groups`` less the answers whose action is of a ``covered`` type, and less the groups left empty
    (each answer keeps its index, so the rest post as before)."""
    kept = [QuickGroup(group.name, group.colour, [(index, answer) for index, answer in group.answers
                                                  if answer.action.get("type") not in covered])
            for group in groups]
    return [group for group in kept if group.answers]


REPEAT_CHECK_LIMIT = 64  # answers a form of choices may make before it is kept without checking


def repeats_quick(option: ActionOption, quick: Iterable[QuickAnswer]) -> bool:
    """Whether ``option``'s full form only repeats one-click answers: every answer it can send
    (``{"type": ..., **fixed}`` with one legal value of each required choice field) is one of
    ``quick``'s.  1861's dividend form, three radio buttons beside the same three buttons, was such
    a repeat; a form with a number, a count or an optional field, or choices with words of their own
    (help, a choice's detail), always says something new.  A form without fields goes whatever its
    help: a pass's "leaves this private" beside its Pass button was the repeat this began with."""
    if option.fields and _says_more(option):
        return False  # its words (a rule, a link to it) would be lost: Acquire's founding says "one share free (R17)"
    answers = _answers_of(option)
    shown = [answer.action for answer in quick]
    return answers is not None and all(action in shown for action in answers)


def _says_more(option: ActionOption) -> bool:
    """Whether the form carries words its buttons do not: its help or a choice's detail."""
    return bool(option.help) or any(choice.detail for spec in option.fields for choice in spec.choices)


def _answers_of(option: ActionOption) -> list[dict[str, Any]] | None:
    """Every action ``option``'s form can send, or None when its fields are not all required choices
    (or make more than ``REPEAT_CHECK_LIMIT`` answers)."""
    answers: list[dict[str, Any]] = [{"type": option.type, **option.fixed}]
    for spec in option.fields:
        legal = spec.legal_choices()
        if spec.kind != "choice" or not spec.required or not legal or len(answers) * len(legal) > REPEAT_CHECK_LIMIT:
            return None
        answers = [{**answer, spec.name: choice.value} for answer in answers for choice in legal]
    return answers


def without_repeats(forms: list[OptionForm], prompt: Prompt, shown: list[QuickAnswer]) -> list[OptionForm]:
    """``forms`` (of ``prompt``) less those that only repeat a one-click answer ``shown`` as a button
    ("Pass" as a button and again as a folded form with nothing to fill in); a refused form stays,
    open with its words.  With no buttons shown every form stays."""
    return [form for form in forms if form.refused or not repeats_quick(prompt.actions[form.index], shown)]


def _widget(spec: Field) -> FieldWidget:
    widget = FieldWidget(
        name=f"f.{spec.name}",
        kind=spec.kind,
        label=spec.label,
        required=spec.required,
        min=spec.min,
        max=spec.max,
        step=spec.step,
        default=spec.default,
        total_max=spec.total_max,
        budget=spec.budget,
        value=_shown_value(spec),
        money=spec.name in MONEY_FIELDS,
    )
    legal = spec.legal_choices()
    for choice in spec.choices:
        key = value_key(choice.value)
        checked = spec.kind == "choice" and (
            value_key(spec.default) == key if spec.default is not None else len(legal) == 1 and choice is legal[0]
        )
        widget.choices.append(
            ChoiceWidget(key, choice.label, choice.detail, choice.legal, choice.price, _box_limit(choice.limit, spec),
                         input_name=f"f.{spec.name}.{key}", checked=checked)
        )
    return widget


def _box_limit(limit: int | None, spec: Field) -> int | None:
    """A count box's highest number: the choice's own limit, never above the field's total (three
    Acquire shares a turn, however many the bank holds and the player could pay for), so the
    browser refuses what the rules would."""
    if spec.total_max is None:
        return limit
    return spec.total_max if limit is None else min(limit, spec.total_max)


def _shown_value(spec: Field) -> Any:
    if spec.kind == "bool":
        return bool(spec.default)
    if spec.kind in ("count", "number"):
        return str(spec.min if spec.default is None else spec.default)
    return spec.default


# ---------------------------------------------------------------- reading a post


def action_from_post(prompt: Prompt, data: QueryDict) -> dict[str, Any]:
    """The action a posted prompt form stands for; FormProblem if it cannot be read."""
    quick = data.get("quick")
    if quick is not None:
        return _quick_answer(prompt, quick)
    option = _sent_option(prompt, data)
    if option is None:
        raise FormProblem("That answer is not offered now; choose one of the forms on the page.")
    return _action_for_option(option, data)


def _quick_answer(prompt: Prompt, raw: str) -> dict[str, Any]:
    try:
        index = int(raw)
    except (TypeError, ValueError) as error:
        raise FormProblem("That button is not offered now.") from error
    if not 0 <= index < len(prompt.quick):
        raise FormProblem("That button is not offered now.")
    return dict(prompt.quick[index].action)


def _action_for_option(option: ActionOption, data: QueryDict) -> dict[str, Any]:
    action: dict[str, Any] = {"type": option.type, **option.fixed}
    for spec in option.fields:
        reader = READERS.get(spec.kind)
        if reader is None:
            raise FormProblem(f"{spec.label}: this site cannot read {spec.kind!r} fields yet.")
        value = reader(spec, data)
        if value is not None:
            action[spec.name] = value
    return action


def _raw(spec: Field, data: QueryDict, name: str | None = None) -> str | None:
    raw = data.get(name or f"f.{spec.name}")
    if raw is None or raw.strip() == "":
        return None
    if len(raw) > MAX_FIELD_CHARS:
        raise FormProblem(f"{spec.label}: that value is too long.")
    return raw.strip()


def _read_choice(spec: Field, data: QueryDict) -> Any:
    raw = _raw(spec, data)
    if raw is None:
        return _missing(spec)
    return _choice_value(spec.choices, raw)


def _choice_value(choices: tuple[Choice, ...], raw: str) -> Any:
    for choice in choices:
        if value_key(choice.value) == raw:
            return choice.value
    return raw


def _read_int(spec: Field, data: QueryDict) -> int | None:
    """A whole number; a required box posted empty is refused, as the browser's own check does.

    The default is what the box shows (``_shown_value``): a player who cleared their bid did not
    bid the minimum.  A field not posted at all (a client sending only what it changed) and an
    optional field left empty take the default, if there is one.
    """
    raw = _raw(spec, data)
    if raw is not None:
        return _as_int(spec.label, raw)
    if spec.required and data.get(f"f.{spec.name}") is not None:
        raise FormProblem(f"{spec.label}: enter a whole number.")
    return _missing(spec) if spec.default is None else spec.default


def _as_int(label: str, raw: str) -> int:
    try:
        return int(raw)
    except ValueError as error:
        raise FormProblem(f"{label}: {raw!r} is not a whole number.") from error


def _read_counts(spec: Field, data: QueryDict) -> dict[Any, int]:
    _refuse_counts_not_offered(spec, data)
    counts: dict[Any, int] = {}
    for choice in spec.choices:
        raw = _raw(spec, data, f"f.{spec.name}.{value_key(choice.value)}")
        if raw is not None and (count := _as_int(f"{spec.label} ({choice.label})", raw)):
            counts[choice.value] = count
    return counts


def _refuse_counts_not_offered(spec: Field, data: QueryDict) -> None:
    """A count posted for something the prompt does not offer (a hand-made or stale form) is refused
    in words: read as nothing, it would take a move the player never chose (buying no shares)."""
    prefix = f"f.{spec.name}."
    offered = {value_key(choice.value) for choice in spec.choices}
    for name in data:
        key = name[len(prefix):]
        if name.startswith(prefix) and key not in offered and (data.get(name) or "").strip() not in ("", "0"):
            choices = ", ".join(choice.label for choice in spec.choices) or "nothing"
            raise FormProblem(f"{spec.label}: {key[:40]!r} cannot be chosen now (the choices: {choices}).")


def _read_bool(spec: Field, data: QueryDict) -> bool:
    return _is_true(data.get(f"f.{spec.name}"))


def _is_true(raw: str | None) -> bool:
    return (raw or "").lower() in {"on", "true", "1", "yes"}


def _missing(spec: Field) -> Any:
    if spec.required:
        raise FormProblem(f"{spec.label}: choose a value.")
    return spec.default


READERS = {
    "choice": _read_choice,
    "count": _read_int,
    "number": _read_int,
    "counts": _read_counts,
    "bool": _read_bool,
}


def fields_for_action(option: ActionOption, action: dict[str, Any]) -> dict[str, str]:
    """The form fields (``f.*`` names) that post ``action`` through ``option``'s form: the inverse of
    ``action_from_post``, for clients that drive the pages (tests, the load benchmark)."""
    data: dict[str, str] = {}
    for spec in option.fields:
        value = action.get(spec.name)
        if value is None:
            continue
        if spec.kind == "counts":
            data.update({f"f.{spec.name}.{value_key(key)}": str(count) for key, count in value.items()})
        elif spec.kind == "bool":
            data[f"f.{spec.name}"] = "true" if value else ""
        else:
            data[f"f.{spec.name}"] = value_key(value)
    return data
