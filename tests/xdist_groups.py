"""The work units of ``bin/test``'s pytest-xdist run: tests that share a module-scoped fixture stay together.

A test may go to either worker, so the tests of a module whose own module-scoped fixture replays
a whole 1861 game would replay it once on each.  xdist's ``--dist loadgroup`` would keep tests
marked ``xdist_group`` together, but it does so by rewriting each test's nodeid, which pytest 9.2
no longer reads (xdist 3.8); so ``bin/test``'s ``--dist loadgroup`` gets this scheduler, whose
units are named from the nodeids it is sent:

- the random 1861 and Railroad Barons games: one unit per seed group (``[seedsA-B]`` in the test's
  id), so the groups spread over the workers and each group is played once;
- every test module that starts a real Celery worker (its fixtures named in ``REAL_WORKER``): one
  unit for all of them, so two workers' Celery processes, SMTP listeners and restarts never run at
  once on this 2-core machine (a killed-and-restarted worker missed its task when they did);
- any other test module that defines a module-scoped fixture: one unit;
- every other test: a unit of its own, for whichever worker is free.

Units with more tests are sent first (xdist's reordering), so the long groups start early.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from xdist.scheduler import LoadScopeScheduling

SEED_GROUP = re.compile(r"\[(seeds\d+-\d+)\]$")
MODULE_FIXTURE = re.compile(r"@pytest\.fixture\(\s*scope=\"module\"")
REAL_WORKER = re.compile(r"\b(redis_worker|real_worker|celery_worker|start_worker|realparts)\b")


@cache
def defines_module_fixture(module: Path) -> bool:
    """Whether the test module at ``module`` defines a module-scoped fixture of its own."""
    return module.suffix == ".py" and module.is_file() and bool(MODULE_FIXTURE.search(module.read_text("utf-8")))


@cache
def starts_real_worker(module: Path) -> bool:
    """Whether the test module at ``module`` uses a fixture that starts a real Celery worker."""
    return module.suffix == ".py" and module.is_file() and bool(REAL_WORKER.search(module.read_text("utf-8")))


class SharedFixtureScheduling(LoadScopeScheduling):
    """xdist's scope scheduling with the units above."""

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        if seeds := SEED_GROUP.search(nodeid):
            return f"{module}::{seeds.group(1)}"
        if starts_real_worker(self.config.rootpath / module):
            return "real Celery worker"
        if defines_module_fixture(self.config.rootpath / module):
            return module
        return nodeid
