"""Helpers for tests of every part that talks MQTT (pytest imports test files in isolation).

Brokers here are real mosquitto processes. Waits have a generous guard (`GUARD_S`) so a
broken test fails instead of hanging; they never assert speed. "Never arrives" is proven
with a marker: publish the forbidden message, then an allowed marker from the same client;
MQTT keeps one publisher's order, so if the marker arrives first the other never will.
"""

from __future__ import annotations

import queue
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Final, TypeVar

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bus.broker import WEB_DIR, MosquittoProcess
from bus.client import BusClient, BusItem, Presence, Received
from bus.config import BrokerConfig
from bus.payloads import ClassicReveal, Snapshot, StreamSnapshot
from bus.topics import account_name, overlay_account, stream_account, table_topic
from engine.roles import Role
from engine.vocab import Termination, Winner

GUARD_S: Final = 60.0  # only a hang guard (noisy machines); tests never assert on time

ACL_TOURNAMENT: Final = "cup"
ACL_TABLE: Final = "3"
ACL_OTHER_TABLE: Final = "4"
ACL_TABLE_USER: Final = account_name(ACL_TOURNAMENT, ACL_TABLE)
ACL_OTHER_TABLE_USER: Final = account_name(ACL_TOURNAMENT, ACL_OTHER_TABLE)
ACL_OVERLAY_USER: Final = overlay_account(ACL_TOURNAMENT, ACL_TABLE)
ACL_STREAM_USER: Final = stream_account(ACL_TOURNAMENT, ACL_TABLE)
ROLE_USERS: Final = ("hub", "scoreboard", "venue", "head-judge", "player")
HEAD_JUDGE_USERS: Final = ("head-judge-anna", "head-judge-boris")  # personal accounts


SAMPLE_TIME: Final = datetime(2026, 11, 29, 18, 30, tzinfo=UTC)


SAMPLE_ROLES: Final = ("sheriff", "don", "citizen", "citizen", "mafia", "citizen", "citizen",
                        "mafia", "citizen", "citizen")


def sample_view(view_class: str, **changes: object) -> dict[str, object]:
    """A day-2 speech view of one class at a ten-seat table (see `sample_view_at`)."""
    return sample_view_at(view_class, 10, **changes)


def sample_view_at(view_class: str, seats: int, **changes: object) -> dict[str, object]:
    """A day-2 speech view of one class shaped as docs/views.md says, as JSON-ready data
    (judge: with secrets; public and audience have no field for them); `changes` may be
    anything, for the views' validation to refuse. `seats`: 3 to 15
    (the club game, 004 §1); seat 3 left on day 1, seat 4 speaks (seat 2 of three)."""
    entries: list[object] = [
        {"seat": n, "at_table": True, "out": None, "fouls": 0, "muted": False}
        for n in range(1, seats + 1)
    ]
    entries[2] = {"seat": 3, "at_table": False, "out": {"cause": "vote", "day": 1}, "fouls": 1,
                  "muted": False}
    nominated = [seat for seat in (4, 9) if seat < seats]
    view: dict[str, object] = {
        "view": view_class, "rules": "cml", "phase": "day", "number": 2,
        "step": "speech", "speaker": 4 if seats > 3 else 2,
        "timer": {"kind": "speech", "seconds": 60},
        "seats": entries, "nominations": None if view_class == "public" else nominated,
        "vote": None, "rounds": [], "lift": None, "day_vote": "pending",
    }
    if view_class == "judge":
        view["actions"] = 57
        view["winner"] = view["termination"] = None
        view["roles"] = {str(n): SAMPLE_ROLES[(n - 1) % 10] for n in range(1, seats + 1)}
        view["nights"] = [{"night": 1, "shot": min(7, seats), "shots": None,
                           "don_check": {"seat": 2, "sheriff": False},
                           "sheriff_check": {"seat": min(8, seats), "black": seats >= 8}}]
        view["best_move"] = None
        view["night_steps"] = []
    view.update(changes)
    return view


