"""Mail: outbox, composing, signed move links, delivery tasks, reminders and deadlines."""
