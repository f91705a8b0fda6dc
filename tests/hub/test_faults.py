"""Faults, each named after what it breaks: nothing lost, nothing doubled, liveness right."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bus.broker import MosquittoProcess
from bus.payloads import Event, Protocol, encode
from bus.topics import table_topic
from device.table.service import TableService
from device.testing import running_table
from hub.config import HubSettings
from hub.decisions import GameBook, effective_games
from hub.registry import Liveness
from hub.store import Store
from tests.hub.helpers import (
    HEARTBEAT_S,
    T,
    actions_of,
    hub_settings,
    own_protocol,
    play,
    play_all,
    running_hub,
    stored,
    tables_of,
    wait_for,
)

TABLES = 3


def opened(hub_store: Store, tables: list[TableService], settings: HubSettings) -> None:
    wait_for("every table opened its round-1 game", lambda: all(
        t.game_id == f"r1-t{t.table}" for t in tables))


def all_protocols_equal(store: Store, tables: list[TableService]) -> bool:
    return {t: p for t, _, p in store.protocols()} == {t.table: own_protocol(t) for t in tables}


def assert_nothing_doubled(store: Store, tables: list[TableService]) -> None:
    for t in tables:
        seqs = [seq for seq, _ in store.events(t.table, t.game_id)]
        assert seqs == sorted(set(seqs))
        assert set(seqs) <= set(range(1, t.seq + 1))


def test_hub_killed_and_restarted_mid_tournament(private_broker: MosquittoProcess,
                                                 tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, TABLES)
    config = tmp_path / "hub.toml"
    config.write_text(
        f'tournament = "{T}"\nseating = "{settings.seating}"\ndatabase = "hub.sqlite"\n'
        f'heartbeat_s = {HEARTBEAT_S}\nresend_s = 0.5\naggregate_s = 0.2\n'
        f'[broker]\nurl = "{private_broker.url}"\n', encoding="utf-8")
    cli = [sys.executable, "-m", "mafiakit.cli", "hub"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    assert subprocess.run([*cli, "round", "1", "--config", str(config)], check=False,
                          env=env, capture_output=True).returncode == 0
    hub = subprocess.Popen([*cli, "--config", str(config)], env=env,
                           stderr=subprocess.DEVNULL)
    store = Store(tmp_path / "hub.sqlite")
    try:
        with tables_of(tmp_path, private_broker.url) as tables:
            opened(store, tables, settings)
            games = {t.table: actions_of(40 + int(t.table)) for t in tables}
            half = {k: v[: len(v) // 2] for k, v in games.items()}
            play_all(tables, half)
            wait_for("the hub stored the first half", lambda: all(
                len(store.events(t.table, t.game_id)) == t.seq for t in tables))
            hub.send_signal(signal.SIGKILL)
            hub.wait(30)
            play_all(tables, {k: v[len(v) // 2:] for k, v in games.items()})
            hub = subprocess.Popen([*cli, "--config", str(config)], env=env,
                                   stderr=subprocess.DEVNULL)
            wait_for("every protocol stored after the restart",
                     lambda: all_protocols_equal(store, tables))
            assert_nothing_doubled(store, tables)
            assert store.quarantined() == []
    finally:
        hub.send_signal(signal.SIGTERM)
        hub.wait(30)
        store.close()


def test_table_pi_killed_and_restarted(private_broker: MosquittoProcess,
                                       tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 1)
    url = private_broker.url
    with running_hub(settings) as hub:
        hub.start_round(1)
        journal = tmp_path / "t1.sqlite"
        actions = actions_of(7)
        with running_table(journal, url, tournament=T, table="1",
                           heartbeat_s=HEARTBEAT_S) as table:
            wait_for("the round-1 game", lambda: table.game_id == "r1-t1")
            play(table, actions[:20])
            assert table.bus is not None
            # the Pi dies: its link drops without a goodbye (the broker sends the will)
            table.bus._paho.socket().shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
            wait_for("the hub sees the table lost or back", lambda: hub.registry.tables[
                "1"].birth is not None and hub.registry.tables["1"].birth.bdseq >= 1)
        with running_table(journal, url, tournament=T, table="1",
                           heartbeat_s=HEARTBEAT_S) as table:
            assert table.game_id == "r1-t1" and table.seq == 20  # resumed from its journal
            wait_for("online again", lambda: hub.registry.tables["1"].state
                     is Liveness.ONLINE)
            play(table, actions[20:])
            wait_for("the protocol", lambda: all_protocols_equal(stored(hub), [table]))
            assert_nothing_doubled(stored(hub), [table])
        wait_for("offline after the clean stop", lambda: hub.registry.tables["1"].state
                 is Liveness.OFFLINE)


def test_broker_restarted_mid_round(private_broker: MosquittoProcess, tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, TABLES)
    with running_hub(settings) as hub, tables_of(tmp_path, private_broker.url) as tables:
        hub.start_round(1)
        opened(stored(hub), tables, settings)
        games = {t.table: actions_of(60 + int(t.table)) for t in tables}
        play_all(tables, {k: v[:15] for k, v in games.items()})
        private_broker.restart(down_for=1.0)
        play_all(tables, {k: v[15:] for k, v in games.items()})
        wait_for("every protocol", lambda: all_protocols_equal(stored(hub), tables))
        wait_for("every table online again", lambda: all(
            live.state is Liveness.ONLINE for live in hub.registry.tables.values()))
        assert_nothing_doubled(stored(hub), tables)


def test_one_table_partitioned_and_back(private_broker: MosquittoProcess,
                                        tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, TABLES)
    with running_hub(settings) as hub, tables_of(tmp_path, private_broker.url) as tables:
        hub.start_round(1)
        opened(stored(hub), tables, settings)
        games = {t.table: actions_of(80 + int(t.table)) for t in tables}
        play_all(tables, {k: v[:10] for k, v in games.items()})
        cut = tables[0]
        assert cut.bus is not None
        before = hub.registry.tables[cut.table].birth
        assert before is not None
        # the link drops (a cable pulled, a Wi-Fi hiccup); the table's client reconnects
        cut.bus._paho.socket().shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
        play_all(tables, {k: v[10:] for k, v in games.items()})
        wait_for("every protocol", lambda: all_protocols_equal(stored(hub), tables))
        wait_for("online again, on a later connection of the same boot", lambda: (
            (live := hub.registry.tables[cut.table]).state is Liveness.ONLINE
            and live.birth is not None and live.birth.bdseq > before.bdseq
            and live.birth.booted_at == before.booted_at))
        assert_nothing_doubled(stored(hub), tables)


def test_silent_table_goes_stale_and_comes_back(private_broker: MosquittoProcess,
                                                tmp_path: Path) -> None:
    from device.table.inbox import Stop as TableStop

    settings = hub_settings(tmp_path, private_broker.url, 1)
    with running_hub(settings) as hub, tables_of(tmp_path, private_broker.url, 1) as tables:
        wait_for("online", lambda: hub.registry.tables["1"].state is Liveness.ONLINE)
        table = tables[0]
        table.inbox.put(TableStop())  # the engine thread stops: no heartbeats, link still up
        wait_for("stale", lambda: hub.registry.tables["1"].state is Liveness.STALE)
        live = hub.registry.tables["1"]
        assert live.last_seen is not None
        # never before two heartbeat periods of silence
        assert hub.mono() - live.last_seen > settings.heartbeat_s * settings.missed_heartbeats
        table.step()  # one pass of the engine loop sends a heartbeat
        wait_for("online again", lambda: hub.registry.tables["1"].state is Liveness.ONLINE)


def test_garbage_flood_on_every_topic_is_quarantined(private_broker: MosquittoProcess,
                                                     tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 2)
    with running_hub(settings) as hub, tables_of(tmp_path, private_broker.url, 2) as tables:
        hub.start_round(1)
        opened(stored(hub), tables, settings)
        play(tables[1], actions_of(5))
        wait_for("table 2's protocol", lambda: len(stored(hub).protocols()) == 1)
        real = stored(hub).protocols()[0][2]
        # a bare paho client: the kit's own client refuses to send oversized payloads
        vandal = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="vandal")
        vandal.connect(private_broker.host, private_broker.port)
        vandal.loop_start()
        bad: list[tuple[str, bytes]] = []
        for table in ("1", "2", "99"):
            for kind in ("status", "heartbeat", "public", "events", "protocol", "reply"):
                for junk in (b"", b"\xff\xfe", b"[1,2]", b'{"schema_version": 1}',
                             b"x" * 70000):
                    bad.append((table_topic(T, table, kind), junk))
        # another table's protocol on table 1's topic, and a protocol that lies
        bad.append((table_topic(T, "1", "protocol"), encode(Protocol.model_validate(real))))
        lie = {**real, "result": {**real["result"], "winner": "draw"}}
        bad.append((table_topic(T, "2", "protocol"), json.dumps(lie).encode()))
        # a replayed birth of an earlier boot
        birth = hub.registry.tables["1"].birth
        assert birth is not None
        # (the same instance's: a birth of another instance is a second machine, an alert)
        old = birth.model_copy(update={"booted_at": birth.booted_at.replace(year=2020)})
        bad.append((table_topic(T, "1", "status"), encode(old)))
        bad.append((table_topic(T, "99", "status"), encode(old)))  # not one of our tables
        # an event the rules refuse: a vote before the game started
        # (table 1 is still at seq 0: its next event would be seq 1)
        refused = Event(seq=1, game_id="r1-t1", action={"action": "votes", "seat": 3,
                                                         "count": 2},
                        accepted=True, at=birth.booted_at)
        bad.append((table_topic(T, "1", "events"), encode(refused)))
        for info in [vandal.publish(topic, junk, qos=1, retain=False) for topic, junk in bad]:
            info.wait_for_publish(30)
        vandal.loop_stop()
        vandal.disconnect()
        # an empty protocol of one of our tables is no garbage: the table took its reveal back
        # (an undo of its end, docs/mqtt.md); the hub reads it, keeps nothing
        cleared = [(t, b) for t, b in bad if b == b"" and t.endswith("/protocol")
                   and "/tables/99/" not in t]
        assert len(cleared) == 2
        reader = Store(settings.database)
        wait_for("every bad message quarantined",
                 lambda: len(reader.quarantined()) == len(bad) - len(cleared))
        reasons = " ".join(r for _, r in reader.quarantined())
        assert "not a table of this tournament" in reasons
        assert "names table 2 but came from table 1" in reasons
        assert "does not follow from its actions" in reasons
        assert "earlier boot" in reasons
        assert "the rules refuse it" in reasons
        # the hub goes on: table 1 plays its game, and only real results count
        play(tables[0], actions_of(6))
        wait_for("both protocols", lambda: all_protocols_equal(stored(hub), tables))
        assert {g["table"]: g["winner"] for g in games_of(reader)} == {
            t.table: t.table_game.state.winner for t in tables}
        assert hub.registry.tables["1"].state is Liveness.ONLINE


def games_of(store: Store) -> list[GameBook]:
    return effective_games(store.protocols(), store.decisions(), store.game_rounds())


def test_hub_settings_are_refused_in_words(tmp_path: Path) -> None:
    from hub.config import HubConfigError, load_hub_settings

    bad = tmp_path / "hub.toml"
    bad.write_text('tournament = "a b"\n', encoding="utf-8")
    try:
        load_hub_settings(bad)
    except HubConfigError as exc:
        assert "tournament" in str(exc) and "letters, digits" in str(exc)
    else:
        raise AssertionError("a bad tournament id was accepted")