def sample_snapshot_fields(view_class: str, seats: int = 10, **changes: object
                           ) -> dict[str, object]:
    """Fields of a valid snapshot of table cup/3 with `seats` seats (change any with keyword
    arguments; anything goes: the model's validation is what tests try)."""
    fields: dict[str, object] = {
        "view_class": view_class, "tournament": ACL_TOURNAMENT, "table": ACL_TABLE,
        "seq": 12, "game_id": "cup-3-12", "names": [f"Nick{n}" for n in range(1, seats + 1)],
        "view": sample_view_at(view_class, seats), "uptime_s": 1234.5,
        "sent_at": SAMPLE_TIME,
    }
    fields.update(changes)
    return fields


def sample_snapshot(view_class: str, seats: int = 10, **changes: object) -> Snapshot:
    """A valid snapshot model of table cup/3 with `seats` seats."""
    return Snapshot.model_validate(sample_snapshot_fields(view_class, seats, **changes))


def sample_stream(**changes: object) -> StreamSnapshot:
    """A valid delayed stream snapshot of table cup/3: the sample judge view, 5 minutes old."""
    view = sample_view("judge")
    fields: dict[str, object] = {
        "tournament": ACL_TOURNAMENT, "table": ACL_TABLE, "game_id": "cup-3-12",
        "actions": 57, "delay_minutes": 5, "as_of": SAMPLE_TIME,
        "names": [f"Nick{n}" for n in range(1, 11)], "view": {**view, "timer": None},
        "sent_at": SAMPLE_TIME + timedelta(minutes=5),
    }
    fields.update(changes)
    return StreamSnapshot.model_validate(fields)


def anonymous_broker() -> MosquittoProcess:
    """An anonymous broker on a free port (not started)."""
    return MosquittoProcess()


def acl_broker(*, persistence: bool = False) -> MosquittoProcess:
    """A broker with the real ACL: role accounts, two personal head judges' accounts and two
    tables of tournament `cup` (with their overlay and stream accounts for table 3);
    `persistence` keeps retained messages across restarts, as in production."""
    names = (*ROLE_USERS, *HEAD_JUDGE_USERS, ACL_TABLE_USER, ACL_OTHER_TABLE_USER,
             ACL_OVERLAY_USER, ACL_STREAM_USER)
    users = {name: secrets.token_urlsafe(12) for name in names}
    tables = [(ACL_TOURNAMENT, ACL_TABLE), (ACL_TOURNAMENT, ACL_OTHER_TABLE)]
    return MosquittoProcess(acl=True, users=users, tables=tables, websockets=True,
                            http_dir=WEB_DIR, persistence=persistence)


def connected_client(
    config: BrokerConfig, name: str, *filters: str, presence: Presence | None = None
) -> BusClient:
    """A started client with `filters` subscribed, returned once the broker acknowledged."""
    client = BusClient(config, name=name, presence=presence)
    for topic_filter in filters:
        client.subscribe(topic_filter)
    client.start()
    if not client.wait_ready(GUARD_S):
        client.close()
        raise AssertionError(f"{name} did not connect to {config.url()}")
    return client


