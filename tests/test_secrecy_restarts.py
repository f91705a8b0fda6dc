"""No role of a running game reaches a low-privilege account, whatever is killed (issue 24).

The property test of issue 24's "Done when": a real broker (the kit's ACL, no persistence,
as in production), a real hub process and a real table process (`mafiakit table --stdin`,
fed by the judge: this test) play random games one after another; at random points the
table, the hub or the broker is killed (SIGKILL) and started again, the table sometimes with
a judge's line in flight, and in many games the judge undoes the game's end and enters it
again. Every low-privilege account (the screens' `scoreboard` and `venue`, the `player`
account, the table's overlay account, the shared and a personal head judge's) is
subscribed to `#` all along, reconnecting by itself through every broker restart, and once
more at the end: every message each one receives, live or retained, is kept with the moment
it came.

What must never happen:
- a role, a check, a shot or a result of a game reaches any of them before that game is
  decided (its deciding line sent), on any topic, live or retained;
- after an undo of the end, the game's reveal still reaches them once the publisher of that
  topic (the table for the table's topics; the table and the hub for the hub's) has been up
  and linked to the broker for `GRACE_S` since the undo (a killed table cannot clear what it
  never got to clear; a killed hub cannot withdraw its pages while it is down: docs/security.md
  "What is left");
- a standings row counts more games than were decided (the same grace after an undo);
- any of them receives a judge snapshot, an event, a command, a reply or the delayed stream;
  a public or audience snapshot carries a role, a result, a shot or a check at all.

The check can fail: the test asserts that the accounts did receive reveals of decided games
(protocols and the hub's pages) and that undos of the end and kills of each part happened.
Journals and the hub's store are on tmpfs when there is one: the property is secrecy, not
durability (tests/device/test_crash.py kills the table on disk).

`MAFIAKIT_SECRECY_GAMES` (default 200) and `MAFIAKIT_SECRECY_SEED` change the run; a failure
prints the seed and the first leaks.
"""

from __future__ import annotations

import bisect
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bus.broker import MosquittoProcess
from bus.client import BusClient, BusItem, Received
from bus.testing import (
    ACL_OVERLAY_USER,
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    GUARD_S,
    acl_broker,
    retained_now,
)
from bus.topics import hub_topic, table_topic
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from engine.variant import open_game

GAMES = int(os.environ.get("MAFIAKIT_SECRECY_GAMES", "200"))
SEED = int(os.environ.get("MAFIAKIT_SECRECY_SEED", "24"))
GRACE_S = 5.0  # a publisher up and linked this long after an undo has cleared its reveal
KILLS = 0.2  # the share of games with a kill at a random line (half of the table's in flight)
END_UNDOS = 0.3  # the share of games whose end the judge undoes and enters again
LOOKS = 0.15  # the share of those after which new screens connect once the grace is over
HEARTBEAT_S = 0.5
WATCHERS = ("scoreboard", "venue", "player", ACL_OVERLAY_USER, "head-judge", "head-judge-anna")
NEVER = {"judge", "events", "cmd", "reply", "stream"}  # table topics none of them may read
SECRET_KEYS = ("roles", "nights", "best_move", "night_steps", "shots", "don_check",
               "sheriff_check", "guess", "winner", "termination", "reveal")
PLAYERS = [f"P{n:02d}" for n in range(1, 11)]
BASE = table_topic(ACL_TOURNAMENT, ACL_TABLE, "status").rsplit("/", 1)[0]
HUB_BASE = hub_topic(ACL_TOURNAMENT, "status").rsplit("/", 1)[0]


# -- what the accounts receive ------------------------------------------------------------------

@dataclass(frozen=True)
class Seen:
    account: str
    at: float
    topic: str
    payload: bytes
    retain: bool


class Recorder:
    """A BusClient's sink: every message of one account, stamped when it came."""

    def __init__(self, account: str, into: list[Seen]) -> None:
        self.account, self.into = account, into

    def put(self, item: BusItem, /) -> None:
        if isinstance(item, Received):
            self.into.append(Seen(self.account, time.monotonic(), item.topic, item.payload,
                                  item.retain))


# -- the parts, killed and started again --------------------------------------------------------

