"""The systemd notify protocol: READY at start, WATCHDOG from the engine loop, STOPPING."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.leds import Pattern
from device.hardware.music import MusicSettings, NightMusic
from device.hardware.pins import PinMap
from device.table.service import TableService
from device.table.systemd import Notifier
from firmware_sim.board import MockBoard


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


def test_the_watchdog_starves_once_the_pad_thread_is_dead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine loop pings only while the pad thread lives: a table whose keys read nothing
    is restarted by systemd (WatchdogSec) instead of looking healthy all evening."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    address = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(address)
    server.settimeout(30)
    factory = MockFactory()
    pins = PinMap()
    MockBoard(pins, factory)
    music = NightMusic(MusicSettings(cache_dir=tmp_path))
    hardware = TableHardware(pins, factory, music=music)  # its own thread, as on a Pi
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False,
                           hardware=hardware)
    service.notifier = Notifier(address)
    service.notifier.interval = 0.0  # ping at every step
    try:
        service.step()
        assert server.recv(100) == b"WATCHDOG=1"
        hardware.show([Pattern.SLOW_PULSE] * 10)  # the pad thread animates the chain
        chain = hardware.leds._chain
        assert chain is not None
        chain.close()  # what an I/O error on /dev/spidev0.0 is to the thread: it dies
        assert hardware._thread is not None
        hardware._thread.join(30)
        assert not hardware.alive
        service.step()
        server.settimeout(0.5)
        with pytest.raises(TimeoutError):
            server.recv(100)  # no ping: systemd will restart the table
    finally:
        hardware.leds._chain = None  # closed above
        service.close()
        server.close()
