"""deploy/mosquitto/bridge.sh (the venue's side) and deploy/mosquitto/outside/ (the outside
broker's), dry-run into temporary folders, then run: a real mosquitto on the outside config
setup.sh wrote, a real venue broker with the bridge section bridge.sh wrote, a follower over
WebSockets receiving what the venue's table published, and only that."""

from __future__ import annotations

import os
import pwd
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from bus import topics
from bus.bridge import Bridge, render_outside_acl
from bus.broker import MosquittoProcess, find_mosquitto, free_port
from bus.testing import GUARD_S, raw_publish

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto"
T = "cup"


def bridge_sh(etc: Path, *args: str,
              password: str = "s3cret&x") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAFIAKIT_ETC": str(etc), "MAFIAKIT_NO_SERVICE": "1"}
    return subprocess.run(["bash", str(DEPLOY / "bridge.sh"), *args], input=password + "\n",
                          env=env, capture_output=True, text=True, check=False)


def outside_sh(etc: Path, *args: str, **more: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAFIAKIT_ETC": str(etc), "MAFIAKIT_NO_SERVICE": "1",
           "MAFIAKIT_OUTSIDE_NAME": "127.0.0.1", **more}
    return subprocess.run(["bash", str(DEPLOY / "outside" / "setup.sh"), *args], env=env,
                          capture_output=True, text=True, check=False)


def credentials(etc: Path) -> dict[str, str]:
    lines = (etc / "mafiakit-outside-credentials").read_text().splitlines()
    return dict(line.split(" ", 1) for line in lines)


def test_bridge_sh_writes_the_section_the_kit_renders(tmp_path: Path) -> None:
    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n")
    done = bridge_sh(tmp_path / "etc", T, "fans.example.org:8883", str(ca))
    assert done.returncode == 0, done.stderr
    conf = tmp_path / "etc" / "conf.d" / "mafiakit_bridge.conf"
    installed = tmp_path / "etc" / "ca_certificates" / "mafiakit-outside-ca.crt"
    url = f"mqtts://bridge-{T}:s3cret%26x@fans.example.org:8883?ca={installed}"
    assert conf.read_text() == Bridge.from_url(url, T).section()
    assert conf.stat().st_mode & 0o777 == 0o640  # it holds the password
    assert installed.read_bytes() == ca.read_bytes()
    assert "s3cret" not in done.stderr
    without_ca = bridge_sh(tmp_path / "etc2", T, "fans.example.org:8883")
    assert without_ca.returncode == 0
    assert "bridge_capath /etc/ssl/certs" in (
        tmp_path / "etc2" / "conf.d" / "mafiakit_bridge.conf").read_text().splitlines()
    removed = bridge_sh(tmp_path / "etc", "--remove")
    assert removed.returncode == 0 and not conf.exists()


@pytest.mark.parametrize(("args", "password", "words"), [
    ((T, "fans.example.org:8883"), "", "standard input"),
    ((T, "fans.example.org:8883"), "two words", "one word"),
    ((T, "fans.example.org"), "pw", "HOST:PORT"),
    (("cup/#", "fans.example.org:8883"), "pw", "tournament id"),
    ((T, "fans.example.org:8883", "/no/such/ca.crt"), "pw", "missing"),
])
def test_bridge_sh_refuses_in_words(tmp_path: Path, args: tuple[str, ...], password: str,
                                    words: str) -> None:
    done = bridge_sh(tmp_path, *args, password=password)
    assert done.returncode == 2 and words in done.stderr
    assert not (tmp_path / "conf.d" / "mafiakit_bridge.conf").exists()


def test_outside_setup_renders_the_kits_acl_and_keeps_passwords(tmp_path: Path) -> None:
    assert outside_sh(tmp_path, T).returncode == 0
    first = credentials(tmp_path)
    assert outside_sh(tmp_path, T, "league").returncode == 0
    assert (tmp_path / "mafiakit-outside.acl").read_text() == render_outside_acl([T, "league"])
    after = credentials(tmp_path)
    assert set(after) == {"follower", f"bridge-{T}", "bridge-league"}
    assert after["follower"] == "follower"  # public by design: it is in the page's address
    assert {k: after[k] for k in first} == first
    assert (tmp_path / "mafiakit-outside-credentials").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "certs" / "mafiakit-outside.key").stat().st_mode & 0o007 == 0


@pytest.fixture
def production(tmp_path: Path) -> Iterator[tuple[Path, int, int]]:
    """The outside broker as setup.sh configured it (its ports moved to free ones, on
    127.0.0.1): (etc, bridges' TLS port, followers' websockets port)."""
    etc = tmp_path / "outside"
    assert outside_sh(etc, T).returncode == 0
    tls, ws, plain = free_port(), free_port(), free_port()
    conf = (etc / "conf.d" / "mafiakit-outside.conf").read_text()
    conf = conf.replace("listener 8883\n", f"listener {tls} 127.0.0.1\n").replace(
        "listener 9001 127.0.0.1", f"listener {ws} 127.0.0.1")
    main = tmp_path / "mosquitto.conf"
    main.write_text(f"persistence_location {tmp_path}/\nlog_dest file {tmp_path}/outside.log\n"
                    f"user {pwd.getpwuid(os.getuid()).pw_name}\n{conf}"
                    f"listener {plain} 127.0.0.1\n")
    process = subprocess.Popen([find_mosquitto(), "-c", str(main)])
    try:
        deadline = time.monotonic() + GUARD_S
        while not (tmp_path / "outside.log").exists() or "Opening websockets listen" not in (
                tmp_path / "outside.log").read_text():
            assert process.poll() is None, (tmp_path / "outside.log").read_text()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        yield etc, tls, ws
    finally:
        process.terminate()
        process.wait()


def test_the_installed_bridge_feeds_the_installed_outside_broker(
        production: tuple[Path, int, int], tmp_path: Path) -> None:
    etc, tls, ws = production
    ca = etc / "ca_certificates" / "mafiakit-outside-ca.crt"
    done = bridge_sh(tmp_path / "venue", T, f"127.0.0.1:{tls}", str(ca),
                     password=credentials(etc)[f"bridge-{T}"])
    assert done.returncode == 0, done.stderr
    section = (tmp_path / "venue" / "conf.d" / "mafiakit_bridge.conf").read_text()
    venue = MosquittoProcess()
    with venue.config_path.open("a") as config:
        config.write("\n" + section)
    got: list[tuple[str, bytes]] = []
    fan = mqtt.Client(CallbackAPIVersion.VERSION2, transport="websockets")
    fan.username_pw_set("follower", credentials(etc)["follower"])
    fan.on_message = lambda c, u, m: got.append((m.topic, bytes(m.payload)))
    fan.connect("127.0.0.1", ws)
    fan.subscribe("#", qos=1)
    fan.loop_start()
    try:
        with venue:
            deadline = time.monotonic() + GUARD_S
            while (topics.bridge_topic(T), b"1") not in got:  # the bridge is up
                assert time.monotonic() < deadline, venue.log_tail()
                time.sleep(0.05)
            judge, public = (topics.table_topic(T, "1", k) for k in ("judge", "public"))
            raw_publish(venue.config(), [(judge, b'{"roles": 1}', True),
                                         (public, b'{"seq": 1}', True)])
            while (public, b'{"seq": 1}') not in got:
                assert time.monotonic() < deadline
                time.sleep(0.05)
    finally:
        fan.loop_stop()
        fan.disconnect()
    assert [t for t, _ in got if t == judge] == []
