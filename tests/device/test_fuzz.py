"""The property test of issue 9: garbage, oversized fields and valid commands, through `cmd`
and the console, into a real table (a `mafiakit table` process) on a real broker with the
production ACL, restarted (cleanly or by SIGKILL) at random points.

After every restart: the table starts where its journal stands; the journal holds exactly
the inputs that were answered "accepted" (plus, after a SIGKILL, at most the one line that was
in flight); every line of every game in the journal replays through the game-log reader;
and no screen account ever received a role while the game was not decided.

10,000 inputs by default (a couple of minutes on two cores). The release run is longer:
    MAFIAKIT_FUZZ_INPUTS=200000 MAFIAKIT_FUZZ_SEED=7 pytest tests/device/test_fuzz.py
(docs/security.md). A failure prints the seed to repeat it.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bus.broker import MosquittoProcess
from bus.client import MAX_PACKET_BYTES, Received
from bus.payloads import MAX_PAYLOAD_BYTES, Reply, Snapshot, decode
from bus.testing import (
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    GUARD_S,
    connected_client,
    raw_publish,
)
from bus.topics import command_topic, parse, table_topic
from device.table.journal import Journal
from engine.actions import Undo
from engine.classic.game import Game
from engine.classic.log import action_to_dict, parse_action
from engine.classic.playout import Mix, next_action
from engine.classic.replay import replay

INPUTS = int(os.environ.get("MAFIAKIT_FUZZ_INPUTS", "10000"))
SEED = int(os.environ.get("MAFIAKIT_FUZZ_SEED", "20261130"))
RESTART_CHANCE = 0.015  # per round of about 18 inputs: a restart every ~1,200 inputs
T, N = ACL_TOURNAMENT, ACL_TABLE
MIX = Mix(foul=0.05, undo=0.0, disqualify=0.005)
NASTY = ["\u0000", "\u202e", "\u200f", "\u2066", "\n", "\t", "\u00a0", "\u0301" * 5,
         "\ud800", "x" * 41, "🂡", "Анна", "דוד", "\\", '"', "{", "]"]
SCREEN_KINDS = {"scoreboard": {"public", "status", "heartbeat", "protocol"},
                "venue": {"public", "audience", "status", "heartbeat", "protocol"}}


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: any type, sometimes huge, sometimes deep, sometimes nasty."""
    pick = rng.random()
    if pick < 0.15:
        return rng.choice([None, True, False, 0, -1, 11, 2**70, 1.5, float("1e308")])
    if pick < 0.35:
        return "".join(rng.choice(NASTY) for _ in range(rng.randint(0, 6)))
    if pick < 0.45:
        return "r" * rng.choice([41, 201, 5000, 20_000, 60_000])
    if pick < 0.55 and depth < 3:
        return {rng.choice(["action", "seat", "reason", "t", "x", "names", "header"]):
                junk(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    if pick < 0.65 and depth < 3:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if pick < 0.70:
        return json.loads("[" * 40 + "]" * 40)
    return rng.randint(-3, 12)


def deep(n: int) -> str:
    return "[" * n + "]" * n


ROLE_WORDS = (b'"sheriff"', b'"don"', b'"mafia"', b'"citizen"')


@dataclass
class Mirror:
    """What the table must hold: a local game fed exactly the accepted inputs."""

    game_id: str
    game: Game = field(default_factory=lambda: Game("cml"))
    lines: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def accept_line(self, line: dict[str, Any]) -> None:
        action = parse_action(line)  # the table accepted it: so must the engine
        if isinstance(action, Undo):
            self.game.pop()
        else:
            self.game.push(action)
        self.lines.setdefault(self.game_id, []).append(
            {k: v for k, v in line.items() if k != "t"})

    def accept_game(self, game_id: str, rules: str) -> None:
        self.game_id, self.game = game_id, Game(rules)
        self.lines[game_id] = []


class Table:
    """`mafiakit table --stdin` as a process, logged in as its own broker account."""

    def __init__(self, journal: Path, url: str) -> None:
        env = {**os.environ, "MAFIAKIT_TOURNAMENT": T, "MAFIAKIT_TABLE": N}
        self.log = journal.with_suffix(".log")
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "mafiakit.cli", "table", "--journal", str(journal),
                 "--broker", url, "--stdin"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=log, env=env)
        ready = self.readline().split(" ")
        assert ready[0] == "ready", ready  # it starts, whatever the journal holds
        self.game_id, self.seq = ready[1], int(ready[2])

    def readline(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().decode("utf-8", "replace").rstrip("\n")

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data.rstrip(b"\n").replace(b"\n", b" ") + b"\n")
        self.proc.stdin.flush()

    def stop(self, kill: bool) -> None:
        assert self.proc.stdin is not None
        if kill:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(60)
            return
        self.proc.stdin.close()
        assert self.proc.wait(60) == 0


class Fuzz:
    def __init__(self, broker: MosquittoProcess, tmp_path: Path) -> None:
        self.rng = random.Random(SEED)
        self.broker = broker
        self.journal = tmp_path / "table.sqlite"
        self.url = broker.config(ACL_TABLE_USER).url(with_password=True)
        self.hub = connected_client(broker.config("hub"), "hub", table_topic(T, N, "reply"))
        self.screens = {user: connected_client(broker.config(user), user, "mafia/v1/#")
                        for user in SCREEN_KINDS}
        self.table = Table(self.journal, self.url)
        # a table opens no game of its own at start (the hub's, or its first line, does):
        # the fuzz plays against one opened as the hub would, with an id the mirror knows
        assert self.table.game_id == "-"
        self.table.write(json.dumps({"command": "new_game", "game_id": "game-0", "header": {
            "format": "mafia-game-log", "version": 1, "rules": "cml"}}).encode())
        assert self.table.readline() == "ok 0"
        self.mirror = Mirror("game-0")
        self.mirror.lines["game-0"] = []
        self.sent = 0
        self.counter = 0
        self.retained: list[str] = []
        self.wait_online()

    def wait_online(self) -> None:
        """Ping until answered: the table subscribes a moment after it prints "ready"."""
        for _ in range(int(GUARD_S)):
            ping = self.rid()
            self.hub.publish(command_topic(T, N, "ping"), json.dumps(
                {"schema_version": 1, "name": "ping", "request_id": ping}).encode(),
                qos=1, retain=False)
            try:
                while True:
                    item = self.hub.inbox.get(timeout=1)
                    if isinstance(item, Received) and json.loads(item.payload).get(
                            "request_id") == ping:
                        return
            except queue.Empty:
                continue
        raise AssertionError("the table never answered a ping")

    # -- inputs -------------------------------------------------------------------------

    def rid(self) -> str:
        self.counter += 1
        return f"f{self.counter}"

    def valid_line(self) -> dict[str, Any] | None:
        action = next_action(self.mirror.game, self.rng, MIX)
        if action is None:
            return None
        if self.mirror.game.actions and self.rng.random() < 0.05:
            return {"action": "undo"}
        return action_to_dict(action)

    def new_game_args(self) -> dict[str, Any]:
        self.counter += 1
        return {"header": {"format": "mafia-game-log", "version": 1,
                           "rules": self.rng.choice(["cml", "fiim"])},
                "game_id": f"game-{self.counter}"}

    def garbage_command(self) -> tuple[str, bytes]:
        """A command as a buggy hub or a bored player would send it."""
        rng = self.rng
        name = rng.choice(["action", "undo", "new_game", "roster", "ping", "rebirth"])
        base: dict[str, Any] = {"schema_version": 1, "name": name, "request_id": self.rid(),
                                "args": {}}
        pick = rng.random()
        if pick < 0.1:
            return name, rng.randbytes(rng.randint(0, 300))
        if pick < 0.2:
            return name, json.dumps(junk(rng)).encode()
        if pick < 0.25:
            return name, (b'{"schema_version": 1, "name": "' + name.encode()
                          + b'", "request_id": "' + base["request_id"].encode()
                          + b'", "args": ' + deep(rng.choice([50, 3000])).encode() + b"}")
        if name == "action":
            line = self.valid_line() or {"action": "day"}
            key = rng.choice([*line, "reason", "t", "seat", "x"])
            line[key] = junk(rng)
            base["args"] = {"action": line}
        elif name == "new_game":
            args = self.new_game_args()
            field_ = rng.choice(["header", "game_id", "players", "rules"])
            if field_ in ("players", "rules"):
                args["header"][field_] = junk(rng) if field_ == "rules" else [
                    junk(rng) for _ in range(10)]
            else:
                args[field_] = junk(rng)
            base["args"] = args
        elif name == "roster":
            names = [f"P{i}" for i in range(1, 11)]
            names[rng.randrange(10)] = junk(rng)
            base["args"] = {"names": names}
        else:
            base["args"] = {"x": junk(rng)} if rng.random() < 0.5 else {}
        for _ in range(rng.choice([0, 0, 1])):  # and the envelope itself
            base[rng.choice(["schema_version", "name", "request_id", "extra"])] = junk(rng)
        return name, json.dumps(base).encode()

    def garbage_console(self) -> bytes:
        rng = self.rng
        pick = rng.random()
        if pick < 0.1:
            return rng.randbytes(rng.randint(1, 200)).replace(b"\n", b" ")
        if pick < 0.2:
            return deep(rng.choice([100, 5000])).encode()
        if pick < 0.3:
            return json.dumps(junk(rng)).encode()
        if pick < 0.5:
            return json.dumps({"command": rng.choice(["roster", "new_game", "x", 5]),
                               "names": junk(rng), "header": junk(rng)}).encode()
        line = self.valid_line() or {"action": "day"}
        line[rng.choice([*line, "reason", "t", "seat"])] = junk(rng)
        return json.dumps(line).encode()

    # -- rounds ---------------------------------------------------------------------------

    def mqtt_round(self) -> None:
        """A few commands (garbage, then one valid one), then a ping: every reply read."""
        sent: dict[str, tuple[str, dict[str, Any]]] = {}
        for _ in range(self.rng.randint(4, 30)):
            name, raw = self.garbage_command()
            try:
                data = json.loads(raw)
                rid = data.get("request_id") if isinstance(data, dict) else None
                args = data.get("args") if isinstance(data, dict) else None
            except (ValueError, RecursionError):
                rid, args = None, None
            if isinstance(rid, str) and isinstance(args, dict):
                sent[rid] = (name, args)
            if len(raw) + 1000 > MAX_PACKET_BYTES:
                continue  # the broker itself drops such a sender: the table never sees it
            if len(raw) > MAX_PAYLOAD_BYTES or self.rng.random() < 0.01:
                retain = self.rng.random() < 0.5 and len(raw) <= MAX_PAYLOAD_BYTES
                if retain:
                    self.retained.append(command_topic(T, N, name))
                raw_publish(self.broker.config("hub"), [(command_topic(T, N, name), raw,
                                                         retain)])
            else:
                self.hub.publish(command_topic(T, N, name), raw, qos=1, retain=False)
            self.sent += 1
        valid = self.valid_line()
        rid = self.rid()
        if valid is None:
            name, args = "new_game", self.new_game_args()
        elif valid["action"] == "undo" and self.rng.random() < 0.5:
            name, args = "undo", {}
        else:
            name, args = "action", {"action": valid}
        self.hub.publish(command_topic(T, N, name), json.dumps(
            {"schema_version": 1, "name": name, "request_id": rid, "args": args}).encode(),
            qos=1, retain=False)
        sent[rid] = (name, args)
        self.sent += 1
        ping = self.rid()
        self.hub.publish(command_topic(T, N, "ping"), json.dumps(
            {"schema_version": 1, "name": "ping", "request_id": ping}).encode(), qos=1,
            retain=False)
        answered: set[str] = set()
        while True:
            try:
                item = self.hub.inbox.get(timeout=GUARD_S)
            except queue.Empty:
                raise AssertionError(
                    f"no answer to ping {ping}; table alive: {self.table.proc.poll() is None}; "
                    f"hub connected: {self.hub.connected}\n{self.broker.log_tail(10)}\n"
                    + "\n".join(self.table.log.read_text().splitlines()[-5:])) from None
            if not isinstance(item, Received) or not item.topic.endswith("/reply"):
                continue
            reply = decode("reply", item.payload)  # every reply is a valid one, in words
            assert isinstance(reply, Reply)
            if reply.request_id == ping:
                break
            if reply.request_id in answered or reply.request_id not in sent:
                continue  # a retained leftover answered again at a restart
            answered.add(reply.request_id)
            if not reply.ok:
                assert reply.error and "http" not in reply.error, reply
                continue
            cmd, cargs = sent[reply.request_id]
            if cmd == "action":
                self.mirror.accept_line(cargs["action"])
            elif cmd == "undo":
                self.mirror.accept_line({"action": "undo"})
            elif cmd == "new_game":
                assert reply.result is not None
                self.mirror.accept_game(str(reply.result["game_id"]), cargs["header"]["rules"])

    def console_round(self) -> None:
        lines: list[tuple[bytes, dict[str, Any] | None]] = [
            (self.garbage_console(), None) for _ in range(self.rng.randint(4, 30))]
        valid = self.valid_line()
        if valid is None:
            args = self.new_game_args()
            lines.append((json.dumps({"command": "new_game", **args}).encode(),
                          {"new_game": args}))
        else:
            lines.append((json.dumps(valid).encode(), valid))
        for data, _ in lines:
            self.table.write(data)
        for data, meaning in lines:
            answer = self.table.readline()
            assert answer.startswith(("ok ", "error: ")), (data[:200], answer)
            assert "Traceback" not in answer and "http" not in answer
            self.sent += 1
            if not answer.startswith("ok"):
                continue
            if meaning is None:  # garbage that happened to be a valid action
                decoded = json.loads(data)
                assert isinstance(decoded, dict) and "command" not in decoded, data[:200]
                self.mirror.accept_line(decoded)
            elif "new_game" in meaning:
                args = meaning["new_game"]
                self.mirror.accept_game(args["game_id"], args["header"]["rules"])
            else:
                self.mirror.accept_line(meaning)

    def restart(self) -> None:
        kill = self.rng.random() < 0.6
        in_flight = self.valid_line() if kill and self.rng.random() < 0.5 else None
        if in_flight is not None:
            self.table.write(json.dumps(in_flight).encode())
        self.table.stop(kill)
        self.check_journal(in_flight)
        self.table = Table(self.journal, self.url)
        current = self.mirror.lines[self.mirror.game_id]
        assert (self.table.game_id, self.table.seq) == (self.mirror.game_id, len(current))
        self.wait_online()

    # -- invariants -------------------------------------------------------------------------

    def check_journal(self, in_flight: dict[str, Any] | None) -> None:
        """journal == accepted (+ the one line in flight at a kill); every line replays."""
        journal = Journal(self.journal)
        try:
            games = {g["game_id"]: journal.load(g["game_id"]) for g in journal.archive()}
        finally:
            journal.close()
        expected = self.mirror.lines
        current = games[self.mirror.game_id]
        assert current is not None
        held = [{k: v for k, v in line.items() if k != "t"} for line in current.lines]
        if in_flight is not None and len(held) == len(expected[self.mirror.game_id]) + 1:
            assert held[-1] == in_flight
            self.mirror.accept_line(in_flight)  # journaled before the kill: it happened
        for game_id, saved in games.items():
            assert saved is not None
            lines = [{k: v for k, v in line.items() if k != "t"} for line in saved.lines]
            assert lines == expected.get(game_id, []), game_id
            replay([json.dumps(saved.header), *(json.dumps(line) for line in saved.lines)])
        assert set(games) == set(expected)

    def check_screens(self) -> None:
        """No screen account ever received a role while the game was not decided."""
        for user, client in self.screens.items():
            while not client.inbox.empty():
                item = client.inbox.get_nowait()
                if not isinstance(item, Received):
                    continue
                ref = parse(item.topic)
                assert ref.kind in SCREEN_KINDS[user], (user, item.topic)
                if ref.kind in ("public", "audience") and item.payload:
                    # The screen classes' types have no field for a role, a shot or a check
                    # (decode refuses one); and no role word hides anywhere else either.
                    snap = decode(ref.kind, item.payload)
                    assert isinstance(snap, Snapshot)
                    assert not any(word in item.payload for word in ROLE_WORDS), item.payload
                if ref.kind == "protocol" and item.payload:  # only a decided game's reveal
                    assert json.loads(item.payload)["result"]["winner"] is not None

    def close(self) -> None:
        self.table.stop(kill=False)
        self.check_journal(None)
        self.check_screens()
        for topic in self.retained:
            raw_publish(self.broker.config("hub"), [(topic, b"", True)])
        for client in (self.hub, *self.screens.values()):
            client.close()


@pytest.mark.slow
def test_no_input_wedges_the_table_leaks_a_role_or_is_applied_twice(
    private_acl_broker: MosquittoProcess, tmp_path: Path
) -> None:
    fuzz = Fuzz(private_acl_broker, tmp_path)
    restarts = 0
    try:
        while fuzz.sent < INPUTS:
            (fuzz.mqtt_round if fuzz.rng.random() < 0.5 else fuzz.console_round)()
            if fuzz.rng.random() < RESTART_CHANCE:
                fuzz.restart()
                fuzz.check_screens()
                restarts += 1
    except BaseException:
        print(f"fuzz failed: MAFIAKIT_FUZZ_SEED={SEED} after {fuzz.sent} inputs")
        raise
    fuzz.close()
    assert restarts >= 3 and fuzz.sent >= INPUTS
    played = sum(len(lines) for lines in fuzz.mirror.lines.values())
    assert played > INPUTS // 50  # valid play went on between the garbage
