"""Keep the tests that share a test module's own module-scoped fixture on one pytest-xdist worker.

``bin/test`` runs ``--dist loadgroup``: a test without an ``xdist_group`` mark may go to either
worker, so the tests of a module whose fixture replays a whole 1861 game (say) would replay it
once on each.  Each such test is put in a group named after its module and the fixtures' own
parameters (``test_full_games.py`` has one game per parameter), so each value is built once
and the parameters still spread over the workers.  Tests that name their own group keep it.
"""

from __future__ import annotations

import pytest


def shared_fixture_group(item: pytest.Item) -> str | None:
    """The group of ``item``'s module-scoped fixtures defined in its own module, if it uses any."""
    module = item.getparent(pytest.Module)
    info = getattr(item, "_fixtureinfo", None)
    if module is None or info is None:
        return None
    names = sorted(name for name, defs in info.name2fixturedefs.items()
                   if defs and defs[-1].scope == "module" and defs[-1].baseid == module.nodeid)
    if not names:
        return None
    indices = getattr(getattr(item, "callspec", None), "indices", {})
    return module.nodeid + "".join(f":{name}[{indices[name]}]" if name in indices else f":{name}" for name in names)


def group_shared_fixtures(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("xdist_group") is None and (group := shared_fixture_group(item)):
            item.add_marker(pytest.mark.xdist_group(group))
