"""``python -m engine``: replay a game record, write a random one (see the record contract),
turn an 18xx.games 1861 export into our record (``import-18xx``), or show an 1861 position of
an export (``map1861``, a developer's tool)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.core import summary
from engine.core.errors import MalformedRecord
from engine.core.record import ReplayError, parse_record, random_players, random_record, replay

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def _print_json(data: object, stream: TextIO) -> None:
    stream.write(json.dumps(data) + "\n")


def _read_source(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def run_replay(path: str) -> int:
    """Replay the record at ``path`` (``-``: standard input) and print the contract's result."""
    try:
        text = _read_source(path)
    except (OSError, UnicodeDecodeError) as error:
        _print_json({"error": f"Cannot read the record: {error}.", "action_index": None}, sys.stdout)
        return EXIT_BAD_INPUT
    try:
        state = replay(parse_record(text))
    except MalformedRecord as error:
        _print_json({"error": str(error), "action_index": None}, sys.stdout)
        return EXIT_BAD_INPUT
    except ReplayError as error:
        _print_json({"error": str(error), "action_index": error.action_index}, sys.stdout)
        return EXIT_BAD_INPUT
    _print_json(summary(state), sys.stdout)
    return EXIT_OK


def run_random(title: str, player_count: int, seed: int) -> int:
    """Print a complete random game record of ``title``."""
    try:
        record = random_record(title, random_players(player_count), seed)
    except MalformedRecord as error:
        _print_json({"error": str(error), "action_index": None}, sys.stdout)
        return EXIT_BAD_INPUT
    _print_json(record.to_json(), sys.stdout)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a game record and print the result")
    replay_parser.add_argument("record", help="path to the record JSON, or - for standard input")
    random_parser = commands.add_parser("random", help="print a complete random game record")
    random_parser.add_argument("--title", required=True)
    random_parser.add_argument("--players", type=int, required=True)
    random_parser.add_argument("--seed", type=int, default=0)
    import_parser = commands.add_parser("import-18xx", help="print our record of an 18xx.games 1861 export")
    import_parser.add_argument("export", help="path to the 18xx.games export JSON, or - for standard input")
    import_parser.add_argument("--until", type=int, default=None,
                               help="take the actions only through this 18xx.games action id (the game so far)")
    map_parser = commands.add_parser("map1861", help="show the map of an 1861 18xx.games export at an action")
    map_parser.add_argument("export", help="path to the 18xx.games export JSON")
    map_parser.add_argument("--at", type=int, default=None, help="stop after this action id (default: the end)")
    map_parser.add_argument("--company", default=None, help="also list this company's lays, tokens and best routes")
    return parser


def run_map1861(path: str, at: int | None, company: str | None) -> int:
    """Print the 1861 map position of an 18xx.games export (see engine.t1861.map_command)."""
    # Imported here: the 1861 map layer loads its data file, which replay and random never need.
    from engine.t1861.map_command import run_map_command

    return run_map_command(path, at, company)


def run_import_18xx(path: str, until: int | None) -> int:
    """Print our record of the 18xx.games 1861 export at ``path`` (see engine.t1861.import_command)."""
    # Imported here, as for map1861: only this command needs the export reader.
    from engine.t1861.import_command import run_import_command

    return run_import_command(path, until)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "replay":
        return run_replay(args.record)
    if args.command == "import-18xx":
        return run_import_18xx(args.export, args.until)
    if args.command == "map1861":
        return run_map1861(args.export, args.at, args.company)
    return run_random(args.title, args.players, args.seed)


if __name__ == "__main__":
    sys.exit(main())