class Part:
    """A process of the kit started with `argv`, killed with SIGKILL; `ups` are the moments it
    was (re)started and ready, `downs` those it was killed."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str]) -> None:
        self.name, self.argv, self.env = name, argv, env
        self.proc: subprocess.Popen[str] | None = None
        self.ups: list[float] = []
        self.downs: list[float] = []

    def start(self) -> subprocess.Popen[str]:
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True,
                                     env={**os.environ, **self.env})
        return self.proc

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self.downs.append(time.monotonic())

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.terminate()
            self.proc.wait(30)


class Table(Part):
    """`mafiakit table --stdin` on the journal; the broker URL (with its password) comes
    from the environment, never the command line."""

    def start(self) -> subprocess.Popen[str]:
        proc = super().start()
        assert proc.stdout is not None
        ready = proc.stdout.readline().split()
        assert ready and ready[0] == "ready", ready
        self.ready_lines = int(ready[2])
        self.ready_game = ready[1]
        self.ups.append(time.monotonic())
        return proc

    def say(self, line: dict[str, Any]) -> str:
        assert self.proc is not None and self.proc.stdin is not None
        assert self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline()

    def say_and_die(self, line: dict[str, Any], rng: random.Random) -> None:
        """The judge's line goes in, and the table is killed while it may be in flight."""
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        time.sleep(rng.uniform(0, 0.004))
        self.kill()


# -- the games, as the judge knows them -----------------------------------------------------------

@dataclass
class GameRecord:
    """One game: the lines the journal holds and when it was decided or not (`flips`)."""

    game_id: str
    head: dict[str, Any]
    lines: list[dict[str, Any]] = field(default_factory=list)
    flips: list[tuple[float, bool]] = field(default_factory=list)  # (moment, decided now)

    def __post_init__(self) -> None:
        self.replica = open_game(self.head)

    @property
    def decided(self) -> bool:
        return self.replica.state.finished

    def took(self, line: dict[str, Any], sent: float, answered: float) -> None:
        """The journal took `line`: the replica follows; a decision counts from the moment
        it was sent (the table may reveal it before its answer comes back), an undo of the
        end from the moment the table said it was done."""
        was = self.decided
        self.replica.play_line(line)
        self.lines.append(line)
        if self.decided != was:
            self.flips.append((sent if self.decided else answered, self.decided))

    def state_at(self, t: float) -> tuple[bool, float | None, bool]:
        """(decided at t, since when it is undecided, whether it was decided before that)."""
        times = [f[0] for f in self.flips]
        i = bisect.bisect_right(times, t)
        if i == 0:
            return False, None, False
        at, decided = self.flips[i - 1]
        return decided, (None if decided else at), any(d for _, d in self.flips[:i - 1])


class Judge:
    """The test's judge at the console of the table process."""

    def __init__(self, table: Table, rng: random.Random) -> None:
        self.table, self.rng = table, rng
        self.games: dict[str, GameRecord] = {}
        self.current: GameRecord | None = None
        self.entering, self.entered = 0.0, 0  # time spent on the judge's lines, and how many

    def open(self, number: int) -> None:
        game_id = f"r{number}-t{ACL_TABLE}"
        seats: list[Any] = PLAYERS[number % 10:] + PLAYERS[:number % 10]
        head = header("cml", tournament=ACL_TOURNAMENT, table=ACL_TABLE, game=number,
                      players=seats)
        answer = self.table.say({"command": "new_game", "header": head, "game_id": game_id})
        assert answer.startswith("ok"), answer
        self.current = self.games[game_id] = GameRecord(game_id, head)
        self.current.flips.append((time.monotonic(), False))

    def enter(self, line: dict[str, Any]) -> None:
        assert self.current is not None
        sent = time.monotonic()
        answer = self.table.say(line)
        assert answer.startswith("ok"), (line, answer)
        done = time.monotonic()
        self.current.took(line, sent, done)
        self.entering += done - sent
        self.entered += 1

    def enter_while_killed(self, line: dict[str, Any]) -> None:
        """Kill the table with `line` in flight, start it again, and learn from its journal
        whether the line was taken."""
        assert self.current is not None
        sent = time.monotonic()
        self.table.say_and_die(line, self.rng)
        self.table.start()
        assert self.table.ready_game == self.current.game_id
        held = self.table.ready_lines
        assert held in (len(self.current.lines), len(self.current.lines) + 1), held
        if held > len(self.current.lines):
            self.current.took(line, sent, self.table.ups[-1])
        else:
            self.enter(line)


# -- what counts as a leak ----------------------------------------------------------------------

def dicts(payload: bytes) -> Iterator[dict[str, Any]]:
    """Every JSON object in a message, at any depth (nothing for an empty or bad payload)."""
    try:
        todo: list[Any] = [json.loads(payload)] if payload else []
    except ValueError:
        return
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            yield value
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)


REVEALING = ("roles", "reveal", "winner", "termination", "table_winner")


def revealed(topic: str, payload: bytes) -> set[str]:
    """The game ids whose roles or result a message carries: the table's protocol, or any
    object of a hub page that names a game with its roles or result."""
    if topic == table_topic(ACL_TOURNAMENT, ACL_TABLE, "protocol"):
        return {str(d.get("game_id")) for d in dicts(payload) if "reveal" in d}
    return {d["game_id"] for d in dicts(payload)
            if isinstance(d.get("game_id"), str) and any(d.get(k) for k in REVEALING)}


