"""Ratings: OpenSkill ratings per title over every finished game that counts (``Game.rated``)."""
