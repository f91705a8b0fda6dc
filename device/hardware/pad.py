"""The judge's key pad: raw pin edges in, clean press / hold / release events out.

Three layers, so each can be tested on its own:

- gpiozero callbacks only timestamp an edge and put it on a queue (they never touch state);
- `KeyFilter` is a small pure state machine (edges and times in, events out) that owns the
  debounce: mock pins ignore `bounce_time` and real contacts chatter, so we do it ourselves;
- `KeyPad.pump()` drains the edge queue into the filter and puts `KeyEvent`s on `events`.

Debounce rule, per key: the key's level changes once the raw line has been steady for `settle`
(a press is reported on a *stable* low), and never sooner than `chatter` after the previous
change, so every edge within `chatter` of a press belongs to that press. Two numbers rather than
one because a press must light its LED within 5 ms (docs/benchmarks.md) while contacts may
chatter for 20 ms: a clean press costs `settle`, a bouncy one costs its bounce plus `settle`.
A key held for `hold` is reported once as `hold`, never repeated.

The keys are gpiozero `DigitalInputDevice`s with the pull-up on (active low; the pad adds its
own 10 kOhm pull-up, series resistor and filter capacitor, and GPIO 2 and 3 have the board's
1.8 kOhm: deploy/wiring.md, levels computed by device/hardware/electrical.py), i.e. `Button`
without its hold machinery: `Button` starts a thread per key that polls ten times a second for
a `when_held` we do not use, since hold detection lives in the filter.
"""

from __future__ import annotations

import math
import queue
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from gpiozero import DigitalInputDevice, Factory

from device.hardware.pins import KEYS, PinMap

Clock = Callable[[], float]
EventKind = Literal["press", "hold", "release"]


@dataclass(frozen=True)
class PadTiming:
    """Debounce and hold times in seconds (see the module docstring)."""

    settle: float = 0.001
    chatter: float = 0.020
    hold: float = 0.8

    def __post_init__(self) -> None:
        if not 0 < self.settle <= self.chatter < self.hold:
            raise ValueError(
                "pad timing must satisfy 0 < settle <= chatter < hold, got "
                f"settle={self.settle}, chatter={self.chatter}, hold={self.hold}"
            )


@dataclass(frozen=True)
class KeyEvent:
    """One clean key event; `t` is when the filter decided it (clock seconds)."""

    key: str
    kind: EventKind
    t: float


@dataclass(frozen=True)
class Edge:
    """One raw level change of a key line as seen by the gpiozero callback."""

    key: str
    low: bool
    t: float


@dataclass
class _Line:
    """What the filter knows about one key."""

    raw_low: bool = False
    raw_t: float = -math.inf
    low: bool = False
    low_t: float = -math.inf
    held: bool = False


class KeyFilter:
    """Pure debounce / hold state machine for all keys: feed edges and times, get events."""

    def __init__(self, keys: Iterable[str] = KEYS, timing: PadTiming | None = None) -> None:
        self.timing = timing or PadTiming()
        self._lines = {key: _Line() for key in keys}
        self._now = -math.inf
        # the keys that may have something due (a level change waiting to settle, a press
        # that may become a hold): only these are looked at by `tick` and `deadline`, not
        # all 16-21 keys at every wake-up of the pad thread
        self._busy: set[str] = set()

    def edge(self, key: str, low: bool, t: float) -> list[KeyEvent]:
        """A raw edge at time t; returns every event due up to t.

        An edge stamped before the last tick (its callback raced the pump) counts as happening
        at that tick, so the filter's time never runs backwards.
        """
        if key not in self._lines:
            raise ValueError(f"unknown key {key!r}")
        t = max(t, self._now)
        events = self.tick(t)
        line = self._lines[key]
        if line.raw_low != low:
            line.raw_low, line.raw_t = low, t
            self._busy.add(key)
        return events

    def tick(self, now: float) -> list[KeyEvent]:
        """Every event that became due up to `now`, in time order."""
        self._now = max(self._now, now)
        if not self._busy:
            return []
        events: list[KeyEvent] = []
        for key, line in self._lines.items():  # in the keys' order, as before
            if key in self._busy:
                events += self._advance(key, line, now)
                if self._due(line) == (None, None):
                    self._busy.discard(key)
        events.sort(key=lambda event: event.t)
        return events

    def deadline(self) -> float | None:
        """The earliest time at which `tick` could report something, or None if nothing is due."""
        times = [t for key in self._busy for t in self._due(self._lines[key]) if t is not None]
        return min(times, default=None)

    def _due(self, line: _Line) -> tuple[float | None, float | None]:
        change = None
        if line.raw_low != line.low:
            change = max(line.raw_t + self.timing.settle, line.low_t + self.timing.chatter)
        hold = line.low_t + self.timing.hold if line.low and not line.held else None
        return change, hold

    def _advance(self, key: str, line: _Line, now: float) -> list[KeyEvent]:
        events: list[KeyEvent] = []
        while True:
            change, hold = self._due(line)
            if hold is not None and hold <= now and (change is None or hold <= change):
                line.held = True
                events.append(KeyEvent(key, "hold", hold))
            elif change is not None and change <= now:
                line.low, line.low_t, line.held = line.raw_low, change, False
                events.append(KeyEvent(key, "press" if line.low else "release", change))
            else:
                return events


