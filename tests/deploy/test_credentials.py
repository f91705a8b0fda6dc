"""The broker password through systemd's credentials (LoadCredential=, bus.credentials).

The units hand the broker URL to the table and the screen as the credential broker-url in
$CREDENTIALS_DIRECTORY, not in their environment. Here the directory is made by hand, as
systemd would lay it out, and the programs log in with it to a real mosquitto with accounts
(the boot test, scripts/boot-test.sh, shows systemd itself doing it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.testing import (
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    GUARD_S,
    connected_client,
    next_message,
)
from bus.topics import table_topic
from device.config import ConfigError, load_settings
from scoreboard.cli import DEFAULT_BROKER, broker_url

TOML = f'tournament = "{ACL_TOURNAMENT}"\ntable = "{ACL_TABLE}"\n' \
       '[broker]\nurl = "mqtt://127.0.0.1:1"   # the account and password: the credential\n' \
       'ca_file = "/etc/mafiakit/mafiakit-ca.crt"\n'


def credentials(tmp_path: Path, url: str) -> Path:
    directory = tmp_path / "credentials"
    directory.mkdir(exist_ok=True)
    (directory / "broker-url").write_text(url + "\n", encoding="utf-8")
    directory.chmod(0o500)
    return directory


def test_the_credential_is_the_broker_url_between_the_environment_and_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    toml = tmp_path / "table.toml"
    toml.write_text(TOML, encoding="utf-8")
    monkeypatch.delenv("MAFIAKIT_BROKER__URL", raising=False)
    monkeypatch.setenv("CREDENTIALS_DIRECTORY",
                       str(credentials(tmp_path, "mqtts://table-cup-3:s3cret@hub.local:8883")))
    broker = load_settings(toml).broker
    assert broker.url == "mqtts://table-cup-3:s3cret@hub.local:8883"
    assert broker.ca_file == Path("/etc/mafiakit/mafiakit-ca.crt")  # the file's other key stays
    monkeypatch.setenv("MAFIAKIT_BROKER__URL", "mqtt://10.0.0.2:1883")
    assert load_settings(toml).broker.url == "mqtt://10.0.0.2:1883"
    assert load_settings(toml, broker={"url": "mqtt://h:1"}).broker.url == "mqtt://h:1"
    monkeypatch.delenv("CREDENTIALS_DIRECTORY")
    monkeypatch.delenv("MAFIAKIT_BROKER__URL")
    assert load_settings(toml).broker.url == "mqtt://127.0.0.1:1"  # outside systemd: the file


@pytest.mark.parametrize("text", ["", "\n", "mqtts://u:s3cret@h\nmqtts://u:s3cret@h2\n"],
                         ids=["empty", "blank", "two-lines"])
def test_a_credential_that_is_not_one_line_is_refused_without_showing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    toml = tmp_path / "table.toml"
    toml.write_text(TOML, encoding="utf-8")
    directory = tmp_path / "credentials"
    directory.mkdir()
    (directory / "broker-url").write_text(text, encoding="utf-8")
    monkeypatch.setenv("CREDENTIALS_DIRECTORY", str(directory))
    with pytest.raises(ConfigError, match=r"the credential broker-url .* must be one line") as got:
        load_settings(toml)
    assert "s3cret" not in str(got.value)


def test_a_bad_broker_url_is_named_without_its_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A config error goes to the journal in one line: the account, never the password."""
    toml = tmp_path / "table.toml"
    toml.write_text(TOML, encoding="utf-8")
    monkeypatch.setenv("CREDENTIALS_DIRECTORY",
                       str(credentials(tmp_path, "mqtts://table-cup-3:s3cret@hub.local:88883")))
    with pytest.raises(ConfigError, match="bad port number") as got:
        load_settings(toml).broker.config()
    assert "s3cret" not in str(got.value) and "table-cup-3:***@hub.local" in str(got.value)


def test_the_table_logs_in_with_its_credential(
    private_acl_broker: MosquittoProcess, tmp_path: Path
) -> None:
    """`mafiakit table --config` with the file's URL naming no account: only the credential
    has the password, and the table's retained status reaches the screen's account."""
    toml = tmp_path / "table.toml"
    toml.write_text(f'journal = "{tmp_path}/t.sqlite"\n' + TOML.replace(
        "mqtt://127.0.0.1:1", private_acl_broker.url).replace("ca_file = ", "# ca_file = "),
        encoding="utf-8")
    url = private_acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAFIAKIT_", "NOTIFY_"))}
    env["CREDENTIALS_DIRECTORY"] = str(credentials(tmp_path, url))
    screen = connected_client(private_acl_broker.config("scoreboard"), "screen",
                              table_topic(ACL_TOURNAMENT, ACL_TABLE, "status"))
    table = subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "table", "--config",
                              str(toml), "--stdin"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        status = next_message(screen, table_topic(ACL_TOURNAMENT, ACL_TABLE, "status"))
    finally:
        _, stderr = table.communicate(timeout=GUARD_S)  # closes its stdin: the table stops
        screen.close()
    assert status.payload, stderr
    password = private_acl_broker.config(ACL_TABLE_USER).password
    assert password is not None and password.get_secret_value() not in stderr


def test_the_screen_takes_the_credential_after_its_option_and_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MAFIAKIT_SCOREBOARD_BROKER", raising=False)
    monkeypatch.delenv("CREDENTIALS_DIRECTORY", raising=False)
    assert broker_url(None) == DEFAULT_BROKER
    monkeypatch.setenv("CREDENTIALS_DIRECTORY",
                       str(credentials(tmp_path, "mqtts://scoreboard:pw@hub.local")))
    assert broker_url(None) == "mqtts://scoreboard:pw@hub.local"
    monkeypatch.setenv("MAFIAKIT_SCOREBOARD_BROKER", "mqtt://10.0.0.2")
    assert broker_url(None) == "mqtt://10.0.0.2"
    assert broker_url("mqtt://given") == "mqtt://given"


@pytest.mark.parametrize("right", [True, False], ids=["its-password", "a-wrong-one"])
def test_the_screen_logs_in_with_its_credential(
    acl_broker: MosquittoProcess, tmp_path: Path, right: bool
) -> None:
    """The kiosk's command line names no broker (the unit's ExecStart): the credential's URL
    logs in to the real broker, or is refused there when its password is wrong."""
    url = acl_broker.config("scoreboard").url(with_password=True)
    if not right:
        url = url.replace("scoreboard:", "scoreboard:x", 1)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAFIAKIT_")}
    env["CREDENTIALS_DIRECTORY"] = str(credentials(tmp_path, url))
    done = subprocess.run(
        [sys.executable, "-m", "mafiakit.cli", "scoreboard", "--table", ACL_TABLE,
         "--tournament", ACL_TOURNAMENT, "--screenshot", str(tmp_path / "s.png"), "--wait", "1"],
        env=env, capture_output=True, text=True, check=False, timeout=GUARD_S * 2)
    assert (done.returncode == 0) is right, done.stderr
    assert ("no broker answers at" in done.stderr) is not right, done.stderr
    assert f"{acl_broker.host}:{acl_broker.port}" in done.stderr or right
