"""Helpers for tests that need a real table service (on its own thread, real broker)."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from device.config import TableSettings
from device.inbox import Stop, Submit
from device.service import TableService


@contextlib.contextmanager
def running_table(journal: Path, broker_url: str | None, **settings: Any) -> Iterator[TableService]:
    """A started TableService draining its inbox on a thread; stopped and closed after."""
    fields: dict[str, Any] = {"journal": journal, **settings}
    if broker_url is not None:
        fields["broker"] = {"url": broker_url}
    service = TableService(TableSettings(**fields), connect=broker_url is not None)
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


def submit(service: TableService, line: dict[str, Any]) -> tuple[bool, str]:
    """Hand one action to the engine thread and wait for its answer."""
    answer: queue.Queue[tuple[bool, str]] = queue.Queue()
    service.inbox.put(Submit(line, answer))
    return answer.get(timeout=30)
