"""`mafiakit bench e2e`: a NEXT press at the table -> the screen shows the next speaker.

Three processes, as at a real table: the table service on mock pins (`e2e_table`: pin ->
debounce -> rules -> journal -> broker), the screen (`e2e_screen`: broker -> view model ->
frame -> display) and this one, which asks the table to press NEXT and waits until the screen
reports a frame whose pixels highlight the seat that got the floor. Both report
`time.monotonic()` (one clock for the whole machine), so press -> frame is one subtraction.

The floor is measured in the same run on the same broker: one journal commit, two broker
hops (table -> broker -> screen) and one busy frame, so the limit is
`fsync_p99 + 2 x raw_p99 + frame_p99` and the target `p99 <= 2 x limit` (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from bus.config import BrokerConfig
from mafiakit.bench import Result
from mafiakit.bench.broker import broker_url
from mafiakit.bench.floor import frame_renders, journal_commits, pct, raw_round_trips
from mafiakit.bench.proxy import PiProxy
from mafiakit.bench.scoreboard import CLUB_SAMPLES, SAMPLES

TOURNAMENT, TABLE = "bench", "1"
CLUB_SEATS = 15  # the club part's table: the largest (004 §1), every seat card on the screen
WAIT_S = 30.0  # a press that shows on no frame within this is an error, not a slow sample

Frame = tuple[float, str, float]  # when shown, highlighted seats, when the news was decoded
ROUNDS = 5  # path and floors take turns, so a change in the machine's load hits both
PI_PROXY = True  # --pi-proxy: the table and the screen share one Pi core's budget
PI_TARGET_P99_MS = 40.0  # press -> pixel on a Pi 4 (docs/benchmarks.md "On a Pi's budget")


@dataclass(frozen=True)
class Press:
    """One timed NEXT (`time.monotonic()` seconds): the seat that got the floor, when the pin
    closed, when the action was journaled, when the screen had decoded the news, when the
    frame showing it was on the screen."""

    seat: int
    pressed: float
    journaled: float
    received: float
    shown: float

    @property
    def ms(self) -> float:
        return (self.shown - self.pressed) * 1000

    def stages(self) -> dict[str, float]:
        """Where the time went, in ms: pin -> journal (debounce, key grammar, rules, fsync),
        journal -> screen (snapshots built and sent, broker, received and decoded),
        screen (view model, render, flip)."""
        return {"table": (self.journaled - self.pressed) * 1000,
                "bus": (self.received - self.journaled) * 1000,
                "screen": (self.shown - self.received) * 1000}


class _Side:
    """One helper process: command lines in, answer lines out (stderr is ours)."""

    def __init__(self, module: str, *args: str, proxy: PiProxy | None = None) -> None:
        argv = [sys.executable, "-m", f"mafiakit.bench.{module}", *args]
        if proxy is not None:
            argv = proxy.command(argv, module.removeprefix("e2e_"))
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin: IO[str] = self.proc.stdin
        self.stdout: IO[str] = self.proc.stdout
        self.name = module

    def line(self) -> str:
        text = self.stdout.readline()
        if not text:
            raise RuntimeError(f"bench e2e: {self.name} ended (exit {self.proc.wait(5)})")
        return text.strip()

    def ask(self, command: str) -> str:
        self.stdin.write(command + "\n")
        self.stdin.flush()
        return self.line()

    def close(self) -> None:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class _Screen(_Side):
    """The screen process; its frame reports are read on a thread into `frames`."""

    def __init__(self, broker_url: str, proxy: PiProxy | None = None, seats: int = 10) -> None:
        super().__init__("e2e_screen", broker_url, TOURNAMENT, TABLE, str(seats), proxy=proxy)
        if self.line() != "ready":
            raise RuntimeError("bench e2e: the screen did not start")
        self.frames: queue.Queue[Frame] = queue.Queue()
        threading.Thread(target=self._read, name="screen-frames", daemon=True).start()

    def _read(self) -> None:
        for text in self.stdout:
            _, shown, seats, received = text.split()
            self.frames.put((float(shown), seats, float(received)))

    def first_showing(self, seat: int, since: float) -> tuple[float, float]:
        """The first frame shown after `since` that highlighted exactly `seat`: when it was
        shown and when the news it shows had been decoded."""
        while True:
            try:
                shown, seats, received = self.frames.get(timeout=WAIT_S)
            except queue.Empty:
                raise RuntimeError(f"bench e2e: no frame highlighted seat {seat} within "
                                   f"{WAIT_S:g} s") from None
            if shown >= since and seats == str(seat):
                return shown, received


def presses(broker_url: str, workdir: Path, count: int,
            proxy: PiProxy | None = None, club: bool = False) -> list[Press]:
    """`count` NEXT presses, each timed from the pin to the first frame showing the next
    speaker. A press that ends the day's speeches is not counted: a new day follows. With
    `proxy` the table and the screen run on its budget; with `club` the table is a 15-seat
    club table (its screen draws fifteen cards)."""
    workdir.mkdir(parents=True, exist_ok=True)
    screen = _Screen(broker_url, proxy, CLUB_SEATS if club else 10)
    table = _Side("e2e_table", broker_url, str(workdir / "e2e.sqlite"), TOURNAMENT, TABLE,
                  "club" if club else "cml", proxy=proxy)
    times: list[Press] = []
    try:
        if table.line() != "ready":
            raise RuntimeError("bench e2e: the table did not start")
        speaker = 0
        while len(times) < count:
            if speaker == 0:
                _, seat = table.ask("day").split()
                speaker = int(seat)
                screen.first_showing(speaker, 0.0)
                continue
            _, at, seat, journaled = table.ask("next").split()
            speaker, pressed = int(seat), float(at)
            if speaker:
                shown, received = screen.first_showing(speaker, pressed)
                times.append(Press(speaker, pressed, float(journaled), received, shown))
    finally:
        table.close()
        screen.close()
    return times


def summary(path: list[Press], raw: list[float], fsync: list[float],
            frames: list[float], pi_target_ms: float | None = None) -> Result:
    """The JSON keys of docs/benchmarks.md from the four samples (floors in ms); with
    `pi_target_ms` (--pi-proxy) the Pi's target and whether it was met too."""
    ms = [press.ms for press in path]
    p99, raw_p99, fsync_p99, frame_p99 = (round(pct(sample, 0.99), 3)
                                          for sample in (ms, raw, fsync, frames))
    out: Result = {
        "presses": len(path),
        "p50_ms": round(statistics.median(ms), 3),
        "p99_ms": p99,
        "max_ms": round(max(ms), 3),
        "raw_p50_ms": round(statistics.median(raw), 3),
        "raw_p99_ms": raw_p99,
        "fsync_p50_ms": round(statistics.median(fsync), 3),
        "fsync_p99_ms": fsync_p99,
        "frame_p50_ms": round(statistics.median(frames), 3),
        "frame_p99_ms": frame_p99,
    }
    limit = fsync_p99 + 2 * raw_p99 + frame_p99
    out["limit_p99_ms"] = round(limit, 3)
    out["ratio_p99"] = round(p99 / limit, 2)
    out["target_met"] = p99 <= 2 * limit
    for stage in ("table", "bus", "screen"):
        spent = [press.stages()[stage] for press in path]
        out[f"{stage}_p50_ms"] = round(statistics.median(spent), 3)
        out[f"{stage}_p99_ms"] = round(pct(spent, 0.99), 3)
    out["path"] = ("table: NEXT pin -> debounce -> rules -> journal; bus: snapshots -> "
                   "broker -> screen; screen: model -> render -> flip")
    out["rounds"] = min(ROUNDS, len(path))
    if pi_target_ms is not None:
        out["pi_target_p99_ms"] = pi_target_ms
        out["pi_target_met"] = p99 <= pi_target_ms
    return out


