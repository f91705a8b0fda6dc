"""hardware.pisetup: pi-setup's edits of table.toml and cmdline.txt keep what they were not told
to change, and refuse an edit they cannot make safely instead of guessing."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bus.config import BrokerConfig
from device.hardware.pisetup import (
    SetupFileError,
    broker_url,
    edit_toml,
    get_toml,
    password_of,
    set_cmdline,
)

CLUB = """# Friday's table
tournament = "friday"   # the club's evenings
table = "1"

[hardware]
pins = "lgpio"
volume = 0.35  # a small room
music_dir = "/srv/music"

[stream]
delay_minutes = 5
"""


def test_a_changed_value_keeps_its_comment_and_every_other_line() -> None:
    out = edit_toml(CLUB, {("tournament",): '"cup"', ("hardware", "volume"): "0.5"})
    assert out == CLUB.replace('"friday"', '"cup"').replace("0.35", "0.5")


def test_new_keys_go_into_their_own_table_and_new_tables_at_the_end() -> None:
    out = edit_toml(CLUB, {("rules",): '"club"', ("hardware", "audio_device"): '"hdmi:CARD=x"',
                           ("hardware", "pin_map", "seats"): "15"})
    data = tomllib.loads(out)
    assert data["rules"] == "club" and data["hardware"]["audio_device"] == "hdmi:CARD=x"
    assert data["hardware"]["pin_map"] == {"seats": 15}
    assert out.index('rules = "club"') < out.index("[hardware]")  # a root key stays a root key
    assert out.startswith("# Friday's table\n") and "# a small room" in out


def test_unset_removes_only_that_key() -> None:
    out = edit_toml(CLUB, {("hardware", "music_dir"): None, ("seats",): None})
    assert tomllib.loads(out) == {"tournament": "friday", "table": "1",
                                  "hardware": {"pins": "lgpio", "volume": 0.35},
                                  "stream": {"delay_minutes": 5}}


def test_an_empty_file_gets_a_head_that_says_lines_are_kept() -> None:
    out = edit_toml("", {("table",): '"3"', ("broker", "url"): '"mqtts://hub.local:8883"'})
    assert "keeps every line" in out.splitlines()[1]
    assert tomllib.loads(out) == {"table": "3", "broker": {"url": "mqtts://hub.local:8883"}}


@pytest.mark.parametrize("text", [
    'hardware.pins = "mock"\n',                # a dotted key
    'hardware = { pins = "mock" }\n',          # an inline table
], ids=["dotted", "inline"])
def test_a_form_it_does_not_edit_is_refused_not_guessed(text: str) -> None:
    with pytest.raises(SetupFileError, match=r"set hardware\.pins there by hand"):
        edit_toml(text, {("hardware", "pins"): '"lgpio"'})


def test_a_broken_file_is_left_alone() -> None:
    with pytest.raises(SetupFileError, match="not valid TOML"):
        edit_toml("table = \n", {("table",): '"3"'})


def test_the_command_line_tool_leaves_a_file_it_refuses_untouched(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('hardware.pins = "mock"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "device.hardware.pisetup", "toml", str(path),
                           "set",
                           'hardware.pins="lgpio"'], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "by hand" in done.stderr
    assert path.read_text(encoding="utf-8") == 'hardware.pins = "mock"\n'
    assert get_toml(path.read_text(encoding="utf-8"), ("hardware", "pins")) == "mock"


def test_the_kernel_command_line_stays_one_line_with_each_setting_once() -> None:
    line = "console=tty1 root=PARTUUID=1-02 rootwait consoleblank=600 video=HDMI-A-2:720x480\n"
    once = set_cmdline(line, {"consoleblank": "0", "video": "HDMI-A-1:1920x1080@60D"})
    assert once == ("console=tty1 root=PARTUUID=1-02 rootwait video=HDMI-A-2:720x480 "
                    "consoleblank=0 video=HDMI-A-1:1920x1080@60D\n")
    assert set_cmdline(once, {"consoleblank": "0", "video": "HDMI-A-1:1920x1080@60D"}) == once
    again = set_cmdline(once, {"video": "HDMI-A-1:1280x720@60D"})
    assert again.count("video=HDMI-A-1:") == 1 and "HDMI-A-2:720x480" in again


@pytest.mark.parametrize("password", ["s3cret", "p@ss:w/rd%", "пароль 1"])
def test_the_broker_url_carries_any_password_to_the_client(password: str) -> None:
    url = broker_url("hub.local", "table-cup-3", password)
    config = BrokerConfig.from_url(url)
    assert config.password is not None and config.password.get_secret_value() == password
    assert (config.username, config.host, config.port, config.tls) == (
        "table-cup-3", "hub.local", 8883, True)
    assert password_of(url) == password


def test_an_empty_password_is_refused() -> None:
    with pytest.raises(SetupFileError, match="one line, not empty"):
        broker_url("hub.local", "table-cup-3", "")