def standings_games(payload: bytes) -> int:
    """The most games any standings row of a hub page counts (0: none)."""
    return max((d["games"] for d in dicts(payload)
                if "player" in d and isinstance(d.get("games"), int)), default=0)


@dataclass
class Referee:
    """When each part was up: the grace after an undo counts from the latest of the undo and
    the (re)starts of the parts that publish the topic."""

    table: Table
    hub: Part
    broker_ups: list[float]
    broker_downs: list[float]

    @staticmethod
    def _up_after(ups: Sequence[float], downs: Sequence[float], since: float,
                  t: float) -> float:
        """From when, at or after `since`, the part was up without a break until `t` (inf:
        it was down at `t`)."""
        last_down = max((d for d in downs if d <= t), default=float("-inf"))
        last_up = max((u for u in ups if u <= t), default=None)
        if last_up is None or last_up < last_down:
            return float("inf")
        return max(since, last_up)

    def reference(self, since: float, t: float, hub_topic_: bool) -> float:
        ref = max(since, self._up_after(self.broker_ups, self.broker_downs, since, t),
                  self._up_after(self.table.ups, self.table.downs, since, t))
        if hub_topic_:
            ref = max(ref, self._up_after(self.hub.ups, self.hub.downs, since, t))
        return ref


def leaks(seen: list[Seen], games: dict[str, GameRecord], referee: Referee) -> list[str]:
    out: list[str] = []
    for m in seen:
        kind = m.topic.rsplit("/", 1)[-1]
        on_table = m.topic.startswith(BASE + "/")
        if on_table and (kind in NEVER or "/cmd/" in m.topic):
            out.append(f"{m.account} received {m.topic}")
            continue
        if on_table and kind in ("public", "audience", "status", "heartbeat") and m.payload:
            text = m.payload.decode("utf-8", "replace")
            bad = [k for k in SECRET_KEYS if f'"{k}"' in text]
            if bad:
                out.append(f"{m.account}: {m.topic} carries {bad}")
            continue
        for game_id in revealed(m.topic, m.payload):
            game = games.get(game_id)
            if game is None:
                continue
            decided, since, was_decided = game.state_at(m.at)
            if decided:
                continue
            if since is None or not was_decided:
                out.append(f"{m.account} got {game_id}'s reveal before its decision on "
                           f"{m.topic} (retained: {m.retain})")
            elif m.at > referee.reference(since, m.at, not on_table) + GRACE_S:
                out.append(f"{m.account} got {game_id}'s reveal {m.at - since:.1f} s after an "
                           f"undo of its end on {m.topic} (retained: {m.retain})")
        if not on_table:
            counted = standings_games(m.payload)
            allowed = 0
            for game in games.values():
                decided, since, was_decided = game.state_at(m.at)
                if decided or (was_decided and since is not None and m.at <= referee.reference(
                        since, m.at, True) + GRACE_S):
                    allowed += 1
            if counted > allowed:
                out.append(f"{m.account}: {m.topic} counts {counted} games, {allowed} decided")
    return out


def fresh(broker: MosquittoProcess, accounts: Sequence[str]) -> list[Seen]:
    """What each account gets when it subscribes now (retained, and live meanwhile)."""
    out: list[Seen] = []
    for account in accounts:
        player = account == "player"
        got = retained_now(
            broker.config(account), f"late-{account}",
            broker.config("hub" if player else ACL_TABLE_USER),
            hub_topic(ACL_TOURNAMENT, "public/marker") if player
            else table_topic(ACL_TOURNAMENT, ACL_TABLE, "heartbeat"))
        now = time.monotonic()
        out += [Seen(account, now, m.topic, m.payload, m.retain) for m in got]
    return out


# -- the run ------------------------------------------------------------------------------------

@pytest.fixture
def workdir() -> Iterator[Path]:
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(prefix="mafiakit-secrecy-",
                                     dir=shm if shm.is_dir() else None) as path:
        yield Path(path)


