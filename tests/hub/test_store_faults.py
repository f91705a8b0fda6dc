"""Faults of the hub's store (issue 24, item 6): a full disk, a truncated or a corrupt file.

A full disk is made two ways. For real: the hub runs as a process in a mount namespace of
its own (`unshare -rm`) with its store on a 2 MB tmpfs, which the test fills with a file and
empties again: the kernel's ENOSPC, on the WAL write at commit, exactly as on a Pi's full SD
card. And in-process with SQLite's `max_page_count`: SQLite refuses to grow the file with
SQLITE_FULL, the same error and the same code path as ENOSPC (SQLite reports both as
"database or disk is full"), on any machine. Either way: one clear line, an alert on the
head judge's page, no traceback, no exit, and the decision in flight answered once the store
takes writes again, recorded once.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.payloads import DecisionRequest, encode
from bus.testing import connected_client, raw_publish
from bus.topics import decide_topic, judge_reply_topic, table_topic
from hub.store import Store
from tests.hub.helpers import HubWatcher, T, hub_settings, running_hub, stored, wait_for
from tests.hub.test_decisions import finished_protocol

MAX_PAGES = 1_073_741_823  # SQLite's default max_page_count
JUNK = b"\xff" * 60_000  # quarantined whole: the store must grow to keep it


def request() -> bytes:
    return encode(DecisionRequest(request_id="page:1", kind="protest_filed", table="1",
                                  game_id="g1", who="Anna", why="seat 4 protests the vote",
                                  args={"seat": 4}))


def decided_store(path: Path) -> None:
    store = Store(path)
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "2026-11-30T10:00:00+00:00")
    store.close()


def replies(judge: BusClient) -> list[Received]:
    """The decision replies the head judge's page got so far (link items aside)."""
    out = []
    while not judge.inbox.empty():
        item = judge.inbox.get_nowait()
        if isinstance(item, Received):
            out.append(item)
    return out


def answered(judge: BusClient, got: list[Received]) -> bool:
    """Add the replies that came to `got`; True once there is one."""
    got.extend(replies(judge))
    return bool(got)


def store_alert(pages: dict[str, Any]) -> bool:
    return any(a["kind"] == "store_failed"
               for a in pages.get("judge/state", {}).get("alerts", []))


def test_a_full_store_holds_the_decision_and_answers_it_once_it_takes_writes(
        private_broker: MosquittoProcess, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 1)
    decided_store(settings.database)
    config = private_broker.config()
    watcher = HubWatcher(config, filters=("judge/state",))
    judge = connected_client(config, "judge", judge_reply_topic(T))
    try:
        with caplog.at_level(logging.INFO, logger="mafiakit.hub"), running_hub(settings) as hub:
            watcher.until("the head judge's state", lambda p: "judge/state" in p)
            pages = hub.store._db.execute("PRAGMA page_count").fetchone()[0]  # the hub's own
            hub.store._db.execute(f"PRAGMA max_page_count = {pages}")  # connection: the disk
            raw_publish(config, [(table_topic(T, "1", "heartbeat"), JUNK, False),
                                 (decide_topic(T, "head-judge"), request(), False)])
            watcher.until("the alert on the head judge's page", store_alert)
            assert replies(judge) == []  # not recorded, so not answered
            assert stored(hub).decisions() == []
            hub.store._db.execute(f"PRAGMA max_page_count = {MAX_PAGES}")  # space again
            got: list[Received] = []
            wait_for("the answer", lambda: answered(judge, got))
            [item] = got
            assert json.loads(item.payload) == {"schema_version": 1, "request_id": "page:1",
                                                "ok": True, "error": None, "reason": None,
                                                "decision_id": 1}
            watcher.until("the alert gone", lambda p: not store_alert(p))
            assert [d[4] for d in stored(hub).decisions()] == ["protest_filed"]
            assert [r for t, r in stored(hub).quarantined() if "heartbeat" in t]
    finally:
        judge.close()
        watcher.close()
    [error] = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert error.startswith(f"hub: cannot write its store {settings.database}: the disk is "
                            "full (database or disk is full). Holding ")
    assert error.endswith(" trying again every 1 s; free space on that disk (or stop the hub "
                          "and put back a good copy of the file)")
    assert all(r.exc_info is None for r in caplog.records)  # no traceback anywhere
    assert any("takes writes again" in r.getMessage() for r in caplog.records)


