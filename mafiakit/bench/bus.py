"""`mafiakit bench bus`: judge action -> retained public snapshot at a subscriber.

Measured in the same run, on the same broker: the kit's path (inbox -> rules -> journal
fsync -> three snapshots + event published -> subscriber decodes the public one), a bare
paho QoS 1 publish -> receive round trip (raw), and one journal commit alone (fsync).
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.config import BrokerConfig
from bus.topics import table_topic
from device.journal import Journal
from engine.log import action_to_dict, header
from engine.playout import random_game


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _drain_until(sub: BusClient, accept: Callable[[dict[str, Any]], bool]) -> None:
    while True:
        item = sub.inbox.get(timeout=30)
        if isinstance(item, Received) and accept(json.loads(item.payload)):
            return


def _seq_is(seq: int) -> Callable[[dict[str, Any]], bool]:
    return lambda snapshot: bool(snapshot["seq"] == seq)


def _kit(url: str, workdir: Path, n: int) -> list[float]:
    """The table service runs in its own process, as on a Pi; the screen is this process."""
    times: list[float] = []
    sub = BusClient(BrokerConfig.from_url(url), name="bench-screen")
    # the judge snapshot: its seq is the journal's (a public one is sent only when the
    # players' view changes, so night actions send none), and it leaves last
    sub.subscribe(table_topic("bench", "1", "judge"))
    sub.start()
    sub.wait_ready(30)
    seed = 0
    while len(times) < n:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mafiakit.cli", "table", "--journal",
             str(workdir / f"bench-{seed}.sqlite"), "--broker", url, "--stdin"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "MAFIAKIT_TOURNAMENT": "bench", "MAFIAKIT_TABLE": "1"})
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdout.readline()  # ready
        _drain_until(sub, lambda d: d["seq"] == 0)  # its first snapshot: connected
        for seq, action in enumerate(random_game("cml", seed).entered, start=1):
            t0 = time.perf_counter()
            proc.stdin.write(json.dumps(action_to_dict(action)) + "\n")
            proc.stdin.flush()
            _drain_until(sub, _seq_is(seq))
            times.append((time.perf_counter() - t0) * 1000)
            answer = proc.stdout.readline()
            if not answer.startswith("ok"):
                raise RuntimeError(answer)
        proc.stdin.close()
        proc.wait(30)
        seed += 1
    sub.close()
    return times[:n]


def _raw(host: str, port: int, n: int) -> list[float]:
    got: queue.Queue[float] = queue.Queue()
    ready = threading.Event()

    def on_message(client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        got.put(time.perf_counter())

    def on_subscribe(*_: Any) -> None:
        ready.set()

    sub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-raw-sub")
    sub.on_message = on_message
    sub.on_subscribe = on_subscribe
    sub.connect(host, port)
    sub.subscribe("bench/raw", qos=1)
    sub.loop_start()
    pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-raw-pub")
    pub.connect(host, port)
    pub.loop_start()
    ready.wait(30)
    payload = b"x" * 2048  # about the size of a public snapshot
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        pub.publish("bench/raw", payload, qos=1)
        times.append((got.get(timeout=30) - t0) * 1000)
    for client in (pub, sub):
        client.loop_stop()
        client.disconnect()
    return times


def _fsync(workdir: Path, n: int) -> list[float]:
    journal = Journal(workdir / "fsync.sqlite")
    journal.new_game("g", header("cml"), [], "now")
    times = []
    for seq in range(1, n + 1):
        t0 = time.perf_counter()
        journal.append("g", seq, {"action": "foul", "seat": 1})
        times.append((time.perf_counter() - t0) * 1000)
    journal.close()
    return times


def run(args: argparse.Namespace) -> dict[str, Any]:
    n = 150 if getattr(args, "quick", False) else 600
    broker: MosquittoProcess | None = None
    if args.broker:
        url = args.broker
    else:
        broker = MosquittoProcess().start()
        url = broker.url
    cfg = BrokerConfig.from_url(url)
    try:
        with tempfile.TemporaryDirectory(prefix="mafiakit-bench-") as tmp:
            work = Path(tmp)
            print(f"bench bus: {n} actions through the table service", file=sys.stderr)
            kit = _kit(url, work, n)
            raw = _raw(cfg.host, cfg.port, n)
            fsync = _fsync(work, min(n, 300))
    finally:
        if broker is not None:
            broker.close()
    out: dict[str, Any] = {
        "actions": len(kit),
        "p50_ms": round(statistics.median(kit), 3),
        "p99_ms": round(_pct(kit, 0.99), 3),
        "raw_p50_ms": round(statistics.median(raw), 3),
        "raw_p99_ms": round(_pct(raw, 0.99), 3),
        "fsync_p50_ms": round(statistics.median(fsync), 3),
        "fsync_p99_ms": round(_pct(fsync, 0.99), 3),
    }
    budget = 3 * out["raw_p99_ms"] + out["fsync_p50_ms"]
    out["target_p99_ms"] = round(budget, 3)
    out["target_met"] = out["p99_ms"] <= budget
    return out
