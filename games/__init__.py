"""Games, seats, the append-only action log, move pages and history."""
