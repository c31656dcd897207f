"""Compile the rules engine with mypyc into ``.native/engine`` (``engine/native.py`` says why).

Run by ``bin/setup``; does nothing when the build already matches the sources. It copies the
whole ``engine`` package (sources and data) to a work folder, compiles ``engine/core`` and
``engine/t1861`` there as C extensions beside their sources, stamps the copy with the sources'
digest and only then moves it into place, so a failed or interrupted build leaves no build that
``engine/__init__`` would take.

Left as Python, because mypyc cannot compile them as written:

- the packages' ``__init__`` modules: a compiled package finds its pure submodules only through
  the relative path it was built at;
- ``engine/core/prompts.py``: the prompts the site keeps in its cache, pickled, and a compiled
  frozen dataclass cannot be unpickled (its ``__setattr__`` refuses the restored fields);
- ``engine/core/title.py``: a ``runtime_checkable`` Protocol;
- ``engine/t1861/mergers.py``: a generic frozen dataclass (``Exchange[OwnerT]``).

Usage:  python tools/build_native_engine.py [--force]
Exit 0 when the build is in place (or already was), 1 when compiling failed (the engine then
runs as Python, the same rules, slower).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["TURNPOST_PURE_ENGINE"] = "1"  # read this run's sources, never an older build

from engine import native  # noqa: E402  (after the path and the variable above)

COMPILED_PACKAGES = ("engine/core", "engine/t1861")
LEFT_AS_PYTHON = frozenset({"engine/core/prompts.py", "engine/core/title.py", "engine/t1861/mergers.py"})
RECIPE_FILE = "BUILD_RECIPE"  # how the build was made: this script and mypyc's version
GROUP = "turnpost_engine"  # mypyc's shared library, turnpost_engine__mypyc: a top-level module


def modules_to_compile(work: Path) -> list[str]:
    """The source files mypyc compiles, relative to ``work`` (which holds the ``engine`` copy)."""
    paths = []
    for package in COMPILED_PACKAGES:
        paths += sorted(path.relative_to(work).as_posix() for path in (work / package).glob("*.py"))
    return [path for path in paths if path not in LEFT_AS_PYTHON and not path.endswith("/__init__.py")]


SETUP_SCRIPT = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="turnpost-native-engine", ext_modules=mypycify(sys.argv[1:], opt_level="3", multi_file=True,
      group_name={group!r}), script_args=["build_ext", "--inplace", "--parallel", str({jobs})])
"""


def build(work: Path) -> None:
    """Copy the package into ``work`` and compile it there, in place."""
    shutil.copytree(native.SOURCE_DIR, work / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    script = SETUP_SCRIPT.format(group=GROUP, jobs=os.cpu_count() or 1)
    command = [sys.executable, "-c", script, *modules_to_compile(work)]
    subprocess.run(command, cwd=work, check=True, stdout=subprocess.DEVNULL, env=_build_environment())


def _build_environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    environment["MYPY_FORCE_COLOR"] = "0"
    return environment


def install(work: Path, digest: str) -> None:
    """Stamp the compiled copy and put it where ``engine/native.py`` looks, replacing any older one.

    The shared library every compiled module loads goes into the copy's ``native_lib`` folder,
    which ``engine/__init__`` puts on ``sys.path``, so the copy is moved into place in one rename.
    """
    library_folder = work / "engine" / native.LIBRARY_FOLDER
    library_folder.mkdir()
    for library in list(work.rglob(f"{GROUP}__mypyc.*")):  # where build_ext put it
        library.rename(library_folder / library.name)
    (work / "engine" / native.DIGEST_FILE).write_text(digest + "\n", encoding="ascii")
    (work / "engine" / RECIPE_FILE).write_text(recipe() + "\n", encoding="utf-8")
    old = native.BUILD_ROOT / "engine.old"
    shutil.rmtree(old, ignore_errors=True)
    if native.BUILT_PACKAGE.exists():
        native.BUILT_PACKAGE.rename(old)
    (work / "engine").rename(native.BUILT_PACKAGE)
    shutil.rmtree(old, ignore_errors=True)


def recipe() -> str:
    from mypy.version import __version__ as mypy_version

    script = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    return f"mypy {mypy_version}, {Path(__file__).name} {script}"


def is_current(digest: str) -> bool:
    """Whether the build in place was made from these sources by this script and this mypyc."""
    if native.built_from() != digest:
        return False
    try:
        return (native.BUILT_PACKAGE / RECIPE_FILE).read_text(encoding="utf-8").strip() == recipe()
    except OSError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="compile even when the build matches the sources")
    arguments = parser.parse_args()
    native.BUILD_ROOT.mkdir(exist_ok=True)
    with open(native.BUILD_ROOT / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second bin/setup waits, then finds the build in place
        return build_unless_current(force=arguments.force)


def build_unless_current(force: bool) -> int:
    digest = native.source_digest()
    if is_current(digest) and not force:
        return 0
    with tempfile.TemporaryDirectory(dir=native.BUILD_ROOT, prefix="work-") as folder:
        try:
            build(Path(folder))
        except (subprocess.CalledProcessError, OSError) as error:
            print(f"Compiling the engine failed ({error}); it runs as Python.", file=sys.stderr)
            return 1
        if native.source_digest() != digest:
            print("The engine's sources changed while compiling; run bin/setup again.", file=sys.stderr)
            return 1
        install(Path(folder), digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
