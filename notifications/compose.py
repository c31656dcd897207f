"""Mail composing: subject, plain text and HTML of one outbox row, from the recipient's view only.

Templates never see a raw state: only ``engine.view(state, seat)``, the prompt's data and
the events the seat may read, so a mail cannot leak another seat's tiles.  Links are
minted here, at send time, so they carry the deadline known now.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

import engine.core as engine
from accounts import links as account_links
from accounts.models import User
from games.invitations import INVITATION_MAX_AGE, host_name, invitation_path
from games.models import GameStatus, Seat
from games.titles import short_title_name, ui_for
from notifications import clock, links, order_mail, orders, still_asked, turn_attachments
from notifications.answer_groups import group_links
from notifications.deadlines import current_deadline
from notifications.digest import table_talk, waiting_decisions
from notifications.gameplay import (
    Loaded,
    UndoRequestStatus,
    chat_message,
    events_of_answer_after,
    events_since_last_move,
    first_mover,
    game_standings,
    game_url,
    history_url,
    load,
    map_changes,
    seats_of,
    undo_lines,
    undo_request_at,
    undo_words,
    unreachable_names,
)
from notifications.models import MailKind, Outbox, StandingOrder, Stream, Suppression
from notifications.positions import position_for, position_template
from notifications.schedule import time_zone
from notifications.turn_attachments import Attachment
from turnpost.moments import moment_words


@dataclass
class Composed:
    subject: str
    text: str
    html: str
    headers: dict[str, str] = field(default_factory=dict)
    attachments: list[Attachment] = field(default_factory=list)


class Superseded(Exception):
    """The mail no longer has a point (the decision was already taken); the row is skipped."""


def unsubscribe_headers(user_id: int, game_id: int | None, stream: str) -> dict[str, str]:
    """RFC 8058 one-click unsubscribe, signed for this recipient, game and stream."""
    url = links.unsubscribe_url(links.unsubscribe_token(user_id, game_id, stream))
    return {"List-Unsubscribe": f"<{url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}


def render(kind: str, context: dict[str, Any]) -> tuple[str, str, str]:
    """The three templates of a mail kind (subject on one line)."""
    subject = " ".join(render_to_string(f"emails/{kind}-subject.txt", context).split())
    text = render_to_string(f"emails/{kind}-body.txt", context)
    return subject, tidy_text(text), render_to_string(f"emails/{kind}-body.html", context)


def tidy_text(text: str) -> str:
    """The plain-text part without the blank-line runs and trailing spaces that optional template blocks leave."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    return BLANK_RUNS.sub("\n\n", "\n".join(lines)) + "\n"


BLANK_RUNS = re.compile(r"\n{3,}")


def local_time(moment: datetime | None, user: Any, now: datetime) -> str:
    """``moment`` in the recipient's zone, in the words the pages use (the year said only when it is
    not ``now``'s, the time the mail is composed)."""
    if moment is None:
        return ""
    return moment_words(moment, time_zone(getattr(user, "time_zone", "UTC")), now)


def quick_links(
    loaded: Loaded, seat: int, user: Any, prompt: engine.Prompt, now: datetime, deadline: datetime | None
) -> list[dict[str, str]]:
    """One signed link per quick answer, valid until the seat's deadline plus the grace."""
    expires = links.link_expiry(deadline, now)
    return [
        {
            "label": answer.label,
            "url": links.move_url(
                links.move_token(loaded.game.pk, seat, user.pk, loaded.version, answer.action, answer.label, expires)
            ),
        }
        for answer in prompt.quick
    ]


def order_lines(game_id: int, seat: int, user_id: int) -> list[dict[str, str]]:
    """The seat's standing orders, each with its signed cancel link."""
    active = StandingOrder.objects.filter(game_id=game_id, seat=seat, active=True).order_by("created")
    return [
        {
            "label": orders.label_of(order),
            "cancel_url": links.cancel_order_url(links.cancel_order_token(order.pk, user_id)),
        }
        for order in active
    ]


def _flag(game: Any, name: str) -> bool:
    """An annotation of ``gameplay.load``; True (so the query runs) when the game was loaded otherwise."""
    return getattr(game, name, True)


