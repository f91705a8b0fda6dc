"""Helpers for tests that need a real table service (on its own thread, real broker, or a
`mafiakit table --stdin` process to kill), shared by the classic and the club tests."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from bus.client import BusClient, Received
from bus.testing import next_item
from device.config import TableSettings
from device.table.inbox import Stop, Submit
from device.table.service import TableService


@contextlib.contextmanager
def running_table(journal: Path, broker_url: str | None,
                  **settings: object) -> Iterator[TableService]:
    """A started TableService draining its inbox on a thread; stopped and closed after."""
    # the console's answers (`submit`) in English, as the tests read them, unless asked
    fields: dict[str, object] = {"journal": journal, "lang": "en", **settings}
    if broker_url is not None:
        fields["broker"] = {"url": broker_url}
    service = TableService(TableSettings.model_validate(fields), connect=broker_url is not None)
    service.start()
    if service.bus is not None and not service.bus.wait_ready(30):
        service.close()
        raise AssertionError(f"the table did not connect to {broker_url}")
    thread = threading.Thread(target=service.run, name="engine", daemon=True)
    thread.start()
    try:
        yield service
    finally:
        service.inbox.put(Stop())
        thread.join(30)
        service.close()


def settle(service: TableService) -> None:
    """Let the engine thread's loop (here: the test's own thread) take what is waiting."""
    service.step()
    while not service.inbox.empty():
        service.step()


def submit(service: TableService, line: Mapping[str, object]) -> tuple[bool, str]:
    """Hand one action to the engine thread and wait for its answer."""
    answer: queue.Queue[tuple[bool, str]] = queue.Queue()
    service.inbox.put(Submit(line, answer))
    return answer.get(timeout=30)


def watch_to_last_public(screen: BusClient, topic: str, game_id: str | None,
                         seq: int) -> list[Received]:
    """Every message `screen` receives until the public snapshot `seq` of `game_id` on
    `topic` (the last one the table sent): what a screen saw of the games played."""
    seen: list[Received] = []

    def collect(item: object) -> bool:
        if isinstance(item, Received):
            seen.append(item)
            if item.topic == topic and item.payload:
                data = json.loads(item.payload)
                return bool(data.get("game_id") == game_id and data.get("seq") == seq)
        return False

    next_item(screen, collect, guard=120)
    return seen


def start_table_process(journal: Path, url: str,
                        **env: str) -> tuple[subprocess.Popen[str], int]:
    """`mafiakit table --stdin` as a process (to be killed); `env` adds MAFIAKIT_* settings.
    Returns it with the number of actions its journal holds ("ready ID N")."""
    with tempfile.TemporaryFile("w+") as said:  # stderr: why, if it never says "ready"
        proc = subprocess.Popen(
            [sys.executable, "-m", "mafiakit.cli", "table", "--journal", str(journal),
             "--broker", url, "--stdin"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=said, text=True,
            env={**os.environ, **env})
        assert proc.stdout is not None
        ready = proc.stdout.readline().split()
        if ready[:1] != ["ready"]:
            proc.wait(30)
            said.seek(0)
            raise AssertionError(f"the table did not start: {ready} {said.read()[-2000:]}")
    return proc, int(ready[2])


def send_line(proc: subprocess.Popen[str], line: Mapping[str, object]) -> str:
    """One line typed at the console of a table process; its answer must be "ok"."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(line) + "\n")
    proc.stdin.flush()
    answer = proc.stdout.readline()
    assert answer.startswith("ok"), (line, answer)
    return answer


def at_each_action(service: TableService, check: Callable[[TableService], None]) -> list[int]:
    """Call `check` once per accepted action, at its first publish (before the key's flash);
    the list fills with the journal's `seq` at each call."""
    checked: list[int] = []

    def after_change(svc: TableService) -> None:
        if checked and svc.seq == checked[-1]:
            return
        checked.append(svc.seq)
        check(svc)

    service.listeners.append(after_change)
    return checked
