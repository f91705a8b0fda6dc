"""The broker a benchmark talks to: `--broker URL`, or a mosquitto of its own for the run."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


@contextlib.contextmanager
def broker_url(given: str | None) -> Iterator[str]:
    """`given` (mqtt://host:port) as it is, else a mosquitto started on a free port for the
    block and stopped after it."""
    if given:
        yield given
        return
    from bus.broker import MosquittoProcess

    with MosquittoProcess() as broker:
        yield broker.url