def measure(broker_url: str, count: int, floor: int = 300,
            proxy: PiProxy | None = None, club: bool = False) -> Result:
    """`count` presses and `floor` samples of each floor (raw round trip, journal commit,
    frame), taking turns in `ROUNDS` rounds on one broker; the helper processes run only
    while presses are timed. With `proxy` the table, the screen and the two floors that are
    theirs (the journal commit, the frame) run on its budget; the broker hop does not. With
    `club` the table is a 15-seat club table and the frame floor a 15-seat club frame."""
    cfg = BrokerConfig.from_url(broker_url)
    rounds = min(ROUNDS, count)
    path: list[Press] = []
    raw: list[float] = []
    fsync: list[float] = []
    frames: list[float] = []

    def share(total: int, r: int) -> int:
        return total * (r + 1) // rounds - total * r // rounds

    with tempfile.TemporaryDirectory(prefix="mafiakit-bench-e2e-") as tmp:
        for r in range(rounds):
            work = Path(tmp) / f"round-{r + 1}"
            print(f"bench e2e: round {r + 1}/{rounds}: {share(count, r)} NEXT presses at a "
                  f"{'15-seat club' if club else 'classic'} table (table and screen in their "
                  "own processes), then the floor", file=sys.stderr)
            path += presses(broker_url, work, share(count, r), proxy, club)
            raw += raw_round_trips(cfg.host, cfg.port, share(floor, r))
            with proxy.inside("the floors: journal commits, frames") if proxy \
                    else contextlib.nullcontext():
                fsync += journal_commits(work, share(floor, r))
                frames += frame_renders(share(floor, r), proxy.refill_s if proxy else 0.0,
                                        CLUB_SAMPLES if club else SAMPLES)
    return summary(path, raw, fsync, frames, PI_TARGET_P99_MS if proxy is not None else None)


def run(args: argparse.Namespace) -> Result:
    """300 presses (100 with --quick, or --presses N) at a classic table, then as many at a
    15-seat club table (under `club`, same keys), on `--broker` or a mosquitto of its own."""
    count = getattr(args, "presses", None) or (100 if getattr(args, "quick", False) else 300)
    proxy = getattr(args, "proxy", None)
    floor = min(300, 3 * count)
    with broker_url(args.broker) as url:
        out = measure(url, count, floor, proxy)
        out["club"] = measure(url, count, floor, proxy, club=True)
    return out
