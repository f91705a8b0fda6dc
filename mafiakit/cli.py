"""The `mafiakit` command line: one entry point, one subcommand per part of the kit.

Each part registers its own subcommands in its `cli.py` (`register(subparsers)`), so the parts
stay independent and this file only lists them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# module path -> it defines register(subparsers); a part that is absent or fails to import
# (e.g. pygame missing on a headless hub) simply does not offer its subcommands.
PARTS = (
    "mafiakit.replay",  # replay
    "mafiakit.standings",  # standings
    "mafiakit.protocol",  # protocol
    "mafiakit.bench.cli",  # bench NAME
    "bus.cli",  # schema, broker
    "device.cli",  # table
    "firmware_sim.cli",  # sim
    "scoreboard.cli",  # scoreboard
    "hub.cli",  # hub [seat | round | decide | export]
    "mafiakit.demo",  # demo
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mafiakit", description="Mafia Table Kit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in PARTS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
