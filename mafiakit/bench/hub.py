"""`mafiakit bench hub`: events the hub ingests, checks and stores per second, next to a bare
paho subscriber counting the same stream in the same run, and the lag at 2 events/s per table.

The tables are simulated by a publisher in a child process (one paho connection carrying
every table's status and events: random legal games, so the hub's engine accepts them);
the bare subscriber is another child; the hub is a third (its real HubService on a thread,
as `mafiakit hub` runs it), so with `--pi-proxy` it alone is on the Pi's budget. This
process reads the hub's store. Classic tables first, then a club night (`club`: the hub of
`rules = "club"`, games of 8 to 15 seats whose headers it holds, as after a round it
opened, so its engine follows every event).

- flood: every table's first actions as fast as the publisher can send them; raw rate =
  messages the bare subscriber counted / its first-to-last span; hub rate = events stored /
  the hub's first-to-last span (from the store's `received` column).
- steady: `tables` tables at `rate` events/s each for `seconds`; lag = the hub's handling
  time minus the event's `at` (the publisher's clock, the same machine).
- rss_mb: the hub's process after the run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from engine.log import LogLine
from engine.variant import find_variant
from mafiakit.bench.broker import broker_url
from mafiakit.bench.proxy import PiProxy

TOURNAMENT = "bench"
PI_PROXY = True  # --pi-proxy: the hub's process on the budget
PI_TABLES = 30  # --pi-proxy: a club's hall (docs/benchmarks.md "On a Pi's budget")
PI_TARGET_LAG_P99_MS = 1000.0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def tournament_of(rules: str) -> str:
    """A tournament's id; a club night's own (its variant's name after it)."""
    variant = find_variant({"rules": rules})
    return TOURNAMENT if variant.standings else f"{TOURNAMENT}-{variant.name}"


Game = tuple[LogLine | None, list[LogLine]]  # (its header when the hub holds one; its lines)


def _tournament_games(rules: str, tables: int) -> dict[str, Game]:
    """Tournament tables open their own games: random legal games of the ruleset."""
    from engine.classic.log import action_to_dict
    from engine.classic.playout import random_game

    return {str(t): (None, [action_to_dict(a) for a in random_game(rules, t).entered])
            for t in range(1, tables + 1)}


def _club_games(rules: str, tables: int) -> dict[str, Game]:
    """A round of a club night: the hub opened each table's game, 8 to 15 seats (its header
    held, hub/outbox.py)."""
    from engine.club import log as club_log
    from engine.club.playout import random_club_game

    out: dict[str, Game] = {}
    for t in range(1, tables + 1):
        played = random_club_game(8 + t % 8, t)
        assert played.game is not None
        head = club_log.header(played.game.settings, table=str(t), game=1)
        out[str(t)] = (dict(head), [club_log.action_to_dict(a) for a in played.entered])
    return out


# the games each variant's bench plays, by the variant's name (engine/variant.py)
GAMES: dict[str, Callable[[str, int], dict[str, Game]]] = {
    "classic": _tournament_games, "club": _club_games}


def games_of(rules: str, tables: int) -> dict[str, Game]:
    """Each table's game, the same in the publisher and the hub."""
    return GAMES[find_variant({"rules": rules}).name](rules, tables)


def publish(url: str, rules: str, *, tables: int, rate: float, seconds: float,
            flood: int) -> None:
    """The child: births, then `flood` events per table at once, then `rate`/s per table."""
    from bus.config import BrokerConfig
    from bus.payloads import Event, Status, encode
    from bus.topics import table_topic

    cfg = BrokerConfig.from_url(url)
    tournament = tournament_of(rules)
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"bench-tables-{rules}")
    client.max_inflight_messages_set(1000)
    client.max_queued_messages_set(0)
    client.connect(cfg.host, cfg.port)
    client.loop_start()
    names = [str(t + 1) for t in range(tables)]
    games = {n: lines for n, (_, lines) in games_of(rules, tables).items()}
    booted = datetime.now(UTC)
    for n in names:
        status = Status(state="online", bdseq=0, booted_at=booted, software_version="bench")
        client.publish(table_topic(tournament, n, "status"), encode(status), 1, retain=True)
    topics = {n: table_topic(tournament, n, "events") for n in names}
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

    def __init__(self, host: str, port: int, tournament: str = TOURNAMENT) -> None:
        self.count = 0
        self.first = self.last = 0.0
        self.ready = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2,
                                  client_id=f"bench-raw-{tournament}")
        self.client.on_message = self._message
        self.client.on_subscribe = lambda *_: self.ready.set()
        self.client.connect(host, port)
        self.client.subscribe(f"mafia/v1/{tournament}/tables/+/events", qos=1)
        self.client.loop_start()

    def _message(self, client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        now = time.perf_counter()
        if self.count == 0:
            self.first = now
        self.count += 1
        self.last = now

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def count_raw(url: str, rules: str) -> None:
    """The bare-subscriber child: "ready", then on any stdin line its rate so far."""
    from bus.config import BrokerConfig

    cfg = BrokerConfig.from_url(url)
    raw = RawCounter(cfg.host, cfg.port, tournament_of(rules))
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


def serve(url: str, rules: str, tables: int, database: str) -> None:
    """The hub's child: the real HubService for `tables` tables (a club night's holding the
    headers of the games it opened); "ready" once subscribed, then it runs until a line on
    stdin and answers with its resident memory in MB."""
    from hub.config import HubSettings
    from hub.service import HubService, Stop
    from hub.store import Store

    opened = {table: head for table, (head, _) in games_of(rules, tables).items()
              if head is not None}
    if opened:  # the games a round of the club night opened (hub/outbox.py)
        store = Store(database)
        for table, head in opened.items():
            store.add_game(table, f"g{table}", 1, head)
        store.close()
    settings = HubSettings(tournament=tournament_of(rules), rules=rules,
                           tables=[str(t + 1) for t in range(tables)],
                           database=Path(database), broker={"url": url}, heartbeat_s=60)
    hub = HubService(settings).start()
    assert hub.bus is not None and hub.bus.wait_ready(30)
    thread = threading.Thread(target=hub.run, daemon=True)
    thread.start()
    print("ready", flush=True)
    sys.stdin.readline()
    hub.inbox.put(Stop())
    thread.join(30)
    print(_rss_mb(), flush=True)
    hub.close()


class _Child:
    """A helper process of this benchmark (`python -m mafiakit.bench.hub MODE ...`)."""

    def __init__(self, *args: str, proxy: PiProxy | None = None, name: str = "") -> None:
        argv = [sys.executable, "-m", "mafiakit.bench.hub", *args]
        self.mode = args[0]
        if proxy is not None:
            argv = proxy.command(argv, name)
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout

    def ask(self, line: str | None = None) -> str:
        """Send `line` (if any), then the child's next line."""
        if line is not None:
            self.stdin.write(line + "\n")
            self.stdin.flush()
        answer = self.stdout.readline()
        if not answer:
            raise RuntimeError(f"bench hub: the {self.mode} process ended "
                               f"(exit {self.proc.wait(30)})")
        return answer.strip()

    def close(self) -> None:
        if not self.stdin.closed:
            self.stdin.close()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def measure(url: str, rules: str, *, tables: int, rate: float, seconds: float, flood: int,
            proxy: PiProxy | None = None) -> dict[str, object]:
    """One hub of `rules` ("club" or a classic ruleset) for `tables` tables: the flood, then
    the steady pace; the keys of docs/benchmarks.md."""
    with tempfile.TemporaryDirectory(prefix="mafiakit-bench-hub-") as tmp:
        db = Path(tmp) / "hub.sqlite"
        hub = _Child("hub", url, rules, str(tables), str(db), proxy=proxy,
                     name="hub (HubService)")
        raw = child = None
        try:
            hub.ask()  # ready
            raw = _Child("raw", url, rules)
            raw.ask()  # ready
            child = _Child("tables", url, rules, str(tables), str(rate), str(seconds),
                           str(flood))
            child.ask()  # ready
            print(f"bench hub: {rules}: flood of {tables} x {flood} events", file=sys.stderr)
            since = datetime.now(UTC).isoformat()
            child.ask("go")  # flooded
            _wait_stored(db, tables * flood)
            raw_rate = float(raw.ask("rate?").split()[1])
            flood_count, hub_rate, _ = _stored_rate(db, since)
            print(f"bench hub: {rules}: {tables} tables at {rate:g}/s for {seconds:g} s",
                  file=sys.stderr)
            since = datetime.now(UTC).isoformat()
            child.ask("go")  # done
            expected = tables * flood + int(tables * rate * seconds * 0.9)
            _wait_stored(db, expected, guard=30)
            steady_count, steady_rate, lags = _stored_rate(db, since)
            rss = float(hub.ask("stop"))
        finally:
            for side in (child, raw, hub):
                if side is not None:
                    side.close()
    lag_p99 = round(_pct(lags, 0.99), 1)
    out: dict[str, object] = {
        "tables": tables,
        "events_per_s": round(hub_rate, 1),
        "raw_events_per_s": round(raw_rate, 1),
        "flood_events": flood_count,
        "flood_dropped_by_broker": tables * flood - flood_count,
        "steady_rate_per_table": rate,
        "steady_events": steady_count,
        "steady_events_per_s": round(steady_rate, 1),
        "lag_p50_ms": round(_pct(lags, 0.5), 1),
        "lag_p99_ms": lag_p99,
        "rss_mb": rss,
        "target_met": round(hub_rate, 1) >= 0.5 * round(raw_rate, 1) and lag_p99 < 1000,
    }
    if proxy is not None:
        out["pi_target_lag_p99_ms"] = PI_TARGET_LAG_P99_MS
        out["pi_target_met"] = lag_p99 < PI_TARGET_LAG_P99_MS
    return out


def run(args: argparse.Namespace) -> dict[str, object]:
    """A classic hub, then a club night's, each for `--tables` tables (500, 100 with
    --quick, 30 with --pi-proxy) at `--rate` events/s per table (2)."""
    quick = getattr(args, "quick", False)
    proxy: PiProxy | None = getattr(args, "proxy", None)
    tables = getattr(args, "tables", None) or (PI_TABLES if proxy else 100 if quick else 500)
    rate = getattr(args, "rate", None) or 2.0
    seconds, flood = (5.0, 5) if quick else (15.0, 10)
    with broker_url(args.broker) as url:
        out = measure(url, "cml", tables=tables, rate=rate, seconds=seconds, flood=flood,
                      proxy=proxy)
        out["club"] = measure(url, "club", tables=tables, rate=rate, seconds=seconds,
                              flood=flood, proxy=proxy)
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
        count_raw(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "hub":
        serve(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    else:
        publish(sys.argv[2], sys.argv[3], tables=int(sys.argv[4]), rate=float(sys.argv[5]),
                seconds=float(sys.argv[6]), flood=int(sys.argv[7]))
