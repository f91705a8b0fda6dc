"""`mafiakit bench hub`: events the hub ingests, checks and stores per second, next to a bare
paho subscriber counting the same stream in the same run, and the lag at 2 events/s per table.

The tables are simulated by a publisher in a child process (one paho connection carrying
every table's status and events: random legal games, so the hub's engine accepts them);
the bare subscriber is another child (so it does not share the hub's interpreter lock);
this process runs the hub (its real HubService on a thread).

- flood: every table's first actions as fast as the publisher can send them; raw rate =
  messages the bare subscriber counted / its first-to-last span; hub rate = events stored /
  the hub's first-to-last span (from the store's `received` column).
- steady: `tables` tables at `rate` events/s each for `seconds`; lag = the hub's handling
  time minus the event's `at` (the publisher's clock, the same machine).
- rss_mb: this process (the hub) after the run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

TOURNAMENT = "bench"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def publish(url: str, tables: int, rate: float, seconds: float, flood: int) -> None:
    """The child: births, then `flood` events per table at once, then `rate`/s per table."""
    from bus.config import BrokerConfig
    from bus.payloads import Event, Status, encode
    from bus.topics import table_topic
    from engine.log import action_to_dict
    from engine.playout import random_game

    cfg = BrokerConfig.from_url(url)
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-tables")
    client.max_inflight_messages_set(1000)
    client.max_queued_messages_set(0)
    client.connect(cfg.host, cfg.port)
    client.loop_start()
    names = [str(t + 1) for t in range(tables)]
    games = {n: [action_to_dict(a) for a in random_game("cml", int(n)).entered] for n in names}
    booted = datetime.now(UTC)
    for n in names:
        status = Status(state="online", bdseq=0, booted_at=booted, software_version="bench")
        client.publish(table_topic(TOURNAMENT, n, "status"), encode(status), 1, retain=True)
    topics = {n: table_topic(TOURNAMENT, n, "events") for n in names}
    seq = dict.fromkeys(names, 0)

    def send(n: str) -> mqtt.MQTTMessageInfo | None:
        if seq[n] >= len(games[n]):
            return None
        seq[n] += 1
        event = Event(seq=seq[n], game_id=f"g{n}", action=games[n][seq[n] - 1], accepted=True,
                      at=datetime.now(UTC))
        return client.publish(topics[n], encode(event), 1)

    print("ready", flush=True)
    sys.stdin.readline()
    infos = [send(n) for _ in range(flood) for n in names]
    for info in infos:
        if info is not None:
            info.wait_for_publish(60)
    print("flooded", flush=True)
    sys.stdin.readline()
    period = 1.0 / rate
    start = time.monotonic()
    tick = 0
    while time.monotonic() - start < seconds:
        for n in names:
            send(n)
        tick += 1
        time.sleep(max(0.0, start + tick * period - time.monotonic()))
    time.sleep(0.5)
    print("done", flush=True)
    client.loop_stop()
    client.disconnect()


class RawCounter:
    """A bare paho subscriber: counts events, remembers when the first and last came."""

    def __init__(self, host: str, port: int) -> None:
        self.count = 0
        self.first = self.last = 0.0
        self.ready = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-raw")
        self.client.on_message = self._message
        self.client.on_subscribe = lambda *_: self.ready.set()
        self.client.connect(host, port)
        self.client.subscribe(f"mafia/v1/{TOURNAMENT}/tables/+/events", qos=1)
        self.client.loop_start()

    def _message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        now = time.perf_counter()
        if self.count == 0:
            self.first = now
        self.count += 1
        self.last = now

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def count_raw(url: str) -> None:
    """The bare-subscriber child: "ready", then on any stdin line its rate so far."""
    from bus.config import BrokerConfig

    cfg = BrokerConfig.from_url(url)
    raw = RawCounter(cfg.host, cfg.port)
    raw.ready.wait(30)
    print("ready", flush=True)
    sys.stdin.readline()
    rate = (raw.count - 1) / (raw.last - raw.first) if raw.last > raw.first else 0.0
    print(f"{raw.count} {rate}", flush=True)
    sys.stdin.readline()
    raw.close()


def _stored_rate(db: Path, since: str) -> tuple[int, float, list[float]]:
    import sqlite3

    con = sqlite3.connect(str(db))
    rows = con.execute("SELECT at, received FROM events WHERE received >= ? ORDER BY received",
                       (since,)).fetchall()
    con.close()
    if len(rows) < 2:
        return len(rows), 0.0, []
    stamps = [datetime.fromisoformat(r) for _, r in rows]
    span = (stamps[-1] - stamps[0]).total_seconds()
    lags = [(datetime.fromisoformat(r) - datetime.fromisoformat(a)).total_seconds() * 1000
            for a, r in rows]
    return len(rows), (len(rows) - 1) / span if span else 0.0, lags


def run(args: argparse.Namespace) -> dict[str, Any]:
    from bus.broker import MosquittoProcess
    from hub.config import HubSettings
    from hub.service import HubService, Stop

    quick = getattr(args, "quick", False)
    tables, rate = (100, 2.0) if quick else (500, 2.0)
    seconds, flood = (5.0, 5) if quick else (15.0, 10)
    broker: MosquittoProcess | None = None
    if args.broker:
        url = args.broker
    else:
        broker = MosquittoProcess().start()
        url = broker.url
    try:
        with tempfile.TemporaryDirectory(prefix="mafiakit-bench-hub-") as tmp:
            db = Path(tmp) / "hub.sqlite"
            settings = HubSettings(tournament=TOURNAMENT, tables=[str(t + 1)
                                                                  for t in range(tables)],
                                   database=db, broker={"url": url},
                                   heartbeat_s=60)
            hub = HubService(settings).start()
            assert hub.bus is not None and hub.bus.wait_ready(30)
            thread = threading.Thread(target=hub.run, daemon=True)
            thread.start()
            raw = subprocess.Popen([sys.executable, "-m", "mafiakit.bench.hub", "raw", url],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert raw.stdin is not None and raw.stdout is not None
            raw.stdout.readline()  # ready
            child = subprocess.Popen(
                [sys.executable, "-m", "mafiakit.bench.hub", "tables", url, str(tables),
                 str(rate),
                 str(seconds), str(flood)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                env={**os.environ})
            assert child.stdin is not None and child.stdout is not None
            child.stdout.readline()  # ready
            print(f"bench hub: flood of {tables} x {flood} events", file=sys.stderr)
            since = datetime.now(UTC).isoformat()
            child.stdin.write("go\n")
            child.stdin.flush()
            child.stdout.readline()  # flooded
            _wait_stored(db, tables * flood)
            raw.stdin.write("rate?\n")
            raw.stdin.flush()
            raw_rate = float(raw.stdout.readline().split()[1])
            flood_count, hub_rate, _ = _stored_rate(db, since)
            print(f"bench hub: {tables} tables at {rate}/s for {seconds:g} s", file=sys.stderr)
            since = datetime.now(UTC).isoformat()
            child.stdin.write("go\n")
            child.stdin.flush()
            child.stdout.readline()  # done
            expected = tables * flood + int(tables * rate * seconds * 0.9)
            _wait_stored(db, expected, guard=30)
            steady_count, steady_rate, lags = _stored_rate(db, since)
            child.wait(30)
            hub.inbox.put(Stop())
            thread.join(30)
            rss = _rss_mb()
            hub.close()
            raw.stdin.write("bye\n")
            raw.stdin.flush()
            raw.wait(30)
    finally:
        if broker is not None:
            broker.close()
    out = {
        "tables": tables,
        "events_per_s": round(hub_rate, 1),
        "raw_events_per_s": round(raw_rate, 1),
        "flood_events": flood_count,
        "flood_dropped_by_broker": tables * flood - flood_count,
        "steady_rate_per_table": rate,
        "steady_events": steady_count,
        "steady_events_per_s": round(steady_rate, 1),
        "lag_p50_ms": round(_pct(lags, 0.5), 1),
        "lag_p99_ms": round(_pct(lags, 0.99), 1),
        "rss_mb": rss,
    }
    out["target_met"] = (out["events_per_s"] >= 0.5 * out["raw_events_per_s"]
                         and out["lag_p99_ms"] < 1000)
    return out


def _wait_stored(db: Path, count: int, guard: float = 120, quiet_s: float = 3.0) -> None:
    """Until `count` events are stored, or none came for `quiet_s` (the broker drops QoS 1
    messages beyond its per-client queue, max_queued_messages, when the hub falls behind)."""
    import sqlite3

    deadline = time.monotonic() + guard
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        con = sqlite3.connect(str(db))
        have = con.execute("SELECT count(*) FROM events").fetchone()[0]
        con.close()
        if have >= count:
            return
        if have != last:
            last, since = have, time.monotonic()
        elif time.monotonic() - since > quiet_s:
            return
        time.sleep(0.1)


if __name__ == "__main__":
    if sys.argv[1] == "raw":
        count_raw(sys.argv[2])
    else:
        publish(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]),
                int(sys.argv[6]))
