"""`mafiakit sim`: the simulated table: the real table service on mock pins, in a window.

    mafiakit sim                                   # window + table service + its own broker
    mafiakit sim --broker mqtt://127.0.0.1:1883    # ... against a running broker
    mafiakit sim --script game.keys                # the script plays the judge in real time
    mafiakit sim --from-log examples/cml-quiet-draw.jsonl > game.keys   # a game as keys

With `--pad-only` (implied by `--headless`) the pad is tried without the table service:
every clean key event is printed as a JSON line and answered with the press signal
(`--headless` replays a script in virtual time, `--screenshot` saves the window).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import cast

from gpiozero.pins.mock import MockFactory

from device.hardware import TableHardware
from device.pad import KeyEvent
from device.pins import PinMap, make_factory, seat_of
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.script import (
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
    if not (args.pad_only or args.headless):
        return _table(args)
    try:
        steps = load_script(args.script) if args.script else []
    except (OSError, ScriptError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    if args.headless and not args.script:  # (pad check only)
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
    from firmware_sim.window import SimWindow

    hardware = TableHardware(pin_map, factory)
    check = PadCheck(hardware)
    player = ScriptPlayer(board, drives, hardware.clock()) if steps else None
    try:
        SimWindow(hardware, board, hook=check.drain, status=lambda: check.last).run(player)
    finally:
        hardware.close()
    return 0


def _table(args: argparse.Namespace) -> int:
    """The real table service on the simulated hardware, in a window."""
    from firmware_sim.table import SimTable
    from firmware_sim.window import SimWindow

    try:
        steps = load_script(args.script) if args.script else []
    except (OSError, ScriptError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    sim = SimTable.start(tournament=args.tournament, table=args.table, rules=args.rules,
                         broker_url=args.broker, journal=args.journal)
    if sim.broker is not None:
        print(f"sim: broker at {sim.broker.url}", file=sys.stderr)
    sim.run_in_background()
    service = sim.service
    player = None
    if steps:
        player = ScriptPlayer(sim.board, schedule(steps, bounce=args.bounce),
                              sim.hardware.clock() + args.start_delay)
    try:
        SimWindow(sim.hardware, sim.board,
                  status=lambda: service.last_error or service.pad_text or service.summary(),
                  ).run(player)
    finally:
        sim.close()
    return 0


def _from_log(path: Path) -> int:
    from engine.replay import ReplayError
    from firmware_sim.fromlog import log_to_script

    try:
        print(log_to_script(path.read_text(encoding="utf-8")), end="")
    except (OSError, ReplayError) as exc:
        print(f"sim: {path}: {exc}", file=sys.stderr)
        return 2
    return 0


def _screenshot(hardware: TableHardware, board: MockBoard, check: PadCheck, path: Path) -> None:
    import pygame

    from firmware_sim.window import SimWindow

    surface = SimWindow(hardware, board, status=lambda: check.last).render_to_surface()
    pygame.image.save(surface, str(path))


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("sim", help="simulated table hardware: pad + seat LEDs on mock pins")
    p.add_argument("--script", type=Path, help="key script: '<delay_ms> <KEY> [hold]' per line")
    p.add_argument("--bounce", type=int, default=0, help="contact bounces per press (default 0)")
    p.add_argument("--headless", action="store_true", help="no window: replay in virtual time")
    p.add_argument("--screenshot", type=Path, help="with --headless: save the table as a PNG")
    p.add_argument("--from-log", type=Path, help="print a game log's key presses as a script")
    p.add_argument("--pad-only", action="store_true",
                   help="no table service: print key events (pad check)")
    p.add_argument("--broker", help="broker URL (default: start a mosquitto of its own)")
    p.add_argument("--tournament", default="local")
    p.add_argument("--table", default="1")
    p.add_argument("--rules", default="cml")
    p.add_argument("--journal", type=Path, help="journal file (default: a temporary one)")
    p.add_argument("--start-delay", type=float, default=2.0,
                   help="seconds before a --script starts playing")
    p.set_defaults(func=command)