def namespaces_work() -> bool:
    unshare = shutil.which("unshare")
    return unshare is not None and subprocess.run(
        [unshare, "-rm", "true"], capture_output=True, check=False).returncode == 0


@pytest.mark.skipif(not namespaces_work(), reason="no user and mount namespaces here "
                    "(unshare -rm): the max_page_count test above covers SQLITE_FULL")
def test_a_real_full_disk_under_a_running_hub_process(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    disk, ready = tmp_path / "disk", tmp_path / "ready"
    disk.mkdir()
    decided_store(ready / "hub.sqlite")
    settings = hub_settings(tmp_path, private_broker.url, 1)
    config_file = tmp_path / "hub.toml"
    config_file.write_text(
        f'tournament = "{T}"\nseating = "{settings.seating}"\n'
        f'database = "{disk / "hub.sqlite"}"\naggregate_s = 0.2\n'
        f'[broker]\nurl = "{private_broker.url}"\n', encoding="utf-8")
    script = (f"mount -t tmpfs -o size=2m tmpfs {disk} && cp {ready}/hub.sqlite {disk}/ && "
              f"exec {sys.executable} -m mafiakit.cli hub --config {config_file}")
    hub = subprocess.Popen(["unshare", "-rm", "sh", "-c", script], stderr=subprocess.PIPE,
                           text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(
        hub.stderr.readline, "")), daemon=True)  # type: ignore[union-attr]
    reader.start()
    inside = Path(f"/proc/{hub.pid}/root") / disk.relative_to("/")
    config = private_broker.config()
    watcher = HubWatcher(config, filters=("judge/state",))
    judge = connected_client(config, "judge", judge_reply_topic(T))
    try:
        watcher.until("the hub's state", lambda p: "judge/state" in p)
        with (inside / "filler").open("wb") as filler:  # fill the tmpfs to the last byte
            try:
                while True:
                    filler.write(b"\0" * 65536)
                    filler.flush()
            except OSError as exc:
                assert exc.errno == 28  # ENOSPC
        raw_publish(config, [(table_topic(T, "1", "heartbeat"), JUNK, False)] * 3
                    + [(decide_topic(T, "head-judge"), request(), False)])
        watcher.until("the alert on the head judge's page", store_alert)
        assert replies(judge) == [] and hub.poll() is None
        (inside / "filler").unlink()  # space again
        got: list[Received] = []
        wait_for("the answer", lambda: answered(judge, got))
        assert [json.loads(r.payload)["decision_id"] for r in got] == [1]
        watcher.until("the alert gone", lambda p: not store_alert(p))
    finally:
        judge.close()
        watcher.close()
        hub.send_signal(signal.SIGTERM)
        assert hub.wait(30) == 0
        reader.join(10)
    full = [line for line in lines if "cannot write its store" in line]
    assert len(full) == 1 and "the disk is full" in full[0], lines
    assert not [line for line in lines if "Traceback" in line], lines


def hub_start(tmp_path: Path, database: Path) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "hub.toml"
    config.write_text(f'tournament = "{T}"\ntables = ["1"]\ndatabase = "{database}"\n'
                      '[broker]\nurl = "mqtt://127.0.0.1:9"\n', encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", "hub", "--config",
                           str(config)], capture_output=True, text=True, timeout=60,
                          check=False)


def full_store(path: Path) -> None:
    """A store of many pages: fifty games' protocols."""
    store = Store(path)
    with store.batch():
        for n in range(50):
            store.add_protocol("1", f"g{n}", finished_protocol(n, "1", game_id=f"g{n}"),
                               "2026-11-30T10:00:00+00:00")
    store.close()


@pytest.mark.parametrize("damage", ["truncated", "overwritten"])
def test_a_damaged_store_stops_the_hub_with_one_line(tmp_path: Path, damage: str) -> None:
    database = tmp_path / "hub.sqlite"
    full_store(database)
    size = database.stat().st_size
    with database.open("r+b") as file:
        if damage == "truncated":
            file.truncate(size // 2)
        else:  # a stretch of garbage in the middle, as a failing SD card writes
            file.seek(size // 2)
            file.write(os.urandom(8192))
    done = hub_start(tmp_path, database)
    assert done.returncode == 2, done
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"hub: the hub's store {database} ")
    assert "move the file aside" in line and "Traceback" not in done.stderr
