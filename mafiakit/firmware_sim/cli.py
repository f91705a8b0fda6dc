"""`mafiakit sim`: the simulated table hardware on its own, as a pad check.

Without the table service, every clean key event is printed as a JSON line and answered with
the press signal, so the pad, the debounce, the LEDs and key scripts can be tried without a Pi:

    mafiakit sim                                   # window: click keys or type 1-0, space, f...
    mafiakit sim --script game.keys                # window, the script plays in real time
    mafiakit sim --script game.keys --headless     # no window, virtual time, JSON lines out
    mafiakit sim --script game.keys --headless --screenshot table.png
    mafiakit sim --from-log examples/cml-quiet-draw.jsonl > game.keys   # a game as keys

The table service plugs into the same pieces (`SimWindow(hardware, board, hook, status)`, or
`replay_virtual`) with its own consumer instead of `PadCheck`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import cast

from gpiozero.pins.mock import MockFactory

from mafiakit.device.hardware import TableHardware
from mafiakit.device.pad import KeyEvent
from mafiakit.device.pins import PinMap, make_factory, seat_of
from mafiakit.firmware_sim.board import MockBoard
from mafiakit.firmware_sim.clock import ManualClock
from mafiakit.firmware_sim.script import (
    ScriptError,
    ScriptPlayer,
    load_script,
    replay_virtual,
    schedule,
)


class PadCheck:
    """The stand-in consumer: print each key event, flash the seat of each seat key press."""

    def __init__(self, hardware: TableHardware) -> None:
        self.hardware = hardware
        self.last = ""

    def __call__(self, event: KeyEvent) -> None:
        print(json.dumps({"key": event.key, "kind": event.kind, "t": round(event.t, 4)}))
        self.last = f"{event.key} {event.kind}"
        if event.kind == "press":
            self.hardware.signal_ok(seat_of(event.key))

    def drain(self) -> None:
        """Handle every event waiting in the hardware's queue (the window calls it each frame)."""
        while not self.hardware.events.empty():
            self(self.hardware.events.get_nowait())


def command(args: argparse.Namespace) -> int:
    if args.from_log:
        return _from_log(args.from_log)
    try:
        steps = load_script(args.script) if args.script else []
    except (OSError, ScriptError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    if args.headless and not args.script:
        print("sim: --headless replays a key script: give --script FILE", file=sys.stderr)
        return 2
    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap()
    board = MockBoard(pin_map, factory)
    drives = schedule(steps, bounce=args.bounce)
    if args.headless:
        clock = ManualClock()
        hardware = TableHardware(pin_map, factory, clock, background=False)
        check = PadCheck(hardware)
        try:
            replay_virtual(hardware, ScriptPlayer(board, drives, clock()), clock, check)
            if args.screenshot:
                _screenshot(hardware, board, check, args.screenshot)
        finally:
            hardware.close()
        return 0
    from mafiakit.firmware_sim.window import SimWindow

    hardware = TableHardware(pin_map, factory)
    check = PadCheck(hardware)
    player = ScriptPlayer(board, drives, hardware.clock()) if steps else None
    try:
        SimWindow(hardware, board, hook=check.drain, status=lambda: check.last).run(player)
    finally:
        hardware.close()
    return 0


def _from_log(path: Path) -> int:
    from mafiakit.engine.replay import ReplayError
    from mafiakit.firmware_sim.fromlog import log_to_script

    try:
        print(log_to_script(path.read_text(encoding="utf-8")), end="")
    except (OSError, ReplayError) as exc:
        print(f"sim: {path}: {exc}", file=sys.stderr)
        return 2
    return 0


def _screenshot(hardware: TableHardware, board: MockBoard, check: PadCheck, path: Path) -> None:
    import pygame

    from mafiakit.firmware_sim.window import SimWindow

    surface = SimWindow(hardware, board, status=lambda: check.last).render_to_surface()
    pygame.image.save(surface, str(path))


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("sim", help="simulated table hardware: pad + seat LEDs on mock pins")
    p.add_argument("--script", type=Path, help="key script: '<delay_ms> <KEY> [hold]' per line")
    p.add_argument("--bounce", type=int, default=0, help="contact bounces per press (default 0)")
    p.add_argument("--headless", action="store_true", help="no window: replay in virtual time")
    p.add_argument("--screenshot", type=Path, help="with --headless: save the table as a PNG")
    p.add_argument("--from-log", type=Path, help="print a game log's key presses as a script")
    p.set_defaults(func=command)
