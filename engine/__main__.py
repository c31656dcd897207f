"""``python -m engine``: replay a game record, or write a random one (see the record contract)."""

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
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "replay":
        return run_replay(args.record)
    return run_random(args.title, args.players, args.seed)


if __name__ == "__main__":
    sys.exit(main())
