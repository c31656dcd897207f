"""Leagues: seasons of one title, sign-ups, divisions, a drawn schedule played in waves.

The app sits above games, notifications and accounts: it may import them, they never
import it (an import-linter contract).  ``leagues.models`` says what each row means;
``leagues.schedule`` is the pure scheduler (no Django); ``leagues.seeding`` is the one seam
through which the draw asks a player's rating.
"""
