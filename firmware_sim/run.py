"""`mafiakit sim`: the simulated table: the real table service on mock pins, in a window.

    mafiakit sim                                   # window + table service + its own broker
    mafiakit sim --broker mqtt://127.0.0.1:1883    # ... against a running broker
    mafiakit sim --script game.keys                # the script plays the judge in real time
    mafiakit sim --headless --script game.keys --screenshot table.png   # ... in virtual time
    mafiakit sim --from-log examples/cml-quiet-draw.jsonl > game.keys   # a game as keys
    mafiakit sim --rules club --seats 12           # a club evening (docs/pad.md "The club game")

With `--pad-only` the pad is tried without the table service: every clean key event is
printed as a JSON line and answered with the press signal (with `--headless` a script replays
in virtual time). The options are in firmware_sim/cli.py; this module loads when sim runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from gpiozero.pins.mock import MockFactory

from device.hardware.kit import TableHardware
from device.hardware.pad import KeyEvent
from device.hardware.pins import PinMap, make_factory, seat_of
from engine.viewmodels import MAX_SEATS, MIN_SEATS
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.script import (
    ScriptError,
    ScriptPlayer,
    ScriptStep,
    load_script,
    replay_virtual,
    schedule,
)

if TYPE_CHECKING:
    from device.table.service import TableService


class PadCheck:
    """The stand-in consumer: print each key event, flash the seat of each seat key press."""

    def __init__(self, hardware: TableHardware, lang: str = "en") -> None:
        self.hardware = hardware
        self.lang = lang
        self.last = ""

    def __call__(self, event: KeyEvent) -> None:
        from firmware_sim.words import pad_event

        print(json.dumps({"key": event.key, "kind": event.kind, "t": round(event.t, 4)}))
        self.last = pad_event(event.key, event.kind, self.lang)
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
        print("sim: --headless replays a key script: give --script FILE "
              "(`mafiakit sim --from-log GAME.jsonl > FILE` writes one)", file=sys.stderr)
        return 2
    if args.screenshot and not args.headless:
        print("sim: --screenshot goes with --headless", file=sys.stderr)
        return 2
    # the rules first: the seats are checked by the game the rules name
    problem = ((None if args.pad_only else rules_problem(args.rules))
               or seats_problem(args.seats, None if args.pad_only else args.rules))
    keys = PinMap(seats=args.seats).keys if problem is None else ()
    stray = next((step for step in steps if step.key not in keys), None)
    if problem is None and stray is not None:
        problem = (f"{args.script}: line {stray.line}: there is no key {stray.key} on the pad "
                   f"of a {args.seats}-seat table")
    if problem is not None:
        print(f"sim: {problem}", file=sys.stderr)
        return 2
    if not args.headless and (problem := no_screen()) is not None:
        print(f"sim: {problem}", file=sys.stderr)
        return 2
    if not args.pad_only:
        return _table_headless(args, steps) if args.headless else _table(args, steps)
    factory = cast(MockFactory, make_factory("mock"))
    pin_map = PinMap(seats=args.seats)
    board = MockBoard(pin_map, factory)
    drives = schedule(steps, bounce=args.bounce)
    if args.headless:
        clock = ManualClock()
        hardware = TableHardware(pin_map, factory, clock, background=False)
        check = PadCheck(hardware, args.lang)
        try:
            replay_virtual(hardware, ScriptPlayer(board, drives, clock()), clock, check)
            if args.screenshot:
                _save(hardware, board, args.screenshot, args.lang, lambda: check.last)
        finally:
            hardware.close()
        return 0
    from firmware_sim.window import SimWindow

    hardware = TableHardware(pin_map, factory)
    check = PadCheck(hardware, args.lang)
    player = ScriptPlayer(board, drives, hardware.clock()) if steps else None
    try:
        SimWindow(hardware, board, hook=check.drain, status=lambda: check.last,
                  lang=args.lang).run(player)
    finally:
        hardware.close()
    return 0


def no_screen() -> str | None:
    """Why the window cannot open here, or None. Without a desktop SDL falls back to drawing
    into memory ("offscreen"): the simulator would then run unseen until killed, as the
    scoreboard would (scoreboard/display.py says the same)."""
    import os

    import pygame

    from scoreboard.sdl_env import private_runtime_dir

    if os.environ.get("SDL_VIDEODRIVER"):
        return None  # the driver was chosen on purpose (dummy in tests, kmsdrm on a Pi)
    private_runtime_dir()  # no SDL line ahead of "no screen found"
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        return f"cannot open a window ({exc})"
    finally:
        pygame.display.quit()
    if driver == "offscreen":
        return ("no screen found (no desktop). Run it on a desktop; without one, "
                "`mafiakit sim --headless --script FILE --screenshot table.png` plays a key "
                "script in virtual time (`mafiakit sim --from-log GAME.jsonl > FILE` writes one)")
    return None


def rules_problem(rules: str) -> str | None:
    """Why `--rules` names no game the table can play (an unknown ruleset), or None."""
    from pydantic import TypeAdapter, ValidationError

    from bus.errors import first_problem
    from bus.settings import GameRulesId

    try:
        TypeAdapter(GameRulesId).validate_python(rules)
    except ValidationError as exc:
        return f"--rules {rules}: {first_problem(exc)[1]}"
    return None


def seats_problem(seats: int, rules: str | None) -> str | None:
    """Why the simulator cannot seat `seats` players under `rules` (None: a pad check, no
    game), or None: the game's variant says how many it seats (the classic rulesets ten,
    000 I.1.1; the club game 3 to 15, 004 §1, keyed with the club pad)."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        return f"--seats {seats}: a table has {MIN_SEATS} to {MAX_SEATS} seats"
    if rules is None:
        return None
    from device.config import seats_problem as game_seats_problem

    problem = game_seats_problem(rules, seats)
    return None if problem is None else f"--seats {seats}: {problem}"


