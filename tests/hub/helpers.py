"""A hub and simulated tables on a real broker: the real TableService in-process, each
table's judge entering a random legal game (engine.classic.playout) action by action."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bus.client import BusClient, Received
from bus.config import BrokerConfig
from bus.payloads import encode
from bus.testing import connected_client
from bus.topics import hub_topic
from device.table.journal import game_log_header
from device.table.service import TableService
from device.table.snapshots import protocol as table_protocol
from device.testing import running_table, submit
from engine.classic.game import Game
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from hub.config import HubSettings
from hub.roster_csv import write_seating
from hub.seating import TournamentPlan, generate
from hub.service import HubService, Stop
from hub.store import Store

T = "cup"
HEARTBEAT_S = 0.5
GUARD_S = 120.0


def wait_for(what: str, condition: Callable[[], bool], guard: float = GUARD_S) -> None:
    """Poll until `condition` holds; the guard only turns a hang into a failure."""
    deadline = time.monotonic() + guard
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.05)


def hub_settings(tmp: Path, url: str, tables: int, rounds: int = 1,
                 **extra: Any) -> HubSettings:
    plan = TournamentPlan(players=tuple(f"Player{i:03d}" for i in range(10 * tables)),
                          tables=tuple(str(t + 1) for t in range(tables)), rounds=rounds)
    seating = tmp / "seating.csv"
    seating.write_text(write_seating(generate(plan, seed=1, effort=0.1)), encoding="utf-8")
    fields: dict[str, Any] = {
        "tournament": T, "name": "Test Cup", "seating": seating,
        "database": tmp / "hub.sqlite", "heartbeat_s": HEARTBEAT_S, "resend_s": 0.5,
        "rebirth_every_s": 0.5, "aggregate_s": 0.2, "broker": {"url": url}, **extra}
    return HubSettings(**fields)


_READERS: dict[int, Store] = {}


def stored(hub: HubService) -> Store:
    """A connection of the test's own to the hub's store (the hub's is its thread's only)."""
    if id(hub) not in _READERS:
        _READERS[id(hub)] = Store(hub.settings.database)
    return _READERS[id(hub)]


@contextlib.contextmanager
def running_hub(settings: HubSettings) -> Iterator[HubService]:
    hub = HubService(settings).start()
    assert hub.bus is not None and hub.bus.wait_ready(30)
    thread = threading.Thread(target=hub.run, name="hub", daemon=True)
    thread.start()
    try:
        yield hub
    finally:
        hub.inbox.put(Stop())
        thread.join(30)
        hub.close()
        reader = _READERS.pop(id(hub), None)
        if reader is not None:
            reader.close()


@contextlib.contextmanager
def tables_of(tmp: Path, url: str, count: int = 3) -> Iterator[list[TableService]]:
    """Tables 1..count of tournament T, each a running table service with its own journal."""
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(running_table(tmp / f"t{n}.sqlite", url, tournament=T,
                                                 table=str(n), heartbeat_s=HEARTBEAT_S))
               for n in range(1, count + 1)]


def actions_of(seed: int) -> list[dict[str, Any]]:
    return [action_to_dict(a) for a in random_game("cml", seed).entered]


def deciding_index(seed: int) -> int:
    """The index of the action that decides random game `seed` (after-game lines follow)."""
    game = Game("cml")
    for index, action in enumerate(random_game("cml", seed).entered):
        game.push(action)
        if game.state.winner is not None:
            return index
    raise AssertionError("the game never ends")


ROLE_WORDS = ('"sheriff"', '"don"', '"mafia"', '"citizen"')


def roles_in(text: str) -> bool:
    """True if a message names a role (a page of a decided game does; nothing else may)."""
    return any(word in text for word in ROLE_WORDS)


class HubWatcher:
    """A client on every hub topic of the tournament (`hub/#`): every message it got, in
    order, and the latest JSON of each page."""

    def __init__(self, config: BrokerConfig, name: str = "watcher",
                 filters: tuple[str, ...] = ("#",)) -> None:
        root = hub_topic(T, "status").removesuffix("status")
        self.client: BusClient = connected_client(config, name, *(root + f for f in filters))
        self.seen: list[tuple[str, str]] = []  # (hub topic name, payload text)
        self.latest: dict[str, Any] = {}

    def drain(self) -> None:
        while not self.client.inbox.empty():
            item = self.client.inbox.get_nowait()
            if isinstance(item, Received):
                name = item.topic.split("/hub/", 1)[1]
                text = item.payload.decode("utf-8", "replace")
                self.seen.append((name, text))
                self.latest[name] = json.loads(text) if item.payload[:1] == b"{" else text

    def until(self, what: str, condition: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Wait until the latest pages satisfy `condition`; they are returned."""
        def holds() -> bool:
            self.drain()
            return bool(condition(self.latest))
        wait_for(what, holds)
        return self.latest

    def close(self) -> None:
        self.client.close()


def play(table: TableService, actions: list[dict[str, Any]]) -> None:
    for line in actions:
        ok, why = submit(table, line)
        assert ok, why


def into_a_speech(table: TableService, seed: int = 3) -> None:
    """Play random game `seed` until a player speaks (the table's speech timer runs)."""
    for line in actions_of(seed):
        play(table, [line])
        if table.countdown is not None and table.countdown.kind == "speech":
            return
    raise AssertionError(f"game {seed} never reached a speech")


def own_protocol(table: TableService) -> dict[str, Any]:
    """The table's own protocol, as it would publish it now."""
    decoded: dict[str, Any] = json.loads(encode(
        table_protocol(table.table_game, table.game_id,
                       game_log_header(table.header, table.names))))
    return decoded


def play_all(tables: list[TableService], games: dict[str, list[dict[str, Any]]]) -> None:
    """Every table plays its game on its own thread, all at once."""
    threads = [threading.Thread(target=play, args=(t, games[t.table])) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(GUARD_S)
