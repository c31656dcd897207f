"""Turnpost's rules engines: pure Python, standard library only.

``engine.core`` holds what every title shares; each title lives in its own
package and registers itself with :mod:`engine.core.registry`. ``bin/setup`` may also
compile the rules; a build of exactly these sources is then imported in their place
(:mod:`engine.native`).
"""

from engine import native as _native

if (_build := _native.usable_build()) is not None:
    _native.use(_build, __path__)  # the compiled rules of these very sources
