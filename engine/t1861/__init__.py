"""1861: The Railways of the Russian Empire (title id ``1861``).

Built so far: the map layer (board, track lays, tokens, routes), the market, trains and
merger arithmetic as rule modules, and the title itself (``engine.t1861.title``) through the
private auction, the stock rounds, the operating rounds and the merger round.

The title registers itself, so the command line replays, imports (``import-18xx``) and
summarises 1861 records through the record contract.  It is registered *not playable*
(``Title1861.playable``): whole games cannot be played to the end yet, so the site offers no
new 1861 game and ``random`` refuses to write one (docs/titles/1861.md, "State of the
implementation").
"""

from engine.core.registry import register
from engine.t1861.title import TITLE

register(TITLE)

__all__ = ["TITLE"]