class KeyPad:
    """The pad's keys (16 at a ten-seat table, 21 at a club table) on real or mock pins;
    `pump()` turns queued edges into `events`."""

    def __init__(
        self,
        pin_map: PinMap,
        factory: Factory,
        clock: Clock,
        timing: PadTiming | None = None,
    ) -> None:
        # clean key events wait here, unless a consumer takes them as they come (`send_to`)
        self.events: queue.Queue[KeyEvent] = queue.Queue()
        self._deliver: Callable[[KeyEvent], None] = self.events.put
        self._edges: queue.Queue[Edge | None] = queue.Queue()
        self._waited: list[Edge | None] = []  # taken off the queue by wait(), read first by pump()
        self._clock = clock
        self._filter = KeyFilter(pin_map.keys, timing)
        self.timing = self._filter.timing
        self._inputs: dict[str, DigitalInputDevice] = {}
        try:
            for key, pin in pin_map.key_pins().items():
                device = DigitalInputDevice(
                    pin, pull_up=True, bounce_time=None, pin_factory=factory
                )
                self._inputs[key] = device
                device.when_activated = self._on_edge(key, low=True)
                device.when_deactivated = self._on_edge(key, low=False)
        except BaseException:
            self.close()
            raise

    def _on_edge(self, key: str, *, low: bool) -> Callable[[], None]:
        def callback() -> None:
            self._edges.put(Edge(key, low, self._clock()))

        return callback

    def wait(self, timeout: float | None) -> None:
        """Block until an edge arrives or `timeout` seconds pass (None: until an edge or `wake`)."""
        if self._waited or not self._edges.empty():
            return
        try:
            self._waited.append(self._edges.get(timeout=timeout))
        except queue.Empty:
            return

    def send_to(self, deliver: Callable[[KeyEvent], None]) -> Callable[[KeyEvent], None]:
        """From now on each key event goes to `deliver` (e.g. the put of the table service's
        inbox, one queue for everything it handles), the ones still waiting first; returns
        where they went before (to hand them back). The new consumer is set before the
        waiting ones are handed over: a key the hardware thread debounces meanwhile goes to
        it too, never into a queue nobody reads."""
        before, self._deliver = self._deliver, deliver
        while True:
            try:
                deliver(self.events.get_nowait())
            except queue.Empty:
                break
        return before

    def wake(self) -> None:
        """Release a thread blocked in `wait` (used on shutdown)."""
        self._edges.put(None)

    def pump(self) -> list[KeyEvent]:
        """Feed every queued edge to the filter, tick it to now, publish and return the events."""
        events: list[KeyEvent] = []
        while True:
            try:
                edge = self._waited.pop() if self._waited else self._edges.get_nowait()
            except queue.Empty:
                break
            if edge is not None:
                events += self._filter.edge(edge.key, edge.low, edge.t)
        events += self._filter.tick(self._clock())
        for event in events:
            self._deliver(event)
        return events

    def deadline(self) -> float | None:
        """Clock time at which `pump` must run again even without an edge (or None)."""
        return self._filter.deadline()

    def close(self) -> None:
        """Release the key pins."""
        for device in self._inputs.values():
            device.close()
        self._inputs.clear()
