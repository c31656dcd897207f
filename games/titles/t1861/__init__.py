"""1861's presentation: everything the site draws for *1861: The Railways of the Russian Empire*.

The map is drawn here and only here (``map_svg``), from the engine's plain map view
(``engine.t1861.map_view``): the drawing knows where things go, never which rule put them
there.  The title is not registered on the site yet; the game page comes later.
"""