def due_at(loaded: Loaded, seat: int) -> datetime | None:
    """The seat's open deadline: from the load when it was for this seat, else one query."""
    if loaded.seat == seat:
        return loaded.due_at
    deadline = current_deadline(loaded.game.pk, seat)
    return deadline.due_at if deadline else None


def game_and_title(game_name: str, title_name: str) -> str:
    """A subject's opening: the game's name, and the title's only where the name does not already say it.

    Most games are named after their title ("Acquire by ann", "1861 from 18xx.games game 29683"),
    and an inbox cuts a subject short: the question, not the title twice, should fill it.
    """
    if short_title_name(title_name).casefold() in game_name.casefold():  # the whole name holds its start too
        return game_name
    return f"{game_name} · {title_name}"


def game_context(loaded: Loaded, seat: int | None, user: Any) -> dict[str, Any]:
    """What every mail about one game shows: names, the position from this seat (None: a spectator), notices."""
    game = loaded.game
    view = loaded.view(seat)
    title_name = engine.get_title(game.title).name
    return {
        "game": game,
        "title_name": title_name,
        "game_and_title": game_and_title(game.name, title_name),
        "move_number": loaded.version + 1,
        "player_name": user.name,
        "site_url": links.absolute(game_url(game.pk)),
        "position": position_for(game.title, view, seat),
        "position_template": position_template(game.title),
        "unreachable": unreachable_names(game.pk, except_user=user.pk) if _flag(game, "any_unreachable") else [],
        "orders": order_lines(game.pk, seat, user.pk) if seat is not None and _flag(game, "any_orders") else [],
        "preferences_url": links.absolute(reverse("notifications:game_mail", args=[game.pk])),
    }


def changed_on_the_map(game: Any, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The title's changed-hex lines since the reader's last move, with the absolute link to the map."""
    changes = map_changes(game, events)
    return changes and {**changes, "map_url": links.absolute(changes["map_url"])}


def decision_phrase(prompt: engine.Prompt, seat_name: str) -> str:
    """The decision in a few words, for a subject: the question's first sentence, without the reader's name.

    The question is the engine's own sentence for this very decision ("Stock round 1: sell, buy,
    pass or end your turn.", "Seedy Brothers earned $22: how much per share does it pay?"),
    so a subject says what is asked rather than the first of several possible actions.
    """
    question = prompt.question.strip()
    addressed = bool(seat_name) and question.startswith(f"{seat_name}, ")
    if addressed:
        question = question[len(seat_name) + 2:]
    # A sentence ends where the next one starts: "Picable Inc. earned $93: ..." is one sentence.
    sentence = re.match(r"(.+?[.?!])(?=\s+[^\sa-z]|\s*$)", question)
    phrase = (sentence[1] if sentence else question).rstrip(".")
    # "ann, choose ..." becomes "Choose ..."; a sentence that opens with another player's name keeps it as written.
    return phrase[:1].upper() + phrase[1:] if addressed else phrase


def reader_name(position: dict[str, Any]) -> str:
    """The reader's name as the game knows it (the engine's questions start with it), from the position."""
    return next((player["name"] for player in position.get("players", []) if player.get("you")), "")


def start_notice(loaded: Loaded, always: bool = False) -> dict[str, Any] | None:
    """The seat order, who starts and the time limit: before the first move, or ``always`` (the started mail)."""
    if loaded.version != 0 and not always:
        return None
    seats = seats_of(loaded.game)
    if loaded.version == 0:
        waiting = [prompt.seat for prompt in engine.prompts(loaded.state)]
    else:
        waiting = [first_mover(loaded.game)]
    return {
        "order": [seat.display_name for seat in seats],
        "starts": ", ".join(seat.display_name for seat in seats if seat.index in waiting),
        "time_limit": loaded.game.time_limit_label,
    }


def decision_context(loaded: Loaded, seat: int, user: Any, now: datetime) -> dict[str, Any]:
    """A decision's part of a mail: question, deadline, what happened, the position and the grouped links."""
    prompt = loaded.prompt_for(seat)
    if prompt is None:
        raise Superseded("superseded: the seat has no decision waiting any more")
    deadline = due_at(loaded, seat)
    links_now = quick_links(loaded, seat, user, prompt, now, deadline)
    context = game_context(loaded, seat, user)
    events = events_since_last_move(loaded.game, seat)
    return {
        **context,
        "question": prompt.question,
        "asked": decision_phrase(prompt, reader_name(context["position"])),
        "links": links_now,
        "groups": group_links(prompt, links_now),
        "events": [event["text"] for event in events],
        "map_changes": changed_on_the_map(loaded.game, events),
        "deadline": local_time(deadline, user, now),
        "start": start_notice(loaded),
        **order_mail.section(loaded.game, seat, user.pk, prompt),
    }


