"""deploy/mosquitto: setup.sh (dry run into a temporary /etc) and the production config.

The files setup.sh writes are loaded by a real mosquitto laid out as Debian does it (a main
config that includes conf.d/), so a typo in mafiakit.conf or the ACL fails here first.
"""

from __future__ import annotations

import os
import pwd
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bus import topics
from bus.acl import render_acl
from bus.broker import find_mosquitto, free_port
from bus.client import BusClient, LinkDown
from bus.config import BrokerConfig
from bus.testing import GUARD_S, connected_client, next_item, received_until

SETUP = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto" / "setup.sh"


def setup(etc: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAFIAKIT_ETC": str(etc), "MAFIAKIT_NO_SERVICE": "1"}
    return subprocess.run(
        ["bash", str(SETUP), *args], env=env, capture_output=True, text=True, check=False
    )


def credentials(etc: Path) -> dict[str, str]:
    lines = (etc / "mafiakit-credentials").read_text().splitlines()
    return dict(line.split(" ", 1) for line in lines)


def test_setup_renders_the_same_acl_as_the_kit(tmp_path: Path) -> None:
    assert setup(tmp_path, "cup", "1", "2").returncode == 0
    assert setup(tmp_path, "cup", "2", "3").returncode == 0
    acl = (tmp_path / "mafiakit.acl").read_text()
    assert acl == render_acl([("cup", "1"), ("cup", "2"), ("cup", "3")])
    assert set(credentials(tmp_path)) == {"hub", "scoreboard", "venue", "table-cup-1",
                                          "table-cup-2", "table-cup-3"}
    assert (tmp_path / "mafiakit-credentials").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "mafiakit.passwd").stat().st_mode & 0o777 == 0o640


def test_setup_keeps_existing_passwords(tmp_path: Path) -> None:
    setup(tmp_path, "cup", "1")
    first = credentials(tmp_path)
    passwd = (tmp_path / "mafiakit.passwd").read_text()
    setup(tmp_path, "cup", "1")
    assert credentials(tmp_path) == first
    assert (tmp_path / "mafiakit.passwd").read_text() == passwd


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cup"], "usage: setup.sh TOURNAMENT TABLE"),
        (["Autumn Cup", "1"], "tournament id 'Autumn Cup' may contain only letters"),
        (["cup", "1", "2/3"], "table id '2/3' may contain only letters"),
    ],
)
def test_setup_refuses_bad_arguments_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    done = setup(tmp_path, *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def production(
    tmp_path: Path, mosquitto_binary: str
) -> Iterator[tuple[BrokerConfig, dict[str, str]]]:
    """mosquitto running the files setup.sh wrote, on a free local port."""
    assert setup(tmp_path, "cup", "1").returncode == 0
    port = free_port()
    conf = tmp_path / "conf.d" / "mafiakit.conf"
    conf.write_text(conf.read_text().replace("listener 1883", f"listener {port} 127.0.0.1"))
    (tmp_path / "db").mkdir()
    main = tmp_path / "mosquitto.conf"
    main.write_text(
        f"persistence true\npersistence_location {tmp_path}/db/\n"
        f"log_dest file {tmp_path}/log\nuser {pwd.getpwuid(os.getuid()).pw_name}\n"
        f"include_dir {tmp_path}/conf.d\n"
    )
    process = subprocess.Popen([find_mosquitto(), "-c", str(main)])
    deadline = time.monotonic() + GUARD_S
    while True:
        assert process.poll() is None, (tmp_path / "log").read_text()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the production config did not start"
            time.sleep(0.05)
    yield BrokerConfig(host="127.0.0.1", port=port), credentials(tmp_path)
    process.terminate()
    process.wait()


def test_the_production_config_runs_with_its_accounts(
    production: tuple[BrokerConfig, dict[str, str]],
) -> None:
    config, accounts = production
    public = topics.table_topic("cup", "1", "public")
    judge = topics.table_topic("cup", "1", "judge")
    screen = connected_client(config.as_user("scoreboard", accounts["scoreboard"]), "sb", "#")
    table = connected_client(config.as_user("table-cup-1", accounts["table-cup-1"]), "t")
    table.publish(judge, b"secret", qos=1, retain=False)
    table.publish(public, b"open", qos=1, retain=False)
    assert received_until(screen, public, b"open") == []
    anonymous = BusClient(config, name="anonymous").start()
    refusal = next_item(anonymous, lambda item: isinstance(item, LinkDown))
    assert refusal.reason.startswith("the broker refused the connection")
    for client in (anonymous, table, screen):
        client.close()
