"""A real mosquitto as a child process, for tests, benchmarks and the one-machine demo.

Each instance gets its own temporary directory (config, password file, ACL, log, database)
and, unless told otherwise, a free port on 127.0.0.1. `restart()` brings it back on the same
port, so tests can take the broker away from running clients and give it back.
"""

from __future__ import annotations

import atexit
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Final

from bus.acl import render_acl
from bus.client import MAX_PACKET_BYTES
from bus.config import BrokerConfig
from bus.passwords import check_account, write_password_file
from bus.topics import HEAD_JUDGE, is_head_judge

STARTUP_TIMEOUT_S = 20.0
LOOPBACK: Final = "127.0.0.1"
_RUNNING: set[MosquittoProcess] = set()  # strong refs: a forgotten broker is stopped at exit


class BrokerError(RuntimeError):
    """mosquitto is missing, did not start, or stopped on its own."""


WEB_DIR: Final = Path(__file__).resolve().parents[1] / "web"  # the kit's pages (docs/web.md)


def find_mosquitto() -> str:
    """The broker binary from PATH or the Debian location (/usr/sbin is not always in PATH)."""
    found = shutil.which("mosquitto")
    if found:
        return found
    for candidate in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"):
        if os.access(candidate, os.X_OK):
            return candidate
    raise BrokerError(
        "mosquitto is not installed: run `sudo apt-get install mosquitto` "
        "(scripts/bootstrap.sh does it)"
    )


_ISSUED: list[int] = []  # the ports this process handed out lately: never twice in a row


