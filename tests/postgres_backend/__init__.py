"""The tests' PostgreSQL backend: Django's, with a cheaper flush (see base.py)."""
