"""An 18xx.games export played through Turnpost's rules while it is translated (``import-18xx``'s core).

A company's action needs the game's state to be translated (who acts for the company, the
map a recorded route runs on), so translating and applying go together: each effective
action (``export.effective_actions``) is translated by :class:`translate.Translator` and
applied through the title at once.  The replay stops at the first action our rules refuse
and says which, so the caller knows exactly how far the record replays.  One recorded action
is passed over: a ``run_routes`` with no routes where our rules ask for no routes
(:mod:`engine.t1861.unasked_routes`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import UNFORESEEN_INPUT_ERRORS, IllegalAction, MalformedRecord
from engine.t1861 import company_turn, holdings, merger_round
from engine.t1861.export import Export
from engine.t1861.state import State
from engine.t1861.title import TITLE
from engine.t1861.translate import Translator, record_options, record_seed
from engine.t1861.unasked_routes import is_unasked_empty_run


@dataclass
class Imported:
    """How far an export replayed: the state, our record so far, the last id applied, the refusal
    (in words, and the effective 18xx.games action it refused)."""

    state: State
    record: dict[str, Any]
    reached: int = 0
    refusal: str | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    refused: dict[str, Any] | None = None


def replay_export(export: Export, until: int | None = None,
                  after_each: Callable[[State, dict[str, Any]], None] | None = None) -> Imported:
    """Translate and apply ``export``'s actions (through id ``until``) until one is refused."""
    effective = _through(export.effective_actions(), until)
    options = record_options(export, effective)
    players = [player.name for player in export.players]
    state = TITLE.new_game(players, record_seed(export), TITLE.validate_options(options))
    record: dict[str, Any] = {"title": "1861", "players": players, "seed": record_seed(export), "options": options,
                              "actions": []}
    imported = Imported(state, record)
    translator = Translator(export, acting_seat=lambda company: acting_seat(state, company),
                            network_now=lambda: company_turn.network(state),
                            train_owner=lambda train: train_owner(state, train),
                            asked_seat=lambda: TITLE.waiting(state)[0].seat,
                            share_places=lambda major: share_places(state, major))
    for recorded in effective:
        at = recorded.get("id", imported.reached)
        asked = TITLE.waiting(state)
        if not asked:  # 17: the game ended before the record does
            return _refused(imported, recorded, "The game is over; no more moves can be made.")
        if is_unasked_empty_run(state, recorded, {kind for entry in asked for kind in entry.accepts}):
            imported.reached = at  # 18xx.games' "does not run" where we ask nothing: nothing to record
            continue
        try:
            entry = translator.translate(recorded)
            # The entry just worked out is handed on, as the core's replay does, so the rules
            # do not work out who is asked a second time (they still check seat and type).
            seat_asked = next((candidate for candidate in asked if candidate.seat == entry["seat"]), None)
            events = TITLE.apply_in_place(state, entry["seat"], entry["action"], seat_asked)
        except (IllegalAction, MalformedRecord) as error:
            return _refused(imported, recorded, str(error))
        except UNFORESEEN_INPUT_ERRORS as unforeseen:
            # A field of the wrong shape the translation or the rules did not foresee: still
            # a refusal in words, so a bad export never ends in a traceback.
            words = f"{type(unforeseen).__name__}: {unforeseen}"
            return _refused(imported, recorded, f"it could not be understood ({words}).")
        state.actions_applied += 1
        translator.follow(state.majors, events)
        record["actions"].append(entry)
        imported.reached = at
        if after_each is not None:
            after_each(state, recorded)
    return imported


def _through(actions: list[dict[str, Any]], until: int | None) -> list[dict[str, Any]]:
    """The actions up to id ``until`` (all for None); an automatic action has its trigger's place."""
    if until is None:
        return actions
    past = next((index for index, recorded in enumerate(actions) if recorded.get("id", 0) > until), len(actions))
    return actions[:past]


def train_owner(state: State, train: str) -> str | None:
    """The company holding train copy ``train`` now (the RSR as ``"rsr"``), or None: the bank.

    A seller is never named by 18xx.games' ``buy_train``, and mergers and conversions move
    trains without an action of their own (14.2, 14.3), so only the state knows."""
    for company, entry in (*state.minors.items(), *state.majors.items()):
        if train in entry["trains"]:
            return company
    return "rsr" if train in state.rsr["trains"] else None


def share_places(state: State, major: str) -> set[str]:
    """Where shares of ``major`` lie now, of the pool and the treasury (both when neither: the
    translator's share ids decide, and the rules refuse a purchase of nothing)."""
    places = {place for place in ("pool", "treasury") if holdings.percent_of(state, major, place)}
    return places or {"pool", "treasury"}


def acting_seat(state: State, company: str) -> int:
    """Who acts for ``company``: its operator, or for the major a merger is forming (its
    ``remove_token``, ``discard_train``) whoever the merger round asks, the president being
    possibly not known yet (R7)."""
    if state.round["kind"] == "merger" and state.round.get("major") == company:
        return merger_round.seat(state)
    if company not in state.minors and company not in state.majors and company != company_turn.RSR_ID:
        raise IllegalAction(f"The action is by {company.upper()}, which is neither a player of this game"
                            " nor one of 1861's companies.")
    unowned = (state.minors[company]["owner"] is None if company in state.minors
               else company in state.majors and holdings.president_of(state, company) is None)
    if unowned:
        raise IllegalAction(f"{company.upper()} has no owner in this game, so nobody can act for it.")
    return company_turn.operator(state, company)


def _refused(imported: Imported, recorded: dict[str, Any], reason: str) -> Imported:
    """``imported`` stopped at ``recorded``; an automatic action is named by its trigger's id."""
    named = recorded.get("id", recorded.get("auto_of"))
    automatic = " (an automatic action)" if "id" not in recorded and "auto_of" in recorded else ""
    prefix = f"18xx.games action {named} ({recorded.get('type')}){automatic}: "
    imported.refusal = reason if reason.startswith(f"18xx.games action {named}") else prefix + reason
    imported.refused = recorded
    return imported
