"""Players' accounts: magic-link sign-in, display name, time zone."""
