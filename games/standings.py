"""A game's result as the table sees it: the engine's standings, with resigned players ranked last.

The engine knows nothing of resignations (the record contract has none), so its standings rank
every seat by score, and a game that resignations ended early has none at all.  The service's
result: the players who did not resign, in the engine's order (or the one player left, first,
when resignations ended the game), then the resigned players, the last to resign first.  The
game page, the history, the API and the result mail all read it from here.

An adjudicated game (an organizer ended it, games.organizer_acts) has the places the organizer
entered instead, whatever the engine's position says: the engine record stops where play stopped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine.core as engine
from engine.core.ranking import placed_in_order
from games.models import ActKind, Game, GameStatus, OrganizerAct, Resignation, Seat


@dataclass(frozen=True)
class Resigned:
    """``seat``'s player (``name``) resigned after move ``after``."""

    seat: int
    name: str
    after: int


def resignations_of(game: Game) -> tuple[list[Resigned], list[str]]:
    """The game's resignations (first to resign first) and its players' names; no query without resignations."""
    if not game.resigned_count:
        return [], []
    names = [name for _, name in Seat.objects.filter(game=game).order_by("index").values_list("index", "display_name")]
    rows = Resignation.objects.filter(game=game).order_by("version", "id").values_list("seat", "version")
    return [Resigned(seat, names[seat] if seat < len(names) else "?", version) for seat, version in rows], names


def final_standings(
    engine_standings: list[dict[str, Any]] | None, players: list[str], resigned: list[Resigned]
) -> list[dict[str, Any]] | None:
    """The result, best first, each entry marked ``resigned``; the engine's own without resignations.

    ``score`` is None for everyone when resignations ended the game before the engine's end.
    """
    if not resigned:
        return engine_standings
    gone = {entry.seat for entry in resigned}
    if engine_standings is None:
        entries = [{"seat": seat, "name": name, "score": None} for seat, name in enumerate(players)]
    else:
        entries = list(engine_standings)
    ranked = _placed([entry for entry in entries if entry["seat"] not in gone])
    by_seat = {entry["seat"]: entry for entry in entries}
    for entry in reversed(resigned):
        ranked.append({**by_seat.get(entry.seat, {"seat": entry.seat, "name": entry.name, "score": None}),
                       "place": len(ranked) + 1, "resigned": True, "resigned_after": entry.after})
    return ranked


def _placed(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``entries`` (best first) placed again from 1, ties sharing a place as the engine's do."""
    return [{**entry, "resigned": False} for entry in placed_in_order(entries)]


def result_sentence(standings: list[dict[str, Any]], resigned: list[Resigned]) -> str:
    """"Ann resigned; Bob wins." (empty without resignations)."""
    if not resigned:
        return ""
    winners = [entry["name"] for entry in standings if entry["place"] == 1 and not entry.get("resigned")]
    quitters = _and([entry.name for entry in resigned])
    win = f"{_and(winners)} {'win' if len(winners) > 1 else 'wins'}"
    return f"{quitters} resigned; {win}."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def table_view(game: Game, view: dict[str, Any], step: int) -> dict[str, Any]:
    """``view`` (the engine's, after ``step`` moves) with the table's facts: who resigned by then, and the result.

    ``resigned`` lists the seats, ``resignations`` says who and after which move; at the end of
    a finished game ``standings`` is the table's result and ``result_text`` says it in words.
    """
    if game.adjudicated and game.status == GameStatus.FINISHED and step >= game.version:
        standings, sentence = adjudicated_result(game, view.get("standings"))
        return {**view, "standings": standings, "result_text": sentence, "status": "finished", "adjudicated": True}
    everyone, players = resignations_of(game)
    resigned = [entry for entry in everyone if entry.after <= step]
    if not resigned:
        return view
    view = {**view, "resigned": [entry.seat for entry in resigned],
            "resignations": [{"seat": entry.seat, "name": entry.name, "after": entry.after} for entry in resigned]}
    if game.status == GameStatus.FINISHED and step >= game.version:
        standings = final_standings(view.get("standings"), players, resigned) or []
        view.update(standings=standings, result_text=result_sentence(standings, resigned), status="finished")
    return view


def game_standings(game: Game, state: Any) -> tuple[list[dict[str, Any]], str]:
    """The finished game's result and its sentence (for mail): ``state`` is the engine's last."""
    if game.adjudicated:
        return adjudicated_result(game, engine.result(state))
    resigned, players = resignations_of(game)
    standings = final_standings(engine.result(state), players, resigned) or []
    return standings, result_sentence(standings, resigned)


def adjudicated_result(
    game: Game, engine_standings: list[dict[str, Any]] | None
) -> tuple[list[dict[str, Any]], str]:
    """The places the organizer entered, best first (scores the engine had, if any), and a sentence saying so."""
    act = OrganizerAct.objects.filter(game=game, kind=ActKind.ADJUDICATE).order_by("-id").first()
    places = act.details.get("places", {}) if act is not None else {}
    names = dict(Seat.objects.filter(game=game).values_list("index", "display_name"))
    scores = {entry["seat"]: entry.get("score") for entry in engine_standings or []}
    entries = [{"seat": seat, "name": names.get(seat, "?"), "score": scores.get(seat), "place": int(place),
                "resigned": False, "adjudicated": True}
               for seat, place in ((int(seat), place) for seat, place in places.items())]
    entries.sort(key=lambda entry: (entry["place"], entry["seat"]))
    winners = [entry["name"] for entry in entries if entry["place"] == 1]
    win = f"{_and(winners)} {'win' if len(winners) > 1 else 'wins'}" if winners else "nobody wins"
    return entries, f"The organizer adjudicated this game; {win}."
