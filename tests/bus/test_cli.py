"""`mafiakit schema`, `mafiakit broker` and `mafiakit acl`."""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.cli import register
from bus.client import BusClient, LinkDown
from bus.config import BrokerConfig
from bus.hubpages import PAGE_MODELS, PAGE_VERSION
from bus.payloads import MODELS
from bus.testing import connected_client, lan_address, next_of, reachable
from mafiakit.cli import resolve

PAYLOAD_NAMES = {"public", "audience", "judge", "status", "heartbeat", "event", "protocol",
                 "command", "reply", "decision_request", "decision_reply", "stream", "claim"}


def run(argv: list[str]) -> int:
    """Run a bus subcommand through its own `register`, as mafiakit/cli.py does."""
    parser = argparse.ArgumentParser(prog="mafiakit")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = resolve(args)(args)
    return code


def test_schema_prints_one_object_with_every_payload(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["schema"]) == 0
    schemas = json.loads(capsys.readouterr().out)
    assert set(schemas) == PAYLOAD_NAMES | set(PAGE_MODELS)
    for name, schema in schemas.items():
        assert schema["type"] == "object", name
        assert schema["additionalProperties"] is False, name
        version = MODELS[name].VERSION if name in MODELS else PAGE_VERSION
        assert schema["properties"]["schema_version"]["const"] == version, name
    for view_class in ("public", "audience", "judge"):
        assert schemas[view_class]["properties"]["view_class"]["const"] == view_class
        assert schemas[view_class]["title"] == f"{view_class.capitalize()}Snapshot"
    assert schemas["status"]["properties"]["state"]["enum"] == ["online", "offline", "lost"]
    assert schemas["stream"]["title"] == "StreamSnapshot"  # the delayed judge view (docs/web.md)
    assert "roles" in schemas["stream"]["$defs"]["JudgeView"]["properties"]


def test_schema_through_the_mafiakit_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mafiakit.cli", "schema"], capture_output=True, text=True,
        check=True,
    )
    assert set(json.loads(done.stdout)) == PAYLOAD_NAMES | set(PAGE_MODELS)


def test_acl_prints_a_block_per_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["acl", "--table", "cup/1", "--table", "cup/2"]) == 0
    out = capsys.readouterr().out
    assert "user table-cup-1\n" in out and "user table-cup-2\n" in out
    assert "topic read mafia/v1/cup/tables/2/cmd/+" in out
    assert "user stream-cup-2\ntopic read mafia/v1/cup/tables/2/stream\n" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["acl", "--table", "cup"], "acl: table 'cup' must be written as TOURNAMENT/TABLE"),
        (["broker", "--user", "hub"], "broker: --user hub asks for the password at the "
         "terminal, and there is none: give --users FILE instead"),
        (["broker", "--acl"], "broker: --acl needs accounts: --users FILE (or --user NAME)"),
        (["broker", "--table", "cup/3"], "broker: --table only matters with --acl"),
        (["broker", "--host", "0.0.0.0"], "broker: --host 0.0.0.0: a broker other machines "
         "can reach needs accounts and the kit's ACL (--acl --users FILE), never anonymous"),
        (["broker", "--host", "hub.local", "--users", "{accounts}"], "never anonymous"),
        (["broker", "--acl", "--users", "{accounts}", "--table", "cup/#"],
         "must not contain '#'"),
        (["broker", "--users", "{bad_name}"], "must be non-empty, without ':' or spaces"),
        (["broker", "--users", "{open}"], "may be read by other users of this machine: run "
         "`chmod 600"),
        (["broker", "--users", "{no_password}"], "line 1: write it as NAME PASSWORD"),
    ],
)
def test_bad_arguments_are_explained(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    files = {"accounts": "hub pw\n", "bad_name": "a:b pw\n", "open": "hub pw\n",
             "no_password": "hub\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        (tmp_path / name).chmod(0o644 if name == "open" else 0o600)
    assert run([arg.format(**{n: tmp_path / n for n in files}) for arg in argv]) == 2
    assert message in capsys.readouterr().err


def test_no_password_is_taken_from_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: `--user NAME:PASSWORD` showed the password to every user of the machine
    (`ps`); it is refused, and the refusal does not repeat the password either."""
    assert run(["broker", "--acl", "--user", "hub:s3cret-pw"]) == 2
    err = capsys.readouterr().err
    assert "--user hub: a password on the command line can be read by every user" in err
    assert "--users FILE" in err and "s3cret-pw" not in err


def accounts_file(tmp_path: Path, **accounts: str) -> Path:
    path = tmp_path / "accounts"
    path.write_text("# account password\n" + "".join(f"{n} {p}\n" for n, p in accounts.items()))
    path.chmod(0o600)
    return path


def test_broker_runs_in_the_foreground_until_stopped(mosquitto_binary: str,
                                                     tmp_path: Path) -> None:
    users = accounts_file(tmp_path, hub="pw")
    process = subprocess.Popen(
        [sys.executable, "-m", "mafiakit.cli", "broker", "--port", "0",
         "--acl", "--users", str(users), "--table", "cup/3"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("mosquitto running at mqtt://127.0.0.1:")
    url = line.split()[3]
    client = connected_client(BrokerConfig.from_url(url).as_user("hub", "pw"), "hub")
    assert client.connected
    client.close()
    process.send_signal(signal.SIGTERM)
    assert process.wait() == 0


def test_a_broker_on_the_lan_has_accounts_and_browsers_stay_on_this_machine(
        mosquitto_binary: str, tmp_path: Path) -> None:
    """Issue 24: `mafiakit broker --ws-port` was anonymous and its "local" websockets
    listener answered on every address. Now a LAN address needs --acl and accounts, and the
    websockets listener answers on 127.0.0.1 only, checked from this machine's LAN address."""
    lan = lan_address()
    users = accounts_file(tmp_path, hub="pw", scoreboard="sb")
    process = subprocess.Popen(
        [sys.executable, "-m", "mafiakit.cli", "broker", "--host", lan, "--port", "0",
         "--acl", "--users", str(users), "--ws-port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stderr is not None
        url = process.stdout.readline().split()[3]
        ws = process.stdout.readline().split("at ")[1].split(";")[0]
        assert "passwords in clear" in process.stderr.readline()
        config = BrokerConfig.from_url(url)
        assert config.host == lan
        ws_port = int(ws.rsplit(":", 1)[1])
        assert ws.startswith("ws://127.0.0.1:") and reachable("127.0.0.1", ws_port)
        assert not reachable(lan, ws_port), "the browsers' plain listener answers on the LAN"
        stranger = BusClient(config, name="stranger").start()
        assert next_of(stranger, LinkDown).reason.startswith(
            "the broker refused the connection")
        stranger.close()
        screen = connected_client(config.as_user("scoreboard", "sb"), "sb")
        screen.close()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0


def test_the_test_brokers_websockets_answer_on_loopback_only(
        spawn_broker: type[MosquittoProcess]) -> None:
    with spawn_broker(websockets=True) as broker:
        assert broker.ws_port is not None and reachable("127.0.0.1", broker.ws_port)
        assert not reachable(lan_address(), broker.ws_port)
