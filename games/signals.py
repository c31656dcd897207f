"""Signals sent inside the game transactions, so receivers' writes commit (or roll back) with the move.

Receivers must not do network I/O; they insert rows (an outbox) and queue work on commit.
"""

import django.dispatch

# Sent after the Action and Snapshot are written, inside the move's transaction.
# kwargs: game (Game, already updated), action (Action row), state (engine state after the move),
# prompts_before / prompts_after (lists of engine.core.Prompt), events (engine Events), source (str).
move_applied = django.dispatch.Signal()

# Sent inside the start transaction once seats are ordered and the first Snapshot exists.
# kwargs: game (Game), state (engine state), prompts_after (list of engine.core.Prompt).
game_started = django.dispatch.Signal()

# Sent inside the creating transaction of a new open game.
# kwargs: game (Game), invited (list of (seat index, invited address) for the seats kept for someone).
game_created = django.dispatch.Signal()
