"""The table config: TOML, environment overrides, and errors that name the option."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.config import ConfigError, load_settings

TOML = """
tournament = "autumn-cup"
table = "3"
rules = "fiim"
journal = "/var/lib/mafiakit/table-3.sqlite"
[broker]
url = "mqtt://table-autumn-cup-3:secret@hub.local:1883"
[hardware]
pins = "mock"
[hardware.pin_map]
buzzer = 21
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_toml_is_read(tmp_path: Path) -> None:
    s = load_settings(write(tmp_path, TOML))
    assert (s.tournament, s.table, s.rules) == ("autumn-cup", "3", "fiim")
    assert s.hardware.pin_map.buzzer == 21 and s.hardware.pin_map.next == 23
    assert s.broker.config().username == "table-autumn-cup-3"


def test_environment_overrides_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAFIAKIT_TABLE", "4")
    monkeypatch.setenv("MAFIAKIT_BROKER__URL", "mqtt://10.0.0.2:1883")
    s = load_settings(write(tmp_path, TOML))
    assert s.table == "4" and s.broker.config().host == "10.0.0.2"


@pytest.mark.parametrize(("text", "phrase"), [
    (TOML.replace('rules = "fiim"', 'rules = "mafia99"'), "rules: unknown ruleset"),
    (TOML.replace('table = "3"', 'table = "3/4"'), "table"),
    (TOML.replace("buzzer = 21", "buzzer = 25"), "hardware.pin_map"),
    (TOML.replace('pins = "mock"', 'pins = "arduino"'), "hardware.pins"),
    (TOML + "\ncolour = 1\n", "colour"),
    ("tournament = ", "table.toml"),
])
def test_bad_config_names_the_option(tmp_path: Path, text: str, phrase: str) -> None:
    with pytest.raises(ConfigError, match=phrase.replace(".", r"\.")):
        load_settings(write(tmp_path, text))


def test_missing_file() -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings("/nonexistent/table.toml")


def test_the_broker_is_verified_with_the_venue_ca(tmp_path: Path) -> None:
    """`[broker] ca_file` (deploy/mosquitto/setup.sh's venue CA) reaches the TLS client."""
    path = write(tmp_path, TOML.replace("mqtt://table-autumn-cup-3:secret@hub.local:1883",
                                        "mqtts://table-autumn-cup-3:secret@hub.local"))
    text = path.read_text().replace('[hardware]\n', 'ca_file = "/etc/mafiakit/venue-ca.crt"\n'
                                    '[hardware]\n', 1)
    path.write_text(text)
    broker = load_settings(path).broker.config()
    assert broker.tls and broker.port == 8883
    assert broker.ca_file == Path("/etc/mafiakit/venue-ca.crt")
    plain = write(tmp_path, TOML.replace('[hardware]\n', 'ca_file = "/ca.crt"\n[hardware]\n', 1))
    with pytest.raises(ConfigError, match="mqtts://"):
        load_settings(plain).broker.config()
