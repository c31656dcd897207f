"""The compiled engine: where a build of these sources lies, and whether it may be used.

Issue 13 asks for an 1861 replay ten times faster than 18xx.games' Ruby engine. The rules run
as they are written, but ``bin/setup`` also compiles ``engine/core`` and ``engine/t1861`` with
mypyc (``tools/build_native_engine.py``) into a copy of this package under ``.native/engine``,
which replays about twice as fast. ``engine/__init__`` puts that copy first on the package's
path only when it was built from exactly the sources beside it (``SOURCE_DIGEST``), so every
``engine.*`` import then takes the compiled modules. Otherwise the sources run: nothing built,
a source edited since the build, or ``TURNPOST_PURE_ENGINE=1``. A stale build is never used, so
an edit takes effect at once (slower until the next ``bin/setup``), never silently ignored.

The two must play the same game: ``tests/engine/test_native_engine.py`` replays games both ways
and compares every figure.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

SOURCE_DIR = Path(__file__).resolve().parent
BUILD_ROOT = SOURCE_DIR.parent / ".native"
BUILT_PACKAGE = BUILD_ROOT / "engine"
DIGEST_FILE = "SOURCE_DIGEST"
LIBRARY_FOLDER = "native_lib"  # mypyc's shared library, imported by its top-level name
PURE_ENGINE_VARIABLE = "TURNPOST_PURE_ENGINE"
SOURCE_SUFFIXES = (".py", ".json")


def source_digest(package: Path = SOURCE_DIR) -> str:
    """A digest of every source and data file of ``package`` and of the interpreter, which a
    build must match to be used (a build for another Python cannot be loaded)."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(_source_files(package)):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _source_files(package: Path) -> list[Path]:
    found = []
    for folder, subfolders, files in os.walk(package):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        found += [Path(folder, name) for name in files if name.endswith(SOURCE_SUFFIXES)]
    return found


def built_from() -> str | None:
    """The digest of the sources the build in place was made from; None if there is none."""
    try:
        return (BUILT_PACKAGE / DIGEST_FILE).read_text(encoding="ascii").strip()
    except OSError:
        return None


def usable_build() -> Path | None:
    """The compiled copy of this package, if it may be used now."""
    if os.environ.get(PURE_ENGINE_VARIABLE):
        return None
    return BUILT_PACKAGE if built_from() == source_digest() else None


def use(build: Path, package_path: list[str]) -> None:
    """Import ``engine.*`` from ``build`` from now on: ``package_path`` is the ``engine`` package's."""
    package_path.insert(0, str(build))
    sys.path.append(str(build / LIBRARY_FOLDER))


def in_use() -> bool:
    """Whether this process's ``engine.core`` is the compiled one."""
    import engine.core

    return Path(engine.core.__file__ or "").resolve().is_relative_to(BUILT_PACKAGE)
