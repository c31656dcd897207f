"""1861: The Railways of the Russian Empire (title id ``1861``).

The map layer (board, track lays, tokens, routes), the market, trains, mergers,
nationalisation and the end of the game as rule modules, and the title itself
(``engine.t1861.title``) that plays whole games from them.

The title registers itself, so the command line replays, writes random games, imports
(``import-18xx``) and summarises 1861 records through the record contract.  The site still
holds back new 1861 games until its pages and mails take every decision
(``games.titles.t1861``; docs/titles/1861.md).
"""

from engine.core.registry import register
from engine.t1861.title import TITLE

register(TITLE)

__all__ = ["TITLE"]
