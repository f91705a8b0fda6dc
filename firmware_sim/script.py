"""Key scripts: a file of key presses replayed onto the mock pins, in real or virtual time.

Format, one press per line: `<delay_ms> <KEY> [hold]`. The delay counts from the release of
the previous key (or the start); KEY is a seat 1..15, NEXT, NOMINATE, FOUL, VOTE, UNDO or TIMER (any
case); `hold` keeps the key down past the hold time. `#` starts a comment. Example:

    500 FOUL
    200 4        # foul on seat 4
    1000 FOUL hold
    200 7        # seat 7 removed

Each press and release can be given contact bounce (the contact bounces `bounce` times within
3 ms, two extra edges each, as a real key does), so a replay also exercises the debounce.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from device.hardware.kit import TableHardware
from device.hardware.pad import KeyEvent, PadTiming
from device.hardware.pins import MAX_SEATS, keys_of
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock

KEYS = keys_of(MAX_SEATS)  # any table's keys; `mafiakit sim` checks them against its own
TAP = 0.08  # seconds a tapped key stays down
HOLD_EXTRA = 0.2  # a held key stays down this long past the hold time
BOUNCE_SPAN = 0.003  # seconds over which the bounce edges of one press or release spread


class ScriptError(ValueError):
    """A key script line that cannot be understood."""


@dataclass(frozen=True)
class ScriptStep:
    """One line of a key script."""

    delay_ms: int
    key: str
    hold: bool
    line: int


@dataclass(frozen=True)
class Drive:
    """Drive `key`'s line low or high at `t` seconds after the script starts."""

    t: float
    key: str
    low: bool


def parse_script(text: str) -> list[ScriptStep]:
    """The steps of a key script; a bad line raises ScriptError("line N: ...")."""
    steps = []
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != "hold"):
            raise ScriptError(f"line {number}: expected '<delay_ms> <KEY> [hold]', got {raw!r}")
        if not words[0].isdigit():
            raise ScriptError(
                f"line {number}: the delay must be whole milliseconds, got {words[0]!r}"
            )
        key = words[1].upper()
        if key not in KEYS:
            raise ScriptError(f"line {number}: unknown key {words[1]!r} (keys: {', '.join(KEYS)})")
        steps.append(ScriptStep(int(words[0]), key, len(words) == 3, number))
    return steps


def load_script(path: Path) -> list[ScriptStep]:
    """Read and parse a key script file."""
    return parse_script(path.read_text(encoding="utf-8"))


def schedule(
    steps: list[ScriptStep], timing: PadTiming | None = None, bounce: int = 0
) -> list[Drive]:
    """The pin edges that play `steps`, in time order; each transition bounces `bounce` times."""
    timing = timing or PadTiming()
    drives: list[Drive] = []
    t = 0.0
    for step in steps:
        t += step.delay_ms / 1000
        drives += _transition(step.key, t, low=True, bounce=bounce)
        t += timing.hold + HOLD_EXTRA if step.hold else TAP
        drives += _transition(step.key, t, low=False, bounce=bounce)
    return drives


def _transition(key: str, t: float, *, low: bool, bounce: int) -> list[Drive]:
    # Each bounce is one extra back-and-forth: bounce=2 gives low, high, low, high, low.
    count = 2 * bounce + 1
    gap = BOUNCE_SPAN / count
    return [Drive(t + i * gap, key, low if i % 2 == 0 else not low) for i in range(count)]


class ScriptPlayer:
    """Applies scheduled drives to the board as the clock passes their time."""

    def __init__(self, board: MockBoard, drives: list[Drive], start: float) -> None:
        self.board = board
        self._drives = drives
        self._start = start
        self._done = 0

    @property
    def finished(self) -> bool:
        """True once every edge has been driven."""
        return self._done == len(self._drives)

    def next_time(self) -> float | None:
        """Clock time of the next edge, or None when finished."""
        return None if self.finished else self._start + self._drives[self._done].t

    def apply_due(self, now: float) -> None:
        """Drive every edge whose time has come."""
        while not self.finished and self._start + self._drives[self._done].t <= now:
            drive = self._drives[self._done]
            (self.board.press if drive.low else self.board.release)(drive.key)
            self._done += 1


def play_realtime(
    player: ScriptPlayer,
    clock: Callable[[], float] = time.monotonic,
    stop: threading.Event | None = None,
) -> None:
    """Drive the edges at their real times (run it in a thread beside the table service)."""
    stop = stop or threading.Event()
    while (due := player.next_time()) is not None and not stop.is_set():
        stop.wait(max(0.0, due - clock()))
        player.apply_due(clock())


def replay_virtual(
    hardware: TableHardware,
    player: ScriptPlayer,
    clock: ManualClock,
    consumer: Callable[[KeyEvent], None],
) -> None:
    """Replay in virtual time: jump the clock from edge to edge and deadline to deadline.

    `hardware` must run without its thread (`background=False`) on the same clock. Every key
    event goes to `consumer` in order, exactly as the table service would get them; the run is
    deterministic and takes no wall-clock time.
    """
    waiting: queue.Queue[KeyEvent] = queue.Queue()
    before = hardware.send_keys_to(waiting.put)  # a service's inbox, say: handed back after
    try:
        while True:
            due = [t for t in (player.next_time(), hardware.pad.deadline()) if t is not None]
            if not due:
                return
            clock.set(min(due))
            player.apply_due(clock())
            hardware.poll()
            while not waiting.empty():
                consumer(waiting.get_nowait())
    finally:
        hardware.send_keys_to(before)
