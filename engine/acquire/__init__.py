"""Acquire: hotel chains, mergers and stock (rules: shared/rules/acquire.md, record: the engine contract)."""

from engine.acquire.title import TITLE
from engine.core.registry import register

register(TITLE)
