"""The delayed stream class at a real table on a real broker: nothing before the delay, the
judge's view (roles, night actions) after it, a restart in between neither publishes early
nor loses anything, and with the class off nothing is published at all.

The table's wall clock is passed in (`TableService(wall=...)`, time as data): the delay is
real minutes in the config and the test moves the clock, never waits for it.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.messages import decode_message
from bus.payloads import StreamSnapshot
from bus.testing import connected_client, received_until
from bus.topics import table_topic
from device.config import TableSettings, load_settings
from device.table.journal import Journal
from device.table.service import TableService
from device.table.stream import DelayedStream
from device.testing import settle
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.log import LogLine, header
from engine.roles import Role
from firmware_sim.clock import ManualClock  # the table's wall clock, moved by the test

T0 = 1_800_000_000.0  # the table's clock at the start of each test (2027-01-15)
DELAY = 2.0  # minutes
MARK = "test/stream-marker"
GAME = [action_to_dict(a) for a in random_game("cml", 3).entered]
# random_game("cml", 3): roles (don 4, mafia 3 and 9, sheriff 8), start, day 0 ... night 1
NIGHT = next(n for n, line in enumerate(GAME) if line["action"] == "shoot")


def table(broker: MosquittoProcess, journal: Path, clock: ManualClock, table_id: str,
          delay: float | None = DELAY) -> TableService:
    settings = TableSettings(journal=journal, tournament="cup", table=table_id,
                             broker={"url": broker.url},
                             stream={} if delay is None else {"delay_minutes": delay})
    service = TableService(settings, wall=clock).start()
    assert service.bus is not None and service.bus.wait_ready(30)
    settle(service)
    return service


def stream_since(service: TableService, watcher: BusClient, n: int) -> list[StreamSnapshot]:
    """Step the table once, then collect every stream snapshot it published before a marker
    sent after that step from its own connection (MQTT keeps one sender's order)."""
    settle(service)
    assert service.bus is not None
    marker = f"mark {n}".encode()
    service.bus.publish(MARK, marker, qos=1, retain=False)
    shots = []
    for item in received_until(watcher, MARK, marker):
        assert isinstance(item, Received)
        if not item.payload:
            continue
        ref, payload = decode_message(item.topic, item.payload)
        assert ref.kind == "stream" and isinstance(payload, StreamSnapshot)
        shots.append(payload)
    return shots


def play(service: TableService, clock: ManualClock, lines: list[LogLine],
         every: float = 5.0) -> None:
    for line in lines:
        clock.now += every
        ok, why = service.submit_line(dict(line))
        assert ok, why


def test_the_judge_view_arrives_only_after_the_delay(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    clock = ManualClock(T0)
    service = table(broker, tmp_path / "t.sqlite", clock, "s1")
    watcher = connected_client(broker.config(), "watch-s1",
                               table_topic("cup", "s1", "stream"), MARK)
    try:
        service.new_game(header("cml", game=1), game_id="g1")
        play(service, clock, GAME[:NIGHT + 1], every=2.0)  # roles at T0+2 ... the shot
        dealt = T0 + 2
        assert stream_since(service, watcher, 1) == []  # the game is younger than the delay
        clock.now = T0 + DELAY * 60 - 1
        assert stream_since(service, watcher, 2) == []
        clock.now = T0 + DELAY * 60  # the opening of the game is old enough; the deal not
        [opening] = stream_since(service, watcher, 3)
        assert (opening.game_id, opening.actions, opening.view.roles) == ("g1", 0, None)
        clock.now = dealt + DELAY * 60
        [deal] = stream_since(service, watcher, 4)
        assert deal.actions == 1 and deal.view.roles is not None
        assert {seat for seat, role in deal.view.roles.items() if role == Role.DON} == {4}
        assert deal.as_of.timestamp() == dealt and deal.view.timer is None
        assert deal.view.last_error is None and deal.view.pad is None
        assert stream_since(service, watcher, 5) == []  # nothing moved: nothing sent
        clock.now = T0 + 2 * (NIGHT + 1) + DELAY * 60  # the shot is old enough now
        [night] = stream_since(service, watcher, 6)
        assert night.actions == NIGHT + 1 == night.view.actions
        assert [n.night for n in night.view.nights] == [1]
    finally:
        watcher.close()
        service.close()


def test_a_line_with_an_old_t_is_delayed_from_when_the_table_journaled_it(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    """A hub may send a line with its own `t`; the delay counts from the table's journal."""
    clock = ManualClock(T0)
    service = table(broker, tmp_path / "t.sqlite", clock, "s2")
    watcher = connected_client(broker.config(), "watch-s2",
                               table_topic("cup", "s2", "stream"), MARK)
    try:
        service.new_game(header("cml", game=1), game_id="g1")
        clock.now = T0 + DELAY * 60 + 30
        assert [s.actions for s in stream_since(service, watcher, 1)] == [0]
        ok, why = service.submit_line({**GAME[0], "t": "2020-01-01T00:00:00+00:00"})
        assert ok, why
        assert stream_since(service, watcher, 2) == []
        clock.now += DELAY * 60
        [deal] = stream_since(service, watcher, 3)
        assert deal.actions == 1 and deal.view.roles is not None
    finally:
        watcher.close()
        service.close()


def test_a_restart_during_the_delay_neither_publishes_early_nor_loses_a_line(
    private_broker: MosquittoProcess, tmp_path: Path
) -> None:
    clock = ManualClock(T0)
    journal = tmp_path / "t.sqlite"
    watcher = connected_client(private_broker.config(), "watch",
                               table_topic("cup", "s3", "stream"), MARK)
    first = table(private_broker, journal, clock, "s3")
    first.new_game(header("cml", game=1), game_id="g1")
    play(first, clock, GAME[:10])  # lines at T0+5 ... T0+50
    clock.now = T0 + 20 + DELAY * 60  # lines 1-4 are old enough, 5-10 not yet
    assert [s.actions for s in stream_since(first, watcher, 1)] == [4]
    first.close()
    clock.now += 12  # down for 12 s: line 5 (T0+25) and 6 (T0+30) became old enough
    second = table(private_broker, journal, clock, "s3")
    try:
        # its link up republishes everything (once per link event): the same position
        resumed = {(s.game_id, s.actions) for s in stream_since(second, watcher, 2)}
        assert resumed == {("g1", 6)}
        clock.now = T0 + 50 + DELAY * 60
        [caught_up] = stream_since(second, watcher, 3)
        assert caught_up.actions == 10 and caught_up.view.actions == 10
        play(second, clock, GAME[10:12])  # the game goes on after the restart
        clock.now += DELAY * 60
        assert [s.actions for s in stream_since(second, watcher, 4)] == [12]
    finally:
        watcher.close()
        second.close()


def test_the_previous_game_stays_until_the_next_one_is_old_enough(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    """A new game opened within the delay must not show its deal early: the stream goes on
    with the last game's end until the new game's opening is as old as the delay."""
    clock = ManualClock(T0)
    service = table(broker, tmp_path / "t.sqlite", clock, "s4")
    watcher = connected_client(broker.config(), "watch-s4",
                               table_topic("cup", "s4", "stream"), MARK)
    try:
        service.new_game(header("cml", game=1), game_id="g1")
        play(service, clock, GAME[:3])
        clock.now += 10
        service.new_game(header("cml", game=2), game_id="g2")
        opened = clock.now
        play(service, clock, GAME[:1])
        clock.now = opened + DELAY * 60 - 1
        shots = stream_since(service, watcher, 1)
        assert [(s.game_id, s.actions) for s in shots] == [("g1", 3)]
        clock.now = opened + DELAY * 60
        assert [(s.game_id, s.actions) for s in stream_since(service, watcher, 2)] == [
            ("g2", 0)]
    finally:
        watcher.close()
        service.close()


def test_with_the_class_off_nothing_is_published(
    broker: MosquittoProcess, tmp_path: Path
) -> None:
    clock = ManualClock(T0)
    service = table(broker, tmp_path / "t.sqlite", clock, "s5", delay=None)
    watcher = connected_client(broker.config(), "watch-s5",
                               table_topic("cup", "s5", "stream"), MARK)
    try:
        assert service.stream is None
        service.new_game(header("cml", game=1), game_id="g1")
        play(service, clock, GAME[:NIGHT + 1])
        clock.now += 24 * 3600
        service.publish_all(force=True)
        assert stream_since(service, watcher, 1) == []
    finally:
        watcher.close()
        service.close()


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (0, "would show the roles to the room"),
        (0.5, "give at least 1 minute"),
        (-3, "give at least 1 minute"),
        (float("nan"), "is not a number of minutes"),
    ],
)
def test_a_delay_shorter_than_a_speech_is_refused(value: float, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        TableSettings(stream={"delay_minutes": value})


def test_the_delay_is_a_venue_setting_in_minutes(tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text('tournament = "cup"\ntable = "3"\n[stream]\ndelay_minutes = 1.5\n')
    assert load_settings(config).stream.delay_minutes == 1.5
    assert TableSettings().stream.delay_minutes is None  # off unless the venue sets it
    with pytest.raises(ValidationError, match="classic tournament game"):
        TableSettings(rules="club", stream={"delay_minutes": 5})


def test_lines_of_an_older_journal_count_from_the_upgrade(tmp_path: Path) -> None:
    """A journal written before `lines.at` existed: its lines count as journaled when this
    kit first opened it, so the stream may show them late but never early."""
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (game_id TEXT PRIMARY KEY, header TEXT NOT NULL,
            names TEXT NOT NULL DEFAULT '[]', created TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0, result TEXT);
        CREATE TABLE lines (game_id TEXT NOT NULL, seq INTEGER NOT NULL, line TEXT NOT NULL,
            PRIMARY KEY (game_id, seq));
        INSERT INTO games (game_id, header, created) VALUES ('g1', '{}',
            '2020-01-01T00:00:00+00:00');
        INSERT INTO lines VALUES ('g1', 1, '{"action": "start"}');
    """)
    db.commit()
    db.close()
    before = time.time() - 1
    journal = Journal(path)
    try:
        assert journal.as_of(before - 60) == ("g1", 0)
        assert journal.as_of(time.time() + 1) == ("g1", 1)
    finally:
        journal.close()


def test_the_kept_game_moved_on_line_by_line_is_the_replayed_game(tmp_path: Path) -> None:
    """The stream keeps its replayed game and applies only new lines, undo lines included:
    at every position it shows what a fresh replay of the journal shows."""
    clock = ManualClock(T0)
    settings = TableSettings(journal=tmp_path / "t.sqlite", stream={"delay_minutes": DELAY})
    service = TableService(settings, connect=False, wall=clock)
    try:
        service.new_game(header("cml", game=1), game_id="g1")
        lines = GAME[:NIGHT + 1]
        play(service, clock, [*lines[:5], {"action": "undo"}, *lines[4:]], every=1.0)
        assert service.stream is not None
        total = len(lines) + 2
        kept = service.stream
        for count in range(total + 1):
            moved = kept.snapshot(("g1", count), clock.now)
            fresh = DelayedStream(service.journal, "local", "1", DELAY).snapshot(
                ("g1", count), clock.now)
            assert moved is not None and fresh is not None
            assert moved.view == fresh.view, count
        assert moved is not None and moved.view.actions == len(lines) and moved.view.nights
    finally:
        service.close()


def test_a_game_that_does_not_replay_is_skipped_and_the_next_one_is_shown(
    tmp_path: Path,
) -> None:
    """A journal line written by hand or by a bug: the stream publishes nothing for that game
    (the table tells the judge when it sets it aside) and goes on with the next one."""
    journal = Journal(tmp_path / "t.sqlite")
    try:
        created = datetime.fromtimestamp(T0, UTC).isoformat()
        journal.new_game("g1", header("cml", game=1), [], created)
        journal.append("g1", 1, GAME[0], at=T0 + 1)
        journal.append("g1", 2, {"action": "shoot", "target": 99}, at=T0 + 2)
        stream = DelayedStream(journal, "cup", "3", DELAY)
        later = T0 + 10 + DELAY * 60
        assert stream.due(later) is None
        assert stream.due(later + 1, force=True) is None  # nothing of it, even forced
        journal.new_game("g2", header("cml", game=2), [],
                         datetime.fromtimestamp(T0 + 20, UTC).isoformat())
        shot = stream.due(T0 + 20 + DELAY * 60)
        assert shot is not None and (shot.game_id, shot.actions) == ("g2", 0)
    finally:
        journal.close()
