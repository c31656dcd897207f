"""Signals sent inside the game transactions, so receivers' writes commit (or roll back) with the move.

Receivers must not do network I/O; they insert rows (an outbox) and queue work on commit.
"""

import django.dispatch

# Sent once per submitted move, after its Actions and the Snapshot are written, inside the move's
# transaction; also once per undo (then ``action`` is the undo entry, kind "undo", and ``state`` the
# restored position).  When prompts with a single legal answer followed the move, they are already answered
# (Actions with source "auto"): receivers see only the position after them.
# kwargs: game (Game, already updated), action (the submitted move's Action row), actions (every
# Action the move wrote: the move, then the automatic answers), state (engine state after them all),
# prompts_before (before the move) / prompts_after (after them all; lists of engine.core.Prompt),
# events (engine Events of every Action written, in order), source (str, the move's).
move_applied = django.dispatch.Signal()

# Sent inside the start transaction once seats are ordered and the first Snapshot exists.
# kwargs: game (Game), state (engine state, after any automatic answers), prompts_after (list of
# engine.core.Prompt), actions (the automatic answers' Action rows; usually none).
game_started = django.dispatch.Signal()

# Sent inside the creating transaction of a new open game.
# kwargs: game (Game), invited (list of (seat index, invited address) for the seats kept for someone).
game_created = django.dispatch.Signal()

# Sent inside the resigning transaction, after the Resignation row and before the service plays
# anything for the seat (those answers send move_applied of their own).
# kwargs: game (Game, already updated: FINISHED when this ended it), seat (the resigned seat's index),
# game_over (bool: too few players are left, so the game ended at once).
seat_resigned = django.dispatch.Signal()

# Sent inside the posting transaction of a new chat message (games.chat.post_message), never for a repeat.
# kwargs: game (Game), message (ChatMessage; its ``mentions`` are the seats it names, the writer's own left out).
chat_posted = django.dispatch.Signal()

# Sent inside the transaction that asks the other players to allow taking a move back (games.undo_requests).
# kwargs: request (games.models.UndoRequest, pending), game (Game).
undo_requested = django.dispatch.Signal()

# Sent inside the transaction that ends an undo request without taking the move back.
# kwargs: request (UndoRequest, now refused or lapsed), game (Game).  An applied request is heard
# of through move_applied (its action is the undo entry).
undo_closed = django.dispatch.Signal()

# Sent inside the transaction of an organizer's act (games.organizer_acts), after its OrganizerAct row.
# kwargs: game (Game, already updated: paused, or finished by an adjudication), act (OrganizerAct).
organizer_acted = django.dispatch.Signal()

# Sent inside the transaction that passed a seat to another player (a replacement or a substitute's claim).
# kwargs: game (Game), change (SeatChange).
seat_changed = django.dispatch.Signal()

# Sent inside the transaction that seats a player in an imported game's seat (games.seat_claims).
# kwargs: game (Game), seat (int, its index), user (the player now in it).
seat_claimed = django.dispatch.Signal()