def _table_headless(args: argparse.Namespace, steps: list[ScriptStep]) -> int:
    """The real table service on the simulated hardware, the script played in virtual time;
    prints the game's state at the end (and saves the window as a PNG)."""
    from firmware_sim.table import SimTable

    clock = ManualClock()
    try:
        sim = SimTable.start(tournament=args.tournament, table=args.table, rules=args.rules,
                             seats=args.seats, broker_url=args.broker, journal=args.journal,
                             clock=clock,
                             background=False, music=False, connect=args.broker is not None)
    except (ValueError, RuntimeError) as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    service = sim.service
    if args.header_from is not None:
        problem = _open_game(service, args.header_from)
        if problem is not None:
            sim.close()
            print(f"sim: {args.header_from}: {problem}", file=sys.stderr)
            return 2
    try:
        if args.broker is not None and not sim.wait_connected():
            print(f"sim: no broker answers at {args.broker}: start one (`mafiakit broker`) "
                  "or leave --broker out", file=sys.stderr)
            return 1
        replay_virtual(sim.hardware, ScriptPlayer(sim.board, schedule(steps, args.bounce),
                                                  clock()), clock, service.handle)
        if args.screenshot:
            _save(sim.hardware, sim.board, args.screenshot, args.lang,
                  table_status(service, args.lang))
        print(json.dumps({"game_id": service.game_id, "lines": service.seq,
                          "state": service.summary(), "last_error": service.last_error,
                          "status": table_status(service, args.lang)()},
                         ensure_ascii=False))
    finally:
        sim.close()
    return 0


def _table(args: argparse.Namespace, steps: list[ScriptStep]) -> int:
    """The real table service on the simulated hardware, in a window."""
    from firmware_sim.table import SimTable
    from firmware_sim.window import SimWindow

    try:
        sim = SimTable.start(tournament=args.tournament, table=args.table, rules=args.rules,
                             seats=args.seats, broker_url=args.broker, journal=args.journal)
    except (ValueError, RuntimeError) as exc:  # the broker, another table with this number
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    if sim.broker is not None:
        print(f"sim: broker at {sim.broker.url}", file=sys.stderr)
    if args.header_from is not None:
        problem = _open_game(sim.service, args.header_from)
        if problem is not None:
            sim.close()
            print(f"sim: {args.header_from}: {problem}", file=sys.stderr)
            return 2
    sim.run_in_background()
    service = sim.service
    player = None
    if steps:
        player = ScriptPlayer(sim.board, schedule(steps, bounce=args.bounce),
                              sim.hardware.clock() + args.start_delay)
    until = None
    if player is not None and args.exit_after is not None:
        until = _after(player, args.exit_after, sim.hardware.clock)
    try:
        SimWindow(sim.hardware, sim.board, status=table_status(service, args.lang),
                  lang=args.lang).run(player, until=until)
    finally:
        sim.close()
    return 0


def table_status(service: TableService, lang: str) -> Callable[[], str]:
    """The window's top line for a table: its last refusal, the pad's input or the moment."""
    from device.table.viewcache import view_of
    from engine.viewmodels import PublicView
    from engine.vocab import InfoClass
    from firmware_sim.words import status

    def refusal() -> str | None:  # in the window's language, as on the judge's screen
        if service.refusal is None:
            return service.last_error
        return service.refusal.text("ru" if lang == "ru" else "en")

    def line() -> str:
        game = service.table_game
        public = view_of(game, InfoClass.PUBLIC)
        assert isinstance(public, PublicView)
        winner = game.state.winner
        return status(public, None if winner is None else str(winner), service.pad_text,
                      refusal(), lang)

    return line


def _after(player: ScriptPlayer, seconds: float, clock: Callable[[], float]
           ) -> Callable[[], bool]:
    """True `seconds` after the script's last key (the demo's window then closes itself)."""
    done_at: list[float] = []

    def due() -> bool:
        if player.finished and not done_at:
            done_at.append(clock())
        return bool(done_at) and clock() - done_at[0] >= seconds

    return due


def _open_game(service: TableService, log: Path) -> str | None:
    """Open a new game with the header line of `log`; the reason when it cannot."""
    from engine.errors import LogError
    from engine.variant import find_variant

    try:
        header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
        find_variant(header).admit_header(header)
    except (OSError, ValueError, IndexError, LogError) as exc:
        return f"no game-log header on its first line ({exc})"
    try:
        service.new_game(header)
    except LogError as exc:  # e.g. a game the pad cannot key (docs/pad.md, "Seats 11-15")
        return str(exc)
    return None


def _from_log(path: Path) -> int:
    from engine.replay import ReplayError
    from firmware_sim.fromlog import log_to_script

    try:
        print(log_to_script(path.read_text(encoding="utf-8")), end="")
    except (OSError, ReplayError) as exc:
        print(f"sim: {path}: {exc}", file=sys.stderr)
        return 2
    return 0


def _save(hardware: TableHardware, board: MockBoard, path: Path, lang: str,
          status: Callable[[], str]) -> None:
    import pygame

    from firmware_sim.window import SimWindow

    surface = SimWindow(hardware, board, status=status, lang=lang).render_to_surface()
    pygame.image.save(surface, str(path))
