"""`mafiakit bench fans`: followers on the internet, through the venue bridge.

Two mosquitto processes on this machine: the venue's, and an outside one joined to it by the
production bridge (deploy/mosquitto/bridge.conf, TLS with a throwaway CA; bus/outside.py).
Ten table services (this process) play random legal games at the venue, one action a
second each by default, the tables' turns spread over the second. N followers sit on the
outside broker: MQTT.js clients over WebSockets under Node.js (mafiakit/bench/followers),
each subscribed to what the followers' page subscribes to, in `--follower-processes` Node
processes (default 2: this machine's cores).

Two phases of the same length and pace: first without followers, then with N connected.
Measured in the same run:
- latency (`p50_ms`, `p99_ms`): a public snapshot's `sent_at` (the table's wall clock right
  after its journal commit) -> the moment a follower has it, parsed; over every live
  delivery of the second phase. The floor beside it (`one_p50_ms`, `one_p99_ms`): the same
  for one bare paho subscriber on the outside broker (the bridge hop, no fan-out);
- `lost`: snapshots of the second phase some follower never had (every follower must have
  every `seq` of every table, or a newer one retained after a reconnect: `caught_up`);
- `venue_cpu_percent_0` / `_n`: the venue broker's CPU (utime + stime from /proc/PID/stat
  over the phase's wall time, % of one core) without and with the followers; the outside
  broker's and the followers' own alongside.
The followers run on the same two cores as everything else, so their latency includes the
time they wait for a core: it is an upper bound of what a phone would see.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from pydantic import TypeAdapter
from typing_extensions import TypedDict  # pydantic reads typing's own only from Python 3.12

from bus import topics
from bus.bridge import FOLLOWER
from bus.broker import MosquittoProcess
from bus.outside import OutsideBroker, add_bridge
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.log import LogLine, header
from mafiakit.bench import JsonObject, Result
from mafiakit.bench.floor import pct


class CatchUp(TypedDict):
    """A gap a follower closed with a newer retained snapshot after a reconnect."""

    table: str
    from_game: str
    from_seq: int
    game: str
    seq: int


class FollowerReport(TypedDict):
    """What a followers' process says on `report` (followers.mjs), as `tally` reads it."""

    bucket_ms: float
    histogram: list[tuple[int, int]]  # (bucket, deliveries)
    seen: list[tuple[str, int]]  # ("table game seq", followers that had it)
    catch_ups: list[CatchUp]
    duplicates: int
    reconnects: int
    refused: int


class Tally(TypedDict):
    """All the followers' reports added up (`tally`)."""

    deliveries: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    lost: int
    caught_up: int
    duplicates: int
    reconnects: int
    refused: int


_REPORT = TypeAdapter(FollowerReport)