def raw_publish(config: BrokerConfig, messages: list[tuple[str, bytes, bool]]) -> None:
    """Publish (topic, raw bytes, retain) with a bare paho client, QoS 1, in order: what a
    buggy hub or a player with a laptop sends, without the kit's own client checks."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"raw-{secrets.token_hex(4)}")
    if config.username is not None:
        client.username_pw_set(config.username, config.password.get_secret_value()
                               if config.password else None)
    client.connect(config.host, config.port)
    client.loop_start()
    try:
        for topic, raw, retain in messages:
            client.publish(topic, raw, qos=1, retain=retain).wait_for_publish(GUARD_S)
    finally:
        client.disconnect()
        client.loop_stop()


def next_item(client: BusClient, accept: Callable[[BusItem], bool], guard: float = GUARD_S
              ) -> BusItem:
    """The next inbox item `accept` likes; items before it are dropped."""
    deadline = time.monotonic() + guard
    while True:
        try:
            item = client.inbox.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            raise AssertionError("the expected message never came") from None
        if accept(item):
            return item


ItemT = TypeVar("ItemT", bound=BusItem)


def next_of(client: BusClient, kind: type[ItemT], accept: Callable[[ItemT], bool] | None = None,
            guard: float = GUARD_S) -> ItemT:
    """The next inbox item of `kind` that `accept` likes (any, without it); items before it
    are dropped."""
    item = next_item(client, lambda i: isinstance(i, kind) and (accept is None or accept(i)),
                     guard)
    assert isinstance(item, kind)
    return item


def next_message(client: BusClient, topic: str, guard: float = GUARD_S) -> Received:
    """The next message received on exactly `topic`."""
    return next_of(client, Received, lambda item: item.topic == topic, guard)


def received_until(client: BusClient, marker_topic: str, marker: bytes) -> list[Received]:
    """Every message received before the marker (marker excluded)."""
    seen: list[Received] = []
    while True:
        item = next_of(client, Received)
        if item.topic == marker_topic and item.payload == marker:
            return seen
        seen.append(item)


def lan_address() -> str:
    """An IPv4 address of this machine other than loopback (from `ip -4 addr`): what a
    laptop on the venue LAN connects to. Tests that prove a listener is closed to the LAN
    connect there; without one they cannot prove it, and say so."""
    done = subprocess.run(["ip", "-4", "-o", "addr", "show", "scope", "global"],
                          capture_output=True, text=True, check=False)
    for line in done.stdout.splitlines():
        words = line.split()
        if "inet" in words:
            return words[words.index("inet") + 1].split("/")[0]
    raise AssertionError("this machine has no IPv4 address besides loopback: give it one "
                         "(e.g. `ip link add lan0 type dummy && ip addr add 192.0.2.9/24 dev "
                         "lan0 && ip link set lan0 up`) to test what the LAN can reach")


def reachable(host: str, port: int) -> bool:
    """Whether a TCP connection to host:port is accepted."""
    try:
        with socket.create_connection((host, port), timeout=GUARD_S):
            return True
    except ConnectionRefusedError:
        return False


def retained_now(config: BrokerConfig, name: str, marker_by: BrokerConfig,
                 marker_topic: str) -> list[Received]:
    """What `config`'s account receives when it subscribes to `#` now: the retained messages
    it may read (and anything live meanwhile). `marker_by` then publishes a marker on
    `marker_topic`, a topic that account may read: one publisher's order is kept, and the
    broker sends a subscription's retained messages before anything published later."""
    client = connected_client(config, name, "#")
    marker = f"marker-{secrets.token_hex(8)}".encode()
    try:
        raw_publish(marker_by, [(marker_topic, marker, False)])
        return received_until(client, marker_topic, marker)
    finally:
        client.close()


def _run_presence_child(url: str, tournament: str, table: str) -> None:
    """Child process for will tests: announce presence, say "ready", then wait to be killed."""
    config = BrokerConfig.from_url(url)
    presence = Presence(table_topic(tournament, table, "status"), "test-child")
    client = connected_client(config, "child", presence=presence)
    print(f"ready {client.bdseq} {client.booted_at.isoformat()}", flush=True)
    sys.stdin.read()  # blocks until killed (or stdin closed)
    client.close()


if __name__ == "__main__":
    _run_presence_child(*sys.argv[1:4])


def sample_reveal() -> ClassicReveal:
    """A decided game's reveal (red won: every black player voted out)."""
    roles = dict.fromkeys(range(1, 11), Role.CITIZEN)
    roles.update({1: Role.SHERIFF, 2: Role.DON, 5: Role.MAFIA, 8: Role.MAFIA})
    return ClassicReveal(roles=roles, winner=Winner.RED,
                         termination=Termination.ALL_BLACK_OUT, nights=(), best_move=None)
