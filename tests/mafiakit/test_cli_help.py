"""Every `--help` a newcomer can ask for explains itself (issue 11): each command and tool
says what it does, each option and argument what it takes, and none points into the source.
Walked through the real parser, then each help printed by the real entry point."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import pytest

from mafiakit.cli import build_parser

SOURCE = re.compile(r"\b[\w/]+\.py\b|\b(mafiakit|device|engine|bus|hub|scoreboard|firmware_sim)"
                    r"/[\w/]+\.(py|conf|toml)\b|deploy/[\w/]+\.conf\b")


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found[name] = child
    return found


def _every_command() -> dict[str, argparse.ArgumentParser]:
    """`replay`, ..., `hub`, `hub seat`, ...: every parser a `--help` can show."""
    out: dict[str, argparse.ArgumentParser] = {}
    for name, child in _subparsers(build_parser()).items():
        out[name] = child
        for tool, grandchild in _subparsers(child).items():
            out[f"{name} {tool}"] = grandchild
    return out


COMMANDS = _every_command()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_says_what_it_does_and_what_each_option_takes(command: str) -> None:
    parser = COMMANDS[command]
    assert parser.description, f"`mafiakit {command} --help` has no description"
    silent = [a.dest for a in parser._actions
              if not isinstance(a, argparse._SubParsersAction | argparse._HelpAction)
              and not a.help]
    assert silent == [], f"`mafiakit {command} --help`: no help for {silent}"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_help_points_into_the_source(command: str) -> None:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", *command.split(), "--help"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: mafiakit {command}")
    assert not SOURCE.search(done.stdout), SOURCE.search(done.stdout)
    assert all(len(line) <= 100 for line in done.stdout.splitlines()
               if not line.lstrip().startswith(("usage:", "[", "{"))), done.stdout
