"""The table side of `mafiakit bench e2e`: the real table service on mock pins, in its own
process, as on a Pi (`python -m mafiakit.bench.e2e_table BROKER_URL JOURNAL TOURNAMENT TABLE
[RULES]`; RULES `cml` by default, `club` for a 15-seat club table).

It prints `ready` once connected, then answers one command per stdin line:

- `day`: a new game, roles dealt, zero night passed, day 1 opened (not timed; a club game's
  general discussion ended too, 004 §6, so its speeches run); answers `speaker S`, the seat
  that has the floor.
- `next`: closes NEXT's contact on its mock pin, holds it for a tap, opens it again; answers
  `pressed T0 S TJ`: T0 is `time.monotonic()` just before the contact closed (CLOCK_MONOTONIC
  is one clock for the whole machine on Linux, so the screen process's times compare with
  it), S the seat that got the floor (0: the press ended the day's speeches), TJ when the
  action was in the journal and the service began publishing (its change listeners run).

Everything between the pin and the broker is the kit's own: gpiozero's callback, the pad's
debounce on the hardware thread, the service inbox, the key grammar, the rules, the journal
and the publishing, with the runtime tuned as `mafiakit table` tunes it.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple, cast

from gpiozero.pins.mock import MockFactory

from device.cli import tune_runtime
from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.pins import PinMap, make_factory
from device.table.inbox import NewGame, Stop, Submit
from device.table.service import TableService
from device.table.viewcache import view_of
from engine.log import JsonObject
from engine.variant import find_variant
from engine.viewmodels import PublicView
from engine.vocab import InfoClass
from firmware_sim.board import MockBoard
from mafiakit.bench.floor import profiled

TAP_S = 0.08  # a judge's tap on NEXT
SETTLE_S = 0.03  # after the release: its key event is handled before the next press
DAY: tuple[JsonObject, ...] = (
    {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1},
    {"action": "start"},
    {"action": "day"},
)
CLUB_SEATS = 15  # the club's largest table (004 §1): every seat key and LED in use
# A 15-seat club deal (004 §1-3), as `bench pad`'s club part deals it
CLUB_DAY: tuple[JsonObject, ...] = (
    {"action": "roles", "mafia": [3, 12, 14], "don": 10, "maniac": 8, "doctor": 6,
     "commissar": 1, "kamikaze": 11, "sapper": 4, "putana": 13},
    {"action": "start"},
    {"action": "day"},
    {"action": "discussion_end"},
)


class Opening(NamedTuple):
    """How a part of the bench opens its game up to the first speech: the table's size
    (None: the variant's own) and the lines dealt, started and talked up to it."""

    seats: int | None
    lines: tuple[JsonObject, ...]


OPENINGS = {"cml": Opening(None, DAY), "club": Opening(CLUB_SEATS, CLUB_DAY)}


class BenchTable:
    """One table service with its engine thread, on mock pins this process can press."""

    def __init__(self, broker_url: str, journal: Path, tournament: str, table: str,
                 rules: str = "cml") -> None:
        factory = cast(MockFactory, make_factory("mock"))
        seats, self.opening = OPENINGS[rules]
        pins = PinMap(seats=seats or 10)
        self.board = MockBoard(pins, factory)
        # the table's own header of its variant (engine/variant.py), as `mafiakit table` opens
        self.head: JsonObject = dict(find_variant({"rules": rules}).default_header(
            rules, tournament, table, seats, "2026-12-05"))
        settings = TableSettings(tournament=tournament, table=table, journal=journal,
                                 broker={"url": broker_url}, rules=rules, seats=seats)
        self.service = TableService(settings, hardware=TableHardware(pins, factory)).start()
        assert self.service.bus is not None
        if not self.service.bus.wait_ready(30):
            self.service.close()
            raise RuntimeError(f"the table could not connect to {broker_url}")
        self.changes: list[float] = []  # when each change was journaled and about to publish
        self.service.listeners.append(lambda _: self.changes.append(time.monotonic()))
        self.engine = threading.Thread(target=profiled("table", self.service.run),
                                       name="engine", daemon=True)
        self.engine.start()

    def day(self) -> str:
        answers: queue.Queue[tuple[bool, str]] = queue.Queue()
        self.service.inbox.put(NewGame(self.head))
        for line in self.opening:
            self.service.inbox.put(Submit(dict(line), answers))
            ok, why = answers.get(timeout=30)
            if not ok:
                raise RuntimeError(f"the bench game was refused: {why}")
        return f"speaker {self._speaker()}"

    def next(self) -> str:
        service, before = self.service, len(self.service.table_game.actions)
        t0 = time.monotonic()
        self.board.press("NEXT")
        time.sleep(TAP_S)
        deadline = t0 + 30
        # Accepted (one more action) and published (the first change after the press is the
        # action's own: nothing else at the table publishes between a NEXT and its action).
        while len(service.table_game.actions) == before or not self.changes \
                or self.changes[-1] < t0:
            if time.monotonic() > deadline:
                raise RuntimeError(f"NEXT was never accepted ({service.last_error})")
            time.sleep(0.001)
        journaled = next(t for t in list(self.changes) if t >= t0)
        self.board.release("NEXT")
        time.sleep(SETTLE_S)
        self.board.forget_history()  # the LED pins' histories grow with every frame
        del self.changes[:-1]
        return f"pressed {t0:.6f} {self._speaker()} {journaled:.6f}"

    def _speaker(self) -> int:
        """The seat whose speech runs, as the screens show it (0: none, the speeches are over),
        read from the cached public view: one question for a game of either kind."""
        view = view_of(self.service.table_game, InfoClass.PUBLIC)  # the table's own, cached
        assert isinstance(view, PublicView)
        return view.speaker or 0

    def close(self) -> None:
        self.service.inbox.put(Stop())
        self.engine.join(30)
        self.service.close()



def main(argv: list[str]) -> int:
    broker_url, journal, tournament, table, *rules = argv
    bench = BenchTable(broker_url, Path(journal), tournament, table, *rules)
    tune_runtime()
    print("ready", flush=True)
    try:
        for raw in sys.stdin:
            command = raw.strip()
            if command == "day":
                print(bench.day(), flush=True)
            elif command == "next":
                print(bench.next(), flush=True)
            else:
                print(f"error: no command {command!r} (day, next)", flush=True)
    finally:
        bench.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
