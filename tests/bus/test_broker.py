"""MosquittoProcess and password files, against the real mosquitto binary."""

from __future__ import annotations

import base64
import hashlib
import socket
from pathlib import Path

import pytest

from bus.broker import BrokerError, MosquittoProcess, find_mosquitto, free_port
from bus.client import BusClient, LinkDown
from bus.passwords import find_passwd_tool, hash_line, write_password_file
from bus.testing import GUARD_S, connected_client, next_of


def accepts(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def test_the_binary_is_found(mosquitto_binary: str) -> None:
    assert Path(mosquitto_binary).name == "mosquitto"
    assert find_mosquitto() == mosquitto_binary


def test_start_stop_restart_on_the_same_port(spawn_broker: type[MosquittoProcess]) -> None:
    with spawn_broker() as broker:
        port = broker.port
        assert broker.running and accepts(broker.host, port)
        broker.stop()
        assert not broker.running and not accepts(broker.host, port)
        broker.start()
        assert broker.port == port and accepts(broker.host, port)
        broker.restart()
        assert broker.running and accepts(broker.host, port)
        workdir = broker.workdir
    assert not broker.running
    assert not workdir.exists()


def test_the_generated_config_is_local_and_anonymous_by_default(
    spawn_broker: type[MosquittoProcess],
) -> None:
    with spawn_broker() as broker:
        config = broker.config_path.read_text()
        assert f"listener {broker.port} 127.0.0.1" in config
        assert "allow_anonymous true" in config
        assert "persistence false" in config
        assert broker.url == f"mqtt://127.0.0.1:{broker.port}"


def test_a_busy_port_is_reported_with_the_broker_log(spawn_broker: type[MosquittoProcess]) -> None:
    with spawn_broker() as first:
        second = spawn_broker(port=first.port)
        with pytest.raises(BrokerError, match=f"port {first.port} .* is already taken"):
            second.start()
        second.close()


def test_a_broken_config_is_reported_with_the_broker_log(
    spawn_broker: type[MosquittoProcess],
) -> None:
    broker = spawn_broker()
    broker.config_path.write_text(broker.config_path.read_text() + "no_such_option 1\n")
    with pytest.raises(BrokerError, match=r"(?s)mosquitto exited at start.*no_such_option"):
        broker.start()
    broker.close()


def test_a_missing_binary_is_reported(spawn_broker: type[MosquittoProcess]) -> None:
    broker = spawn_broker(binary="/nonexistent/mosquitto")
    with pytest.raises(FileNotFoundError):
        broker.start()
    broker.close()


def test_free_port_is_not_listened_on() -> None:
    assert not accepts("127.0.0.1", free_port())


def test_free_ports_are_outside_the_range_of_outgoing_connections_and_distinct() -> None:
    """A port from the kernel's range for outgoing connections can be taken by any client
    while a broker restarts on it (a CI failure): free_port stays below that range."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    ports = [free_port() for _ in range(40)]
    assert all(1024 <= port < low for port in ports), ports
    assert len(set(ports)) == len(ports)


def test_our_hash_is_mosquittos_pbkdf2_format() -> None:
    salt = bytes(range(12))
    line = hash_line("venue", "pw", salt=salt)
    user, rest = line.split(":", 1)
    _, algorithm, iterations, salt_b64, digest_b64 = rest.split("$")
    assert (user, algorithm, iterations) == ("venue", "7", "101")
    assert base64.b64decode(salt_b64) == salt
    expected = hashlib.pbkdf2_hmac("sha512", b"pw", salt, 101)
    assert base64.b64decode(digest_b64) == expected


@pytest.mark.parametrize(
    ("user", "password", "message"),
    [("", "pw", "must be non-empty"), ("a:b", "pw", "without ':'"), ("a b", "pw", "spaces"),
     ("hub", "", "must be non-empty and on one line"), ("hub", "a\nb", "on one line")],
)
def test_bad_accounts_are_refused(user: str, password: str, message: str,
                                  tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=message):
        write_password_file(tmp_path / "pw", {user: password})


def test_password_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "pw"
    write_password_file(path, {"hub": "h"}, use_tool=False)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.read_text().startswith("hub:$7$101$")


@pytest.mark.parametrize("ourselves", [False, True], ids=["mosquitto_passwd", "own-hash"])
def test_accounts_log_in_and_strangers_do_not(
    ourselves: bool, spawn_broker: type[MosquittoProcess]
) -> None:
    if not ourselves:
        assert find_passwd_tool() is not None, "mosquitto_passwd ships with mosquitto"
    users = {"venue": "right-password"}
    with spawn_broker(users=users, hash_passwords_ourselves=ourselves) as broker:
        assert "allow_anonymous false" in broker.config_path.read_text()
        good = connected_client(broker.config("venue"), "venue")
        assert good.connected
        good.close()
        wrong = BusClient(broker.config().as_user("venue", "wrong"), name="venue").start()
        refusal = next_of(wrong, LinkDown, guard=GUARD_S)
        assert "refused" in refusal.reason
        assert not wrong.connected
        wrong.close()


def test_config_for_an_unknown_account_is_refused(spawn_broker: type[MosquittoProcess]) -> None:
    with spawn_broker(users={"hub": "h"}) as broker:
        with pytest.raises(KeyError, match="no account"):
            broker.config("scoreboard")
        assert broker.config("hub").username == "hub"


def test_the_password_tool_never_gets_a_password_on_its_command_line(tmp_path: Path) -> None:
    """Issue 24: `mafiakit broker` handed each password to `mosquitto_passwd -b` as an
    argument, which `ps` shows to every user of the machine. A spy in front of the real tool
    records its arguments and the file's mode at each call."""
    real = find_passwd_tool()
    assert real is not None, "mosquitto_passwd ships with mosquitto"
    calls, spy = tmp_path / "calls", tmp_path / "mosquitto_passwd"
    spy.write_text("#!/usr/bin/env bash\n"
                   f'echo "ARGS $*" >> {calls}\n'
                   f'stat -c "MODE %a" "${{@: -1}}" >> {calls} 2>/dev/null || true\n'
                   f'exec {real} "$@"\n')
    spy.chmod(0o755)
    users = {"hub": "first-secret", "venue": "second-secret"}
    path = tmp_path / "pw"
    write_password_file(path, users, tool=str(spy))
    log = calls.read_text()
    assert "ARGS" in log and not any(p in log for p in users.values())
    modes = [int(line.split()[1], 8) for line in log.splitlines() if line.startswith("MODE")]
    assert modes and all(mode & 0o077 == 0 for mode in modes)
    assert path.stat().st_mode & 0o077 == 0
    lines = path.read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == ["hub", "venue"]
    assert all(line.split(":", 1)[1].startswith("$7$") for line in lines)  # hashed
