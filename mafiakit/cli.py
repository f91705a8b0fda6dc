"""The `mafiakit` command line: one entry point, one subcommand per part of the kit.

Each part registers its own subcommands in its `cli.py` (`register(subparsers)`), so the parts
stay independent and this file only lists them. Registration must stay cheap: a part's `cli.py`
imports only argparse-level modules, and each subcommand names the function that runs it as a
string, `p.set_defaults(run="package.module:function")`, imported only when that subcommand
runs. So `mafiakit --help`, `replay` and `schema` never load pygame, gpiozero or paho
(tests/mafiakit/test_cli.py checks it).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable

# the modules whose register(subparsers) adds the kit's subcommands, in --help order, with
# the commands each adds (tests/mafiakit/test_cli.py checks that they agree)
PARTS: dict[str, tuple[str, ...]] = {
    "mafiakit.replay": ("replay",),
    "mafiakit.standings": ("standings",),
    "mafiakit.evening": ("evening",),  # club
    "mafiakit.protocol": ("protocol",),
    "mafiakit.ratings": ("export", "import"),  # the rating site's game JSON
    "bus.cli": ("schema", "broker", "acl"),
    "device.cli": ("table",),
    "firmware_sim.cli": ("sim",),
    "scoreboard.cli": ("scoreboard",),
    "hub.cli": ("hub",),  # hub seat | round | decide | export
    "mafiakit.demo": ("demo",),
    "mafiakit.bench.cli": ("bench",),
    "mafiakit.words": ("words",),
}


def help_formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's own help formatter at the terminal's width, found as
    `shutil.get_terminal_size` finds it (COLUMNS, else the terminal of stdout, else 80) but
    without importing shutil, which argparse would import for every parser and argument,
    help or not, and which pulls in bz2, lzma and zlib: ~3 % of `mafiakit replay` (issue 8)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        out = sys.__stdout__
        try:
            columns = os.get_terminal_size(out.fileno()).columns if out is not None else 0
        except (ValueError, OSError):  # stdout closed, detached or not a terminal
            columns = 0
    return argparse.HelpFormatter(prog, width=(columns or 80) - 2)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of the part that adds `command`, or of every part: a command pays
    for its own part's registration, never for the others' (`mafiakit replay` is run by
    the hundred in a tournament's scripts)."""
    parser = argparse.ArgumentParser(
        prog="mafiakit", formatter_class=help_formatter,
        description="Mafia Table Kit: the rules engine, the table service, the simulator "
        "and the scoreboard of a tournament Mafia table.",
        epilog="`mafiakit COMMAND --help` explains each command; README.md shows them in use.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    own = [name for name, commands in PARTS.items() if command in commands]
    for name in own or PARTS:  # no command, or an unknown one: all, for help and the error
        importlib.import_module(name).register(sub)
    return parser


def resolve(args: argparse.Namespace) -> Callable[[argparse.Namespace], int]:
    """The subcommand's function: `run="module:function"` is imported now (a part's
    `func=` callable is taken as it is)."""
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is not None:
        return func
    module, _, name = str(args.run).partition(":")
    found: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), name)
    return found


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout belongs to the commands
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv and not argv[0].startswith("-") else None)
    args = parser.parse_args(argv)
    try:
        result: int = resolve(args)(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        # Ctrl-C: the person at the keyboard asked to stop, every `finally` on the way out has
        # closed what the command opened (windows, the broker, the journal); no traceback
        print(f"mafiakit {args.command}: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`mafiakit replay LOG | head`): not an error of ours; Python
        # would print a traceback while flushing stdout on exit, so point it at /dev/null
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return result


if __name__ == "__main__":
    sys.exit(main())
