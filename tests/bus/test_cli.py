"""`mafiakit schema`, `mafiakit broker` and `mafiakit acl`."""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys

import pytest

from bus.cli import register
from bus.config import BrokerConfig
from bus.payloads import MODELS
from bus.testing import connected_client
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
    assert set(schemas) == PAYLOAD_NAMES
    for name, schema in schemas.items():
        assert schema["type"] == "object", name
        assert schema["additionalProperties"] is False, name
        assert schema["properties"]["schema_version"]["const"] == MODELS[name].VERSION, name
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
    assert set(json.loads(done.stdout)) == PAYLOAD_NAMES


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
        (["broker", "--user", "hub"], "broker: --user 'hub' must be written as NAME:PASSWORD"),
        (["broker", "--acl"], "broker: --acl needs at least one --user NAME:PASSWORD"),
        (["broker", "--table", "cup/3"], "broker: --table only matters with --acl"),
        (["broker", "--acl", "--user", "h:p", "--table", "cup/#"], "must not contain '#'"),
        (["broker", "--user", "a b:p"], "must be non-empty, without ':' or spaces"),
    ],
)
def test_bad_arguments_are_explained(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) == 2
    assert message in capsys.readouterr().err


def test_broker_runs_in_the_foreground_until_stopped(mosquitto_binary: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "mafiakit.cli", "broker", "--port", "0",
         "--acl", "--user", "hub:pw", "--table", "cup/3"],
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
