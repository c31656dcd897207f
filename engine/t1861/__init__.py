"""1861: The Railways of the Russian Empire (title id ``1861``).

Built so far: the map layer (board, track lays, tokens, routes), the market, trains and
merger arithmetic as rule modules, and the title itself (``engine.t1861.title``) through the
private auction and the stock rounds.  The title registers itself only once its rounds can
replay a whole game: registered now, the site would offer 1861 games that stop at the first
operating round.
"""
