"""The physical floors a benchmark's ratio is taken against, measured in the same run.

- `raw_round_trips`: a bare paho QoS 1 publish -> receive round trip on the broker (one hop
  out and back, no kit code in between);
- `journal_commits`: one journal line made durable (SQLite WAL, synchronous=FULL: an fsync);
- `frame_renders`: one busy 1080p table frame drawn and shown (the `scoreboard` benchmark's
  frames).
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from device.table.journal import Journal
from engine.log import header
from mafiakit.bench.scoreboard import SAMPLES

RAW_PAYLOAD = b"x" * 2048  # about the size of a public snapshot
PROFILE_ENV = "MAFIAKIT_BENCH_PROFILE"
WARM_UP = 10  # round trips not counted: the new connections' first packets


def pct(values: list[float], q: float) -> float:
    """The `q` quantile (0..1) of `values`, nearest rank from below."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def raw_round_trips(host: str, port: int, n: int) -> list[float]:
    """`n` bare paho QoS 1 publish -> receive round trips, in ms."""
    got: queue.Queue[float] = queue.Queue()
    ready = threading.Event()

    def on_message(client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        got.put(time.perf_counter())

    def on_subscribe(*_: object) -> None:
        ready.set()

    sub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"bench-raw-sub-{os.getpid()}")
    sub.on_message = on_message
    sub.on_subscribe = on_subscribe
    sub.connect(host, port)
    sub.subscribe("bench/raw", qos=1)
    sub.loop_start()
    pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"bench-raw-pub-{os.getpid()}")
    pub.connect(host, port)
    pub.loop_start()
    if not ready.wait(30):
        raise RuntimeError(f"the raw subscriber got no SUBACK from {host}:{port}")
    times = []
    for _ in range(WARM_UP + n):
        t0 = time.perf_counter()
        pub.publish("bench/raw", RAW_PAYLOAD, qos=1)
        times.append((got.get(timeout=30) - t0) * 1000)
    del times[:WARM_UP]
    for client in (pub, sub):
        client.loop_stop()
        client.disconnect()
    return times


def journal_commits(workdir: Path, n: int) -> list[float]:
    """`n` journal appends (one durable commit each), in ms."""
    journal = Journal(workdir / "fsync.sqlite")
    journal.new_game("g", header("cml"), [], "now")
    times = []
    for seq in range(1, n + 1):
        t0 = time.perf_counter()
        journal.append("g", seq, {"action": "foul", "seat": 1})
        times.append((time.perf_counter() - t0) * 1000)
    journal.close()
    return times


def frame_renders(n: int, gap_s: float = 0.0, samples: tuple[str, ...] = SAMPLES
                  ) -> list[float]:
    """`n` busy 1080p table frames drawn and shown (dummy video driver), in ms; `gap_s`
    apart (the `scoreboard` benchmark's `time_frames`), of `samples` (its classic ones unless
    told: CLUB_SAMPLES for a club table's)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from mafiakit.bench.scoreboard import busy_frames, time_frames
    from scoreboard.display import Display
    from scoreboard.render import Renderer

    size = (1920, 1080)
    display = Display(size, title="bench")
    try:
        renderer = Renderer(size)
        frames = busy_frames(n, samples)
        renderer.draw(frames[0], display.screen)  # fonts and cards warm, as on a running screen
        times = time_frames(renderer, display, frames, gap_s)
    finally:
        display.close()
    return times


def profiled(name: str, work: Callable[[], None]) -> Callable[[], None]:
    """`work` itself, or under cProfile when MAFIAKIT_BENCH_PROFILE names a folder: the stats
    go to NAME.prof there (read them with `python -m pstats`). For finding where a helper
    process's time goes; the numbers of a profiled run are not the benchmark's."""
    folder = os.environ.get(PROFILE_ENV)
    if not folder:
        return work

    def run() -> None:
        import cProfile

        profile = cProfile.Profile()
        try:
            profile.runcall(work)
        finally:
            Path(folder).mkdir(parents=True, exist_ok=True)
            profile.dump_stats(str(Path(folder) / f"{name}.prof"))

    return run