TOURNAMENT = "bench"
TABLES = 10
FOLLOWERS_DIR = Path(__file__).resolve().parent / "followers"
NAMES = ["Сова", "Lynx", "Барон", "Mira", "Кит", "Orion", "Туман", "Vega", "Эхо", "Zed"]
PROBE = topics.hub_topic(TOURNAMENT, "public/club")  # crosses the bridge, as pages do
SETTLE_S = 60.0  # the longest wait for the last deliveries after a phase (a hang guard)


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process so far, in seconds (/proc/PID/stat fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """% of one core that some processes used between `start()` and `stop()`."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids

    def start(self) -> CpuMeter:
        self.t0, self.c0 = time.monotonic(), sum(cpu_seconds(p) for p in self.pids)
        return self

    def stop(self) -> float:
        wall = time.monotonic() - self.t0
        return round(100 * (sum(cpu_seconds(p) for p in self.pids) - self.c0) / wall, 2)


def iso_ms(text: str) -> float:
    """An ISO 8601 time (`sent_at`) -> milliseconds since the epoch."""
    return datetime.fromisoformat(text).timestamp() * 1000


class Watch:
    """A bare paho subscriber to every table's public topic: at the venue, the truth of what
    the tables sent (table, game, seq, when it arrived); outside, the one-follower floor."""

    def __init__(self, host: str, port: int, user: str | None = None,
                 password: str | None = None) -> None:
        self.lock = threading.Lock()
        self.got: list[tuple[str, str, int, float]] = []  # table, game, seq, latency ms
        self.ready = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        if user:
            self.client.username_pw_set(user, password)
        self.client.on_message = self._message
        self.client.on_subscribe = lambda *_: self.ready.set()
        self.probes: set[bytes] = set()
        self.client.connect(host, port)
        self.client.subscribe([(topics.table_filter("public", TOURNAMENT), 1), (PROBE, 1)])
        self.client.loop_start()
        if not self.ready.wait(30):
            raise RuntimeError(f"bench fans: no subscription at {host}:{port}")

    def _message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        at = time.time() * 1000
        if msg.topic == PROBE:
            with self.lock:
                self.probes.add(bytes(msg.payload))
            return
        if msg.retain or not msg.payload:
            return
        snap = json.loads(msg.payload)
        with self.lock:
            self.got.append((snap["table"], snap["game_id"], snap["seq"],
                             at - iso_ms(snap["sent_at"])))

    def drained(self, venue: MosquittoProcess, guard: float = SETTLE_S) -> float:
        """Seconds until a probe sent at the venue arrives here: whatever the bridge had
        queued before it has crossed (MQTT keeps one publisher's order)."""
        probe = os.urandom(8).hex().encode()
        start = time.monotonic()
        publish = mqtt.Client(CallbackAPIVersion.VERSION2)
        publish.connect(venue.host, venue.port)
        publish.loop_start()
        publish.publish(PROBE, probe, qos=1).wait_for_publish(guard)
        publish.loop_stop()
        publish.disconnect()
        while probe not in self.probes and time.monotonic() - start < guard:
            time.sleep(0.05)
        return round(time.monotonic() - start, 2)

    def mark(self) -> int:
        with self.lock:
            return len(self.got)

    def since(self, mark: int) -> list[tuple[str, str, int, float]]:
        with self.lock:
            return self.got[mark:]

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


class Round:
    """Ten table services at the venue, each playing random legal games back to back."""

    def __init__(self, url: str, folder: Path) -> None:
        from device.config import TableSettings
        from device.table.service import TableService

        self.tables = []
        for n in range(1, TABLES + 1):
            settings = TableSettings(journal=folder / f"t{n}.sqlite", tournament=TOURNAMENT,
                                     table=str(n), broker={"url": url})
            table = TableService(settings).start()
            assert table.bus is not None and table.bus.wait_ready(30)
            self.tables.append(table)
        self.games = [0] * TABLES
        self.left: list[list[LogLine]] = [[] for _ in range(TABLES)]
        self.actions = 0

    def _next(self, i: int) -> None:
        table = self.tables[i]
        if not self.left[i]:
            seed = 1000 * (i + 1) + self.games[i]
            self.games[i] += 1
            table.new_game(header("cml", game=seed))
            table.set_names(NAMES)
            self.left[i] = [action_to_dict(a) for a in random_game("cml", seed).entered]
            return
        ok, reason = table.submit_line(self.left[i].pop(0))
        if not ok:
            raise RuntimeError(f"bench fans: table {i + 1} refused a legal action: {reason}")
        self.actions += 1

    def play(self, seconds: float, rate: float) -> None:
        """Every table one action per 1/`rate` s, the tables' turns spread evenly."""
        step = 1.0 / (rate * TABLES)
        start, turn = time.monotonic(), 0
        while time.monotonic() - start < seconds:
            self._next(turn % TABLES)
            turn += 1
            time.sleep(max(0.0, start + turn * step - time.monotonic()))

    def close(self) -> None:
        for table in self.tables:
            table.close()


class Followers:
    """The Node processes holding the followers (mafiakit/bench/followers/followers.mjs)."""

    def __init__(self, ws_url: str, password: str, count: int, processes: int) -> None:
        node = shutil.which("node")
        if node is None or not (FOLLOWERS_DIR / "node_modules" / "mqtt").is_dir():
            raise SystemExit("bench fans: the followers run under Node.js with MQTT.js: "
                             "install nodejs and npm, then run `make setup` (it runs npm ci "
                             f"in {FOLLOWERS_DIR})")
        share = [count // processes + (1 if k < count % processes else 0)
                 for k in range(processes)]
        self.procs: list[subprocess.Popen[str]] = []
        offset = 0
        for n in (s for s in share if s):
            options = {"url": ws_url, "user": FOLLOWER, "password": password,
                       "tournament": TOURNAMENT, "count": n, "offset": offset}
            offset += n
            self.procs.append(subprocess.Popen(
                [node, str(FOLLOWERS_DIR / "followers.mjs"), json.dumps(options)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
        for proc in self.procs:
            self._read(proc, "connected", guard=300)

    @staticmethod
    def _read(proc: subprocess.Popen[str], event: str, guard: float = 60) -> JsonObject:
        assert proc.stdout is not None
        timer = threading.Timer(guard, proc.kill)
        timer.start()
        try:
            line = proc.stdout.readline()
        finally:
            timer.cancel()
        if not line:
            raise RuntimeError(f"bench fans: a followers' process ended before {event!r}")
        said = json.loads(line)
        if not isinstance(said, dict) or said.get("event") != event:
            raise RuntimeError(f"bench fans: expected {event!r} from the followers, got {said}")
        return said

    def _say(self, proc: subprocess.Popen[str], cmd: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({"cmd": cmd}) + "\n")
        proc.stdin.flush()

    def report(self) -> list[FollowerReport]:
        for proc in self.procs:
            self._say(proc, "report")
        return [_REPORT.validate_python(self._read(proc, "report")) for proc in self.procs]

    @property
    def pids(self) -> list[int]:
        return [proc.pid for proc in self.procs]

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                self._say(proc, "quit")
        for proc in self.procs:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def tally(reports: list[FollowerReport], expected: set[tuple[str, str, int]],
          followers: int) -> Tally:
    """Latency percentiles and losses from the followers' reports (see the module doc)."""
    histogram: dict[int, int] = {}
    seen: dict[tuple[str, str, int], int] = {}
    catch_ups: list[CatchUp] = []
    for report in reports:
        for bucket, count in report["histogram"]:
            histogram[bucket] = histogram.get(bucket, 0) + count
        for key, count in report["seen"]:
            table, game, seq = key.split(" ")
            seen[(table, game, int(seq))] = seen.get((table, game, int(seq)), 0) + count
        catch_ups += report["catch_ups"]
    caught = 0
    for c in catch_ups:  # a gap a follower closed with a newer retained snapshot
        caught += sum(1 for (t, g, s) in expected if t == c["table"] and (
            (g == c["from_game"] == c["game"] and c["from_seq"] < s < c["seq"])
            or (g == c["from_game"] != c["game"] and s > c["from_seq"])))
    missing = sum(followers - min(followers, seen.get(key, 0)) for key in expected)
    bucket_ms = reports[0]["bucket_ms"] if reports else 0.1
    values = sorted(histogram.items())
    total = sum(histogram.values())

    def quantile(q: float) -> float:
        running = 0
        for bucket, count in values:
            running += count
            if running >= q * total:
                return round(bucket * bucket_ms, 2)
        return 0.0

    return {"deliveries": total, "p50_ms": quantile(0.5), "p99_ms": quantile(0.99),
            "max_ms": round(values[-1][0] * bucket_ms, 2) if values else 0.0,
            "lost": max(0, missing - caught), "caught_up": caught,
            "duplicates": sum(r["duplicates"] for r in reports),
            "reconnects": sum(r["reconnects"] for r in reports),
            "refused": sum(r["refused"] for r in reports)}


def settle(watch: Watch, mark: int, followers: Followers | None,
           count: int) -> list[FollowerReport]:
    """After a phase: until every follower had the last snapshot of every table (the guard
    SETTLE_S keeps a broken run from hanging); the followers' last reports."""
    time.sleep(1.0)  # the tables' last snapshots reach the venue's watch
    last: dict[str, tuple[str, str, int]] = {}
    for table, game, seq, _ in watch.since(mark):
        last[table] = (table, game, seq)
    if followers is None:
        return []
    deadline = time.monotonic() + SETTLE_S
    while True:
        reports = followers.report()
        seen: dict[str, int] = {}
        for report in reports:
            for key, n in report["seen"]:
                seen[key] = seen.get(key, 0) + n
        if all(seen.get(" ".join(map(str, k)), 0) >= count for k in last.values()) \
                or time.monotonic() > deadline:
            return reports
        time.sleep(1.0)


def run(args: argparse.Namespace) -> Result:
    quick = getattr(args, "quick", False)
    count = getattr(args, "followers", None) or (200 if quick else 2000)
    processes = getattr(args, "follower_processes", None) or 2
    seconds = getattr(args, "seconds", None) or (10.0 if quick else 30.0)
    rate = 1.0  # actions a second per table
    with tempfile.TemporaryDirectory(prefix="mafiakit-bench-fans-") as folder, \
            OutsideBroker([TOURNAMENT]) as outside:
        venue = add_bridge(MosquittoProcess(), outside.bridge(TOURNAMENT))
        with venue:
            assert venue._process is not None and outside._process is not None
            venue_pid, outside_pid = venue._process.pid, outside._process.pid
            truth = Watch(venue.host, venue.port)
            one = Watch(outside.host, outside.port, FOLLOWER, outside.users[FOLLOWER])
            tables = Round(venue.url, Path(folder))
            followers: Followers | None = None
            try:
                print(f"bench fans: {TABLES} tables, {seconds:g} s without followers",
                      file=sys.stderr)
                meters = [CpuMeter([venue_pid]).start(), CpuMeter([outside_pid]).start()]
                tables.play(seconds, rate)
                cpu0 = [m.stop() for m in meters]
                settle(truth, 0, None, 0)
                print(f"bench fans: connecting {count} followers", file=sys.stderr)
                followers = Followers(outside.ws_url, outside.users[FOLLOWER], count,
                                      processes)
                # every follower got the retained snapshots on subscribing: a burst the
                # outside broker works off before the second phase starts (and reported)
                drain_s = one.drained(venue)
                mark, one_mark = truth.mark(), one.mark()
                print(f"bench fans: {seconds:g} s with {count} followers", file=sys.stderr)
                meters = [CpuMeter([venue_pid]).start(), CpuMeter([outside_pid]).start(),
                          CpuMeter(followers.pids).start(), CpuMeter([os.getpid()]).start()]
                actions0 = tables.actions
                tables.play(seconds, rate)
                cpun = [m.stop() for m in meters]
                actions = tables.actions - actions0
                reports = settle(truth, mark, followers, count)
                expected = {(t, g, s) for t, g, s, _ in truth.since(mark)}
                floor = [lat for *_, lat in one.since(one_mark)]
                venue_lat = [lat for *_, lat in truth.since(mark)]
                result = tally(reports, expected, count)
            finally:
                if followers is not None:
                    followers.close()
                tables.close()
                truth.close()
                one.close()
    venue_cpu_0, venue_cpu_n = cpu0[0], cpun[0]
    return {
        "followers": count, "p50_ms": result["p50_ms"], "p99_ms": result["p99_ms"],
        "lost": result["lost"],
        "venue_cpu_percent_0": venue_cpu_0, "venue_cpu_percent_n": venue_cpu_n,
        "outside_cpu_percent_0": cpu0[1], "outside_cpu_percent_n": cpun[1],
        "followers_cpu_percent": cpun[2], "follower_processes": processes,
        "one_p50_ms": round(pct(floor, 0.5), 2) if floor else None,
        "one_p99_ms": round(pct(floor, 0.99), 2) if floor else None,
        "venue_p50_ms": round(pct(venue_lat, 0.5), 2) if venue_lat else None,
        "venue_p99_ms": round(pct(venue_lat, 0.99), 2) if venue_lat else None,
        "bench_cpu_percent": cpun[3],
        "connect_drain_s": drain_s,
        "tables": TABLES, "actions_per_s": round(actions / seconds, 1),
        "snapshots": len(expected), "seconds_per_phase": seconds,
        "deliveries": result["deliveries"], "max_ms": result["max_ms"],
        "caught_up": result["caught_up"], "duplicates": result["duplicates"],
        "reconnects": result["reconnects"], "refused": result["refused"],
        "path": "table service (journal commit, sent_at) -> venue mosquitto -> bridge (TLS) "
                "-> outside mosquitto -> WebSockets -> MQTT.js follower under Node.js",
        "target_met": bool(
            count >= 2000 and result["p99_ms"] < 500 and result["lost"] == 0
            and venue_cpu_n <= 1.25 * venue_cpu_0 + 1.0),
    }