def _loaded_at(row: Outbox, loaded: Loaded | None) -> Loaded:
    if loaded is None and row.game_id:
        loaded = load(row.game_id, row.seat)
    if loaded is None:
        raise Superseded("The game is gone or has not started.")
    return loaded


def _still_asked_at(row: Outbox, loaded: Loaded | None) -> Loaded:
    """The game of a decision mail, unless its seat's wait is over (``still_asked``): the newer mail goes instead."""
    loaded = _loaded_at(row, loaded)
    why = still_asked.why_superseded(row)
    if why:
        raise Superseded(why)
    return loaded


def compose_turn(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    loaded = _still_asked_at(row, loaded)
    context = decision_context(loaded, row.seat, row.recipient, now)
    files = turn_attachments.for_turn(row.recipient, loaded.game, row.seat, due_at(loaded, row.seat))
    return Composed(*render(row.kind, {**context, "decision": context}),
                    unsubscribe_headers(row.recipient_id, row.game_id, Stream.TURN), files)


def compose_reminder(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    loaded = _still_asked_at(row, loaded)
    context = decision_context(loaded, row.seat, row.recipient, now)
    return Composed(*render(row.kind, {**context, "decision": context}),
                    unsubscribe_headers(row.recipient_id, row.game_id, Stream.REMINDER))


def compose_started(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """The game started: to every seat but the one asked first, whose turn mail says so itself."""
    loaded = _loaded_at(row, loaded)
    context = {**game_context(loaded, row.seat, row.recipient), "start": start_notice(loaded, always=True)}
    return Composed(*render(row.kind, context), unsubscribe_headers(row.recipient_id, row.game_id, Stream.TURN))


NO_SCORE = "\N{EN DASH}"  # a game that resignations ended before the engine's end has no scores


def standing_rows(standings: list[dict[str, Any]], currency: str) -> list[dict[str, Any]]:
    """The final standings with each score written as the money it is ("$65,100"): every title scores
    a player's final worth, which the mail's position writes in its currency; a walk's result mail read
    "1. Dee: 32,300" above "Dee: $32,300"."""
    return [
        {**entry, "score": f"{currency}{entry['score']:,}" if isinstance(entry.get("score"), int)
         else entry.get("score") or NO_SCORE}
        for entry in standings
    ]


def compose_result(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """The table's result (games.standings: resigned players last), as on the game page."""
    loaded = _loaded_at(row, loaded)
    standings, sentence = game_standings(loaded.game, loaded.state)
    rows = standing_rows(standings, ui_for(loaded.game.title).currency)
    context = {**game_context(loaded, row.seat, row.recipient), "standings": rows,
               "result_text": sentence, "history_url": links.absolute(history_url(loaded.game.pk))}
    return Composed(*render(row.kind, context), unsubscribe_headers(row.recipient_id, row.game_id, Stream.RESULT))


def reader_seat(seats: Iterable[Seat], user_id: int | None) -> int | None:
    """The seat ``user_id`` plays in the game now (None: a spectator, or a player whose seat passed on)."""
    return next((seat.index for seat in seats if seat.user_id == user_id), None)


def compose_notice(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """Timeout, pause and unreachable-player notices: service mail, always sent.

    ``row.seat`` is the seat the notice is about, which for the creator's notices is not the
    reader's: the position is shown from the reader's own seat (or as a spectator sees it).
    """
    loaded = _loaded_at(row, loaded)
    seats = {seat.index: seat for seat in seats_of(loaded.game)}
    reader = reader_seat(seats.values(), row.recipient_id)
    about = seats.get(row.seat) if row.seat is not None else None
    if reader is None:
        lines = []
    elif row.kind == MailKind.TIMEOUT and row.seat == reader:  # what was played for them, and what it did, whole
        lines = [event["text"] for event in events_of_answer_after(loaded.game, reader, row.version)]
    else:
        lines = [event["text"] for event in events_since_last_move(loaded.game, reader)][-6:]
    context = {
        **game_context(loaded, reader, row.recipient),
        "about_name": about.display_name if about else "",
        "note": row.note,
        # the move the notice's news came after (the game may have moved on since); a resignation's row is keyed
        # by the Resignation, so its move is in the payload
        "after_move": row.payload.get("after_move", row.version),
        "events": lines,
    }
    return Composed(*render(row.kind, context))


def compose_undo_ask(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """A player who saw the position is asked to allow the undo: two signed links, each to a confirm page.

    Superseded once the game moved on or the request ended: then there is nothing to answer.
    """
    loaded = _loaded_at(row, loaded)
    if loaded.version != row.version:
        raise Superseded("The position has moved on since this mail was written.")
    request = undo_request_at(row.game_id, row.version)
    if request is None or request.status != UndoRequestStatus.PENDING:
        raise Superseded("The undo request has ended.")
    words = undo_words(request)
    expires = links.link_expiry(None, now)
    answers = [
        {"label": f"Allow {words['asker']} to take back move {words['move']}", "answer": "allow"},
        {"label": "Refuse", "answer": "refuse"},
    ]
    for answer in answers:
        token = links.undo_answer_token(row.game_id, request.pk, row.seat, row.recipient_id, row.version,
                                        answer["answer"], expires)
        answer["url"] = links.undo_answer_url(token)
    context = {**game_context(loaded, row.seat, row.recipient), **words, "answers": answers,
               "lines": undo_lines(loaded.game, request, row.seat)}
    return Composed(*render(row.kind, context))


def compose_undo_result(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """The asker hears that their request ended without the undo: refused, or the game moved on."""
    loaded = _loaded_at(row, loaded)
    request = undo_request_at(row.game_id, row.version)
    if request is None or request.status not in (UndoRequestStatus.REFUSED, UndoRequestStatus.LAPSED):
        raise Superseded("The undo request did not end unanswered.")
    words = undo_words(request)
    refused_by = seats_of(loaded.game)[request.refused_by].display_name if request.refused_by is not None else ""
    context = {**game_context(loaded, row.seat, row.recipient), **words, "refused_by": refused_by,
               "lapsed": request.status == UndoRequestStatus.LAPSED}
    return Composed(*render(row.kind, context))


def compose_digest(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """Every decision waiting for this player, with its links, in one mail."""
    sections = []
    for game_id, seat in waiting_decisions(row.recipient_id):
        loaded = load(game_id, seat)
        if loaded is not None and loaded.prompt_for(seat) is not None:
            sections.append(decision_context(loaded, seat, row.recipient, now))
    talk = table_talk(row.recipient_id, row.created)
    if not sections and not talk:
        raise Superseded("Nothing is waiting for this player, and nothing was said at their tables.")
    context = {"player_name": row.recipient.name, "sections": sections, "talk": talk}
    return Composed(*render(row.kind, context), unsubscribe_headers(row.recipient_id, None, Stream.DIGEST))


def compose_mention(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """A chat message that names the recipient: who wrote what, in which game, and a link to the game's chat.

    Table talk is public, so the mail shows no position and nothing of anyone's holdings.
    """
    message = chat_message(row.payload.get("message"))
    if message is None or message.game_id != row.game_id:
        raise Superseded("The chat message is gone or was hidden.")
    game = message.game
    title_name = engine.get_title(game.title).name
    context = {
        "game": game,
        "title_name": title_name,
        "game_and_title": game_and_title(game.name, title_name),
        "player_name": row.recipient.name,
        "author": message.author,
        "body": message.body,
        "after_move": message.version,
        "chat_url": links.absolute(game_url(game.pk)) + "#chat",
        "preferences_url": links.absolute(reverse("notifications:game_mail", args=[game.pk])),
    }
    return Composed(*render(row.kind, context), unsubscribe_headers(row.recipient_id, row.game_id, Stream.CHAT))


def _to_reachable_address(row: Outbox) -> str:
    """The row's address, unless it bounced or complained since the row was written."""
    if Suppression.objects.filter(address=row.to_address).exists():
        raise Superseded("address unreachable")
    return row.to_address


def compose_signin(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """A sign-in link for the row's address, minted now: its lifetime starts when it is sent."""
    address = _to_reachable_address(row)
    query = {"token": account_links.signin_token(address)}
    if row.payload.get("next"):
        query["next"] = row.payload["next"]
    context = {
        "email": address,
        "link": links.absolute(reverse("accounts:link")) + "?" + urlencode(query),
        "minutes": account_links.max_age() // 60,
    }
    return Composed(*render(row.kind, context))


def compose_address(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """The confirmation link of an address change, mailed to the new address; to an address that
    already has an account, a note that it cannot be added (and no link)."""
    address = _to_reachable_address(row)
    user = User.objects.filter(pk=row.payload.get("user"), is_active=True).first()
    if user is None or user.email == address:
        raise Superseded("The account is gone, or already has this address.")
    if User.objects.filter(email=address).exists():
        # The page said the same as for a free address (it tells no one which addresses have an
        # account); this mailbox's owner is told instead, with nothing to confirm.
        taken = {"email": address, "name": user.name, "signin_url": links.absolute(reverse("accounts:signin"))}
        return Composed(*render("address_taken", taken))
    token = account_links.address_token(user.pk, address)
    context = {
        "email": address,
        "old_email": user.email,
        "name": user.name,
        "link": links.absolute(reverse("accounts:confirm_address")) + "?" + urlencode({"token": token}),
        "minutes": account_links.max_age() // 60,
    }
    return Composed(*render(row.kind, context))


def compose_invitation(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """An invitation to the seat kept for the row's address, while that seat still waits for it."""
    address = _to_reachable_address(row)
    seat = (
        Seat.objects.select_related("game__created_by")
        .filter(game_id=row.game_id, invited_email=address, user__isnull=True, game__status=GameStatus.OPEN)
        .first()
    )
    if seat is None:
        raise Superseded("The invited seat was taken, or the game is no longer open.")
    context = {
        "game": seat.game,
        "email": address,
        "host": host_name(seat.game),
        "title_name": engine.get_title(seat.game.title).name,
        "link": links.absolute(invitation_path(seat)),
        "days": INVITATION_MAX_AGE.days,
        "setup_notes": ui_for(seat.game.title).setup_notes(seat.game.options or {}),
    }
    return Composed(*render(row.kind, context))


def compose_from_payload(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """Mail whose words the queuing app wrote into the row (a seat offer, an organizer's message)."""
    return Composed(*render(row.kind, {**row.payload, "recipient": row.recipient}))


COMPOSERS = {
    MailKind.TURN: compose_turn,
    MailKind.REMINDER: compose_reminder,
    MailKind.STARTED: compose_started,
    MailKind.RESULT: compose_result,
    MailKind.DIGEST: compose_digest,
    MailKind.TIMEOUT: compose_notice,
    MailKind.PAUSED: compose_notice,
    MailKind.UNREACHABLE: compose_notice,
    MailKind.RESIGNED: compose_notice,
    MailKind.UNDO_ASK: compose_undo_ask,
    MailKind.UNDO_RESULT: compose_undo_result,
    MailKind.SIGNIN: compose_signin,
    MailKind.ADDRESS: compose_address,
    MailKind.INVITATION: compose_invitation,
    MailKind.MENTION: compose_mention,
    MailKind.SEAT_OFFER: compose_from_payload,
    MailKind.DIVISION_MSG: compose_from_payload,
}


def register_composer(kind: str, composer: Any) -> None:
    """A mail kind whose words belong to an app above mail (the leagues' season invitation).

    Mail imports nothing of those apps; each registers its composer when it is ready.
    """
    COMPOSERS[MailKind(kind)] = composer


def compose(row: Outbox, now: datetime | None = None, loaded: Loaded | None = None) -> Composed:
    """The mail for ``row`` (``loaded``: its game, if already at hand); Superseded when it should not go any more."""
    return COMPOSERS[MailKind(row.kind)](row, now or clock.now(), loaded)
