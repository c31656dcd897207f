"""Turnpost's rules engines: pure Python, standard library only.

``engine.core`` holds what every title shares; each title lives in its own
package and registers itself with :mod:`engine.core.registry`.
"""
