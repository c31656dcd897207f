"""Railroad Barons (title id ``railroad-barons``): two players, five holdings, railroad cards.

Registers itself with the engine registry on import.
"""

from engine.core.registry import register
from engine.railroad_barons.title import TITLE

register(TITLE)

__all__ = ["TITLE"]
