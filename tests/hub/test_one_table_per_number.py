"""One table per number (issue 25, item 1; docs/mqtt.md "One table per number"): a second
`mafiakit table` with a number a live table holds refuses to start and names the holder's
machine, the holder's retained state is untouched, the hub raises "two tables claim table N";
the holder's own restart after a crash is never blocked; a copied journal is a new instance.
Real table processes, a real hub and a real broker."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.config import BrokerConfig
from bus.payloads import Status, encode
from bus.testing import connected_client, raw_publish, received_until
from bus.topics import hub_topic, table_topic
from device.table.instance import instance_id
from device.table.journal import Journal
from device.testing import send_line, start_table_process
from hub.registry import Liveness
from tests.hub.helpers import HEARTBEAT_S, T, hub_settings, running_hub, stored, wait_for

ENV = {"MAFIAKIT_TOURNAMENT": T, "MAFIAKIT_TABLE": "1", "MAFIAKIT_HEARTBEAT_S": str(HEARTBEAT_S),
       "MAFIAKIT_LANG": "en"}
MARKER = "mafia/v1/cup/tables/9/status"


def retained(config: BrokerConfig) -> dict[str, bytes]:
    """Every retained message of table 1 and the hub, as a screen connecting now gets it."""
    reader = connected_client(config, "reader", f"mafia/v1/{T}/tables/1/#", f"mafia/v1/{T}/hub/#",
                              MARKER)
    try:
        marker = json.dumps({"marker": datetime.now(UTC).isoformat()}).encode()
        raw_publish(config, [(MARKER, marker, False)])
        seen = received_until(reader, MARKER, marker)
    finally:
        reader.close()
    return {item.topic: item.payload for item in seen if item.retain}


def second_table(journal: Path, url: str) -> subprocess.CompletedProcess[str]:
    """A second `mafiakit table` given table 1's number; stdin closed, so if it were let in
    it would stop at once by itself (exit 0) instead of hanging."""
    return subprocess.run(
        [sys.executable, "-m", "mafiakit.cli", "table", "--journal", str(journal),
         "--broker", url, "--stdin"], stdin=subprocess.DEVNULL, capture_output=True,
        text=True, timeout=120, check=False, env={**os.environ, **ENV})


@pytest.fixture
def first(private_broker: MosquittoProcess, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    proc, _ = start_table_process(tmp_path / "t1.sqlite", private_broker.url, **ENV)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)


def test_a_second_table_with_a_held_number_refuses_and_the_first_is_untouched(
        private_broker: MosquittoProcess, tmp_path: Path, first: subprocess.Popen[str]) -> None:
    config = BrokerConfig.from_url(private_broker.url)
    settings = hub_settings(tmp_path, private_broker.url, 1)
    with running_hub(settings) as hub:
        wait_for("the hub sees table 1", lambda: hub.registry.tables["1"].state
                 is Liveness.ONLINE)
        send_line(first, {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1})
        send_line(first, {"action": "start"})
        holder = hub.registry.tables["1"].birth
        assert holder is not None and holder.instance is not None
        before = retained(config)
        assert table_topic(T, "1", "status") in before and table_topic(T, "1", "judge") in before

        done = second_table(tmp_path / "other.sqlite", private_broker.url)

        assert done.returncode == 1, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
        assert lines[0].startswith("table: table 1 of tournament cup is already running on "
                                   f"{socket.gethostname()} (127.0.0.1)"), lines
        assert "stop that one first" in lines[0]
        assert done.stdout == ""  # no "ready": it never started

        wait_for("the hub's alert", lambda: any(
            a.kind == "two_tables" for a in hub.alerts()))
        alert = next(a for a in hub.alerts() if a.kind == "two_tables")
        assert alert.table == "1"
        assert alert.text.startswith("Two tables claim table 1: ")
        assert hub.registry.tables["1"].birth == holder
        assert hub.registry.tables["1"].state is Liveness.ONLINE
        wait_for("the alert on the public aggregate", lambda: any(
            a["kind"] == "two_tables" for a in json.loads(retained(config)[
                hub_topic(T, "public/aggregate")])["alerts"]))
        after = retained(config)
        table_topics = {t for t in before if "/tables/" in t}
        assert {t: after[t] for t in table_topics} == {t: before[t] for t in table_topics}
        send_line(first, {"action": "day"})  # the real table plays on


def test_a_hub_never_takes_a_second_instance_for_the_table(private_broker: MosquittoProcess,
                                                           tmp_path: Path,
                                                           first: subprocess.Popen[str]) -> None:
    """A second instance that publishes anyway (an older kit, or two started in the same
    instant): its birth is not taken, its stop does not mark the real table offline, and the
    real table's next birth is not quarantined as "a birth of an earlier boot"."""
    settings = hub_settings(tmp_path, private_broker.url, 1)
    config = BrokerConfig.from_url(private_broker.url)
    with running_hub(settings) as hub:
        wait_for("the hub sees table 1", lambda: hub.registry.tables["1"].state
                 is Liveness.ONLINE)
        holder = hub.registry.tables["1"].birth
        assert holder is not None
        status = table_topic(T, "1", "status")
        impostor = Status(state="online", bdseq=0, booted_at=datetime.now(UTC),
                          software_version="old", instance="clone0000", host="pi-clone")
        raw_publish(config, [(status, encode(impostor), True)])
        wait_for("the alert", lambda: any(a.kind == "two_tables" and "pi-clone" in a.text
                                          for a in hub.alerts()))
        raw_publish(config, [(status, encode(impostor.model_copy(update={"state": "offline"})),
                              True)])
        # the real table answers the stranger's "offline" with a fresh birth (bus/client.py)
        wait_for("the real table's birth again", lambda: json.loads(
            retained(config)[status])["instance"] == holder.instance)
        assert hub.registry.tables["1"].birth is not None
        assert hub.registry.tables["1"].birth.instance == holder.instance
        assert hub.registry.tables["1"].state is Liveness.ONLINE
        assert [q for q in stored(hub).quarantined() if "earlier boot" in str(q)] == []