def _ephemeral_low() -> int:
    """Where the kernel's ports for outgoing connections begin (ip_local_port_range)."""
    try:
        text = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text(encoding="ascii")
        return int(text.split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now, below the kernel's range for outgoing
    connections: a port from that range (what binding port 0 gives) can be taken by any
    client's connection between this call and the listener's bind, or while a broker that
    had it restarts (seen in CI: "Address already in use" at a restart, a table that never
    connected). Not one of the last ports this process handed out."""
    low = _ephemeral_low()
    first = max(1024, low - 20000)
    for _ in range(200):
        port = secrets.randbelow(low - first) + first
        if port in _ISSUED:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
        _ISSUED[:] = [*_ISSUED[-63:], port]
        return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:  # a crowded machine
        sock.bind((host, 0))
        chosen: int = sock.getsockname()[1]
        return chosen


@atexit.register
def _stop_leftovers() -> None:
    """A broker someone forgot to stop must not outlive the Python process that started it."""
    for broker in list(_RUNNING):
        broker.stop()


def _accepts(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


class MosquittoProcess:
    """One mosquitto. `start()`/`stop()`/`restart()`, or use it as a context manager.

    `users` ({name: password}) turns anonymous access off. `acl=True` applies the kit's ACL
    (deploy/mosquitto/acl.conf) with a block for each of `tables` ((tournament, table)).
    `websockets=True` opens a second listener for browsers (MQTT over WebSockets, same
    accounts and ACL) on `ws_port`; with `http_dir` it also serves that folder's pages
    (the kit's web/), so a browser loads the page and its MQTT link from one address. That
    listener is plain, so it is bound to 127.0.0.1 whatever `host` is: browsers on the LAN
    go through the production TLS front (deploy/mosquitto, docs/web.md).
    """

    def __init__(
        self,
        port: int | None = None,
        *,
        acl: bool = False,
        users: Mapping[str, str] | None = None,
        tables: Iterable[tuple[str, str]] = (),
        persistence: bool = False,
        host: str = "127.0.0.1",
        binary: str | None = None,
        hash_passwords_ourselves: bool = False,
        websockets: bool = False,
        ws_port: int | None = None,
        http_dir: Path | None = None,
    ) -> None:
        self.host = host
        self.port = free_port(host) if port is None else port
        self.ws_port: int | None = None
        if websockets:
            self.ws_port = free_port(LOOPBACK) if ws_port is None else ws_port
        self.users = dict(users or {})
        for name, password in self.users.items():
            check_account(name, password)  # a bad account is the user's error, before the binary
        self.binary = binary or find_mosquitto()
        self._dir = tempfile.TemporaryDirectory(prefix="mafiakit-mosquitto-")
        self.workdir = Path(self._dir.name)
        self.log_path = self.workdir / "mosquitto.log"
        self.config_path = self.workdir / "mosquitto.conf"
        lines = [
            f"listener {self.port} {host}",
            f"allow_anonymous {'false' if self.users else 'true'}",
            f"persistence {'true' if persistence else 'false'}",
            "max_queued_messages 10000",  # as deploy/mosquitto/mafiakit.conf
            f"persistence_location {self.workdir}/",
            f"log_dest file {self.log_path}",
            f"max_packet_size {MAX_PACKET_BYTES}",  # as in production (mafiakit.conf)
            "set_tcp_nodelay true",  # as in production: no Nagle delay on small replies
            "log_type error",
            "log_type warning",
            "log_type notice",
            "log_type information",
            # Run as ourselves: as root mosquitto would switch to the `mosquitto` user, who
            # cannot read our private temporary directory.
            f"user {pwd.getpwuid(os.getuid()).pw_name}",
        ]
        if self.ws_port is not None:
            # Global settings (password file, ACL) apply to every listener: a browser logs
            # in with the same accounts and gets the same rights as over plain MQTT.
            # `socket_domain` makes mosquitto 2.0.x really bind the address (without it a
            # websockets listener takes every address: deploy/mosquitto/mafiakit.conf)
            lines += [f"listener {self.ws_port} {LOOPBACK}", "socket_domain ipv4",
                      "protocol websockets"]
            if http_dir is not None:
                lines.append(f"http_dir {Path(http_dir).resolve()}")
        if self.users:
            password_file = self.workdir / "passwords"
            write_password_file(password_file, self.users, use_tool=not hash_passwords_ourselves)
            lines.append(f"password_file {password_file}")
        if acl:
            acl_file = self.workdir / "acl.conf"
            judges = [u for u in self.users if u != HEAD_JUDGE and is_head_judge(u)]
            acl_file.write_text(render_acl(tables, head_judges=judges), encoding="utf-8")
            lines.append(f"acl_file {acl_file}")
        self.config_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """`mqtt://host:port` (no account)."""
        return f"mqtt://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        """`ws://host:port` of the browsers' listener (also where http_dir is served)."""
        if self.ws_port is None:
            raise BrokerError("this broker has no WebSockets listener (websockets=True)")
        return f"ws://{LOOPBACK}:{self.ws_port}"

    def config(self, username: str | None = None) -> BrokerConfig:
        """A client config for this broker, logged in as `username` (password from `users`).

        Reconnects are quick (0.1 s to 2 s) because this broker is local.
        """
        config = BrokerConfig(
            host=self.host, port=self.port, reconnect_min_s=0.1, reconnect_max_s=2.0
        )
        if username is None:
            return config
        if username not in self.users:
            raise KeyError(f"this broker has no account {username!r}")
        return config.as_user(username, self.users[username])

    @property
    def running(self) -> bool:
        """True while the process is alive."""
        return self._process is not None and self._process.poll() is None

    def start(self) -> MosquittoProcess:
        """Start mosquitto and return once its port accepts connections."""
        if self.running:
            return self
        for what, port in (("port", self.port), ("web port", self.ws_port)):
            if port is not None and _accepts(self.host, port):
                raise BrokerError(
                    f"{what} {port} on {self.host} is already taken by another program: "
                    "stop that one, or give another port"
                )
        log = self.log_path.open("ab")
        try:
            self._process = subprocess.Popen(
                [self.binary, "-c", str(self.config_path)],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            )
        finally:
            log.close()
        _RUNNING.add(self)
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while True:
            if self._process.poll() is not None:
                raise BrokerError(f"mosquitto exited at start:\n{self.log_tail()}")
            if _accepts(self.host, self.port) and (
                    self.ws_port is None or _accepts(LOOPBACK, self.ws_port)):
                return self
            if time.monotonic() > deadline:
                self.stop()
                raise BrokerError(f"mosquitto did not open port {self.port}:\n{self.log_tail()}")
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop the process (files are kept, so `start()` brings the same broker back)."""
        process, self._process = self._process, None
        _RUNNING.discard(self)
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def kill(self) -> None:
        """SIGKILL, as a crash or a power cut: nothing is saved (the persistence file keeps its
        last autosave), no client gets a clean goodbye; files are kept for `start()`."""
        process, self._process = self._process, None
        _RUNNING.discard(self)
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    @property
    def database(self) -> Path:
        """The persistence file (`persistence=True`): retained messages as last saved."""
        return self.workdir / "mosquitto.db"

    def wait(self) -> int:
        """Block until mosquitto exits by itself; its exit code."""
        if self._process is None:
            raise BrokerError("mosquitto is not running")
        return self._process.wait()

    def restart(self, down_for: float = 0.0) -> None:
        """Stop, stay down for `down_for` seconds (an outage), start on the same port."""
        self.stop()
        if down_for > 0:
            time.sleep(down_for)
        self.start()

    def close(self) -> None:
        """Stop and delete the temporary directory."""
        self.stop()
        self._dir.cleanup()

    def log_tail(self, lines: int = 20) -> str:
        """The end of the broker log, for error messages."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def __enter__(self) -> MosquittoProcess:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
