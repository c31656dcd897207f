"""1861: The Railways of the Russian Empire (title id ``1861``).

Being built: the map layer (board, track lays, tokens, routes) comes first; the title
registers itself once its rounds can replay a whole game.
"""