def test_the_table_restarted_after_a_crash_is_not_blocked_by_its_own_birth(
        private_broker: MosquittoProcess, tmp_path: Path, first: subprocess.Popen[str]) -> None:
    config = BrokerConfig.from_url(private_broker.url)
    topic = table_topic(T, "1", "status")
    wait_for("the table's birth", lambda: topic in retained(config))
    birth = retained(config)[topic]
    first.send_signal(signal.SIGKILL)  # the Pi loses power: no "offline"
    first.wait(30)
    # a power cut leaves the link half-open: the broker still shows the birth until its
    # keepalive runs out (here the kernel closed the socket, so it is put back by hand)
    raw_publish(config, [(topic, birth, True)])
    assert json.loads(retained(config)[topic])["state"] == "online"
    again, _ = start_table_process(tmp_path / "t1.sqlite", private_broker.url, **ENV)
    try:
        assert again.poll() is None
        send_line(again, {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1})
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(30)


def test_a_copied_journal_is_a_table_of_its_own(private_broker: MosquittoProcess,
                                                tmp_path: Path,
                                                first: subprocess.Popen[str]) -> None:
    """A cloned card carries the journal and its instance id: where the journal finds itself
    elsewhere (here another folder; on a clone another network card), it is another instance,
    and the holder keeps the number."""
    copy = tmp_path / "clone" / "t1.sqlite"
    copy.parent.mkdir()
    shutil.copy(tmp_path / "t1.sqlite", copy)
    done = second_table(copy, private_broker.url)
    assert done.returncode == 1 and "already running on" in done.stderr, done.stderr


def test_the_instance_id_stays_with_its_place_and_changes_with_another(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "t.sqlite")
    try:
        made = instance_id(journal, where="pi-a")
        assert instance_id(journal, where="pi-a") == made  # a restart: the same instance
        clone = instance_id(journal, where="pi-b")  # the same card in another Pi
        assert clone != made
        assert instance_id(journal, where="pi-b") == clone
    finally:
        journal.close()


def test_one_journal_is_one_service(tmp_path: Path, private_broker: MosquittoProcess,
                                    first: subprocess.Popen[str]) -> None:
    done = second_table(tmp_path / "t1.sqlite", private_broker.url)
    assert done.returncode == 1
    assert done.stderr.startswith("table: the journal t1.sqlite is in use by another table "
                                  "service on this machine (pid "), done.stderr
    assert "Traceback" not in done.stderr


def test_a_second_table_right_after_the_first_says_ready_is_turned_away(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    """Once a table says `ready` its number is held: it says so only after its birth is out
    (before, a second one started a moment later found the number free and got in)."""
    first, _ = start_table_process(tmp_path / "a.sqlite", private_broker.url, **ENV)
    try:
        done = second_table(tmp_path / "b.sqlite", private_broker.url)
        assert done.returncode == 1 and "already running on" in done.stderr, done.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(30)
