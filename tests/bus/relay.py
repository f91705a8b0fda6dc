"""A TCP relay the tests can cut: the venue's internet link in a bridge outage test.

Connections to `port` are carried to `target`; `cut()` drops every open one and refuses new
ones until `restore()`, as a router that goes down does. The brokers on both sides keep
running, so what is tested is the bridge's own queueing and catching up.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType

from bus.broker import free_port


class Relay:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.up = True
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", self.port))
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                inner, _ = self._server.accept()
            except OSError:
                return
            if not self.up:
                inner.close()
                continue
            try:
                outer = socket.create_connection(self.target, timeout=5)
            except OSError:
                inner.close()
                continue
            outer.settimeout(None)
            with self._lock:
                self._pairs.append((inner, outer))
            for a, b in ((inner, outer), (outer, inner)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """The link goes down: every open connection dropped, new ones refused."""
        self.up = False
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            for s in pair:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._server.close()

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