@pytest.mark.slow
def test_no_low_privilege_account_learns_a_running_game_through_kills(workdir: Path) -> None:
    rng = random.Random(SEED)
    seen: list[Seen] = []
    broker = acl_broker()
    broker_ups: list[float] = []
    broker_downs: list[float] = []
    broker.start()
    broker_ups.append(time.monotonic())
    hub_conf = workdir / "hub.toml"
    hub_conf.write_text(
        f'tournament = "{ACL_TOURNAMENT}"\ntables = ["{ACL_TABLE}"]\n'
        f'database = "{workdir / "hub.sqlite"}"\nheartbeat_s = {HEARTBEAT_S}\n'
        'resend_s = 0.5\nrebirth_every_s = 1.0\naggregate_s = 0.2\n'
        f'[broker]\nurl = "{broker.config("hub").url(with_password=True)}"\n',
        encoding="utf-8")
    hub = Part("hub", [sys.executable, "-m", "mafiakit.cli", "hub", "--config", str(hub_conf)],
               {})
    table = Table("table", [sys.executable, "-m", "mafiakit.cli", "table", "--journal",
                            str(workdir / "table.sqlite"), "--stdin"],
                  {"MAFIAKIT_TOURNAMENT": ACL_TOURNAMENT, "MAFIAKIT_TABLE": ACL_TABLE,
                   "MAFIAKIT_HEARTBEAT_S": str(HEARTBEAT_S),
                   "MAFIAKIT_BROKER__URL": broker.config(ACL_TABLE_USER).url(
                       with_password=True)})
    watchers = []
    for account in WATCHERS:
        client = BusClient(broker.config(account), name=f"watch-{account}",
                           inbox=Recorder(account, seen))
        client.subscribe("#")
        watchers.append(client.start())
    assert all(w.wait_ready(GUARD_S) for w in watchers)
    hub.start()
    hub.ups.append(time.monotonic())
    table.start()
    judge = Judge(table, rng)
    kills = {"table": 0, "hub": 0, "broker": 0}
    end_undos = looks = 0
    started = time.monotonic()

    def kill_one() -> None:
        part = rng.choice(("table", "hub", "broker"))
        kills[part] += 1
        if part == "hub":
            hub.kill()
            time.sleep(rng.uniform(0, 0.5))
            hub.start()
            hub.ups.append(time.monotonic())
        elif part == "broker":
            broker.kill()
            broker_downs.append(time.monotonic())
            time.sleep(rng.uniform(0, 0.5))
            broker.start()
            broker_ups.append(time.monotonic())
        else:
            table.kill()
            table.start()

    try:
        for number in range(1, GAMES + 1):
            judge.open(number)
            game = judge.current
            assert game is not None
            playout = random_game("cml", SEED * 1000 + number, Mix(undo=0.02))
            lines = [action_to_dict(a) for a in playout.entered]
            kill_at = rng.randrange(len(lines)) if rng.random() < KILLS else -1
            undo_end = rng.random() < END_UNDOS
            for index, line in enumerate(lines):
                if index == kill_at and rng.random() < 0.5:
                    kills["table"] += 1
                    judge.enter_while_killed(line)
                else:
                    if index == kill_at:
                        kill_one()
                    judge.enter(line)
                if undo_end and game.decided:
                    undo_end = False
                    end_undos += 1
                    time.sleep(rng.uniform(0, 0.6))  # the reveal went out; the hub may count it
                    before = game.replica.lines()
                    while game.decided:
                        judge.enter({"action": "undo"})
                    if rng.random() < 0.5:
                        kill_one()
                    if rng.random() < LOOKS:  # long enough: what a screen connecting now gets
                        time.sleep(GRACE_S + rng.uniform(0.5, 1.5))
                        seen.extend(fresh(broker, rng.sample(WATCHERS, 3)))
                        looks += 1
                    else:
                        time.sleep(rng.uniform(0, 0.5))
                    for taken in before[len(game.replica.actions):]:
                        judge.enter(dict(taken))
            assert game.decided, f"game {number} did not end"
        time.sleep(GRACE_S)
        seen.extend(fresh(broker, WATCHERS))
    finally:
        for w in watchers:
            w.close()
        table.stop()
        hub.stop()
        broker.close()
    referee = Referee(table, hub, broker_ups, broker_downs)
    found = leaks(seen, judge.games, referee)
    print(f"\n{GAMES} games (seed {SEED}) in {time.monotonic() - started:.0f} s "
          f"({judge.entered} lines, {judge.entering:.0f} s on them): {len(seen)} messages to "
          f"{len(WATCHERS)} accounts, kills {kills}, undos of the end {end_undos} ({looks} "
          f"looked at by new screens after the grace), leaks {len(found)}")
    assert not found, f"seed {SEED}: " + "\n".join(found[:20])
    # the check could fail: reveals of decided games did reach the accounts, on both sides
    protocol = table_topic(ACL_TOURNAMENT, ACL_TABLE, "protocol")
    assert any(revealed(m.topic, m.payload) for m in seen if m.topic == protocol)
    assert any(revealed(m.topic, m.payload) for m in seen
               if m.account == "player" and m.topic.startswith(HUB_BASE))
    assert end_undos > GAMES // 6 and looks > 0 and min(kills.values()) > 0, (
        end_undos, looks, kills)
