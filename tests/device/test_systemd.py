"""The systemd notify protocol: READY at start, WATCHDOG from the engine loop, STOPPING."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path


def test_table_notifies_systemd(tmp_path: Path) -> None:
    address = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(address)
    server.settimeout(30)
    env = {"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "400000", "PATH": "/usr/bin:/bin"}
    proc = subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                             "--journal", str(tmp_path / "t.sqlite"), "--stdin"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        got = [server.recv(100).decode() for _ in range(4)]
        assert got[0] == "READY=1"
        assert got[1:] == ["WATCHDOG=1"] * 3  # the engine loop keeps pinging
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(30)
    messages = []
    server.settimeout(1)
    try:
        while True:
            messages.append(server.recv(100).decode())
    except TimeoutError:
        pass
    assert messages[-1] == "STOPPING=1"
    server.close()
