"""The systemd units and the setup script: accounts, modes, secrets, watchdog, no start limit.

`systemd-analyze verify` checks the units as systemd would load them (it needs no running
systemd); it warns on stderr and still exits 0, so any output at all fails here. The setup
script runs against a temporary root (no apt, no venv, no Pi), and the table it configures
must start on mock pins with the secret from its 0600 environment file.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from device.config import load_settings
from device.service import TableService

ROOT = Path(__file__).resolve().parents[2]
UNITS = sorted((ROOT / "deploy" / "systemd").glob("*.service"))
Unit = dict[str, list[tuple[str, str]]]


def parse(path: Path) -> Unit:
    """Sections -> (key, value) pairs in order; continuation lines joined, comments dropped."""
    unit: Unit = {}
    section = ""
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = pending + raw.strip()
        pending = ""
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            unit.setdefault(section, [])
            continue
        key, _, value = line.partition("=")
        unit[section].append((key.strip(), value.strip()))
    return unit


def values(unit: Unit, section: str, key: str) -> list[str]:
    return [value for name, value in unit.get(section, []) if name == key]


def one(unit: Unit, section: str, key: str) -> str:
    found = values(unit, section, key)
    assert len(found) == 1, (key, found)
    return found[0]


def test_there_are_the_table_and_the_screen_units() -> None:
    assert [p.name for p in UNITS] == ["mafiakit-scoreboard.service", "mafiakit-table.service"]


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_systemd_analyze_verify_passes_without_a_word(path: Path, tmp_path: Path) -> None:
    """The kit's real executable stands in for /opt/mafiakit (verify checks it exists)."""
    kit = shutil.which("mafiakit", path=str(Path(sys.executable).parent))
    assert kit is not None
    copy = tmp_path / path.name
    copy.write_text(path.read_text(encoding="utf-8").replace(
        "/opt/mafiakit/.venv/bin/mafiakit", kit), encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(copy)],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_each_service_runs_as_its_own_locked_down_user(path: Path) -> None:
    unit = parse(path)
    user = one(unit, "Service", "User")
    assert user.startswith("mafiakit-") and one(unit, "Service", "Group") == user
    assert one(unit, "Service", "UMask") == "0077"
    assert one(unit, "Service", "StateDirectoryMode") == "0700"
    assert one(unit, "Service", "NoNewPrivileges") == "yes"
    assert one(unit, "Unit", "StartLimitIntervalSec") == "0"  # never gives up for the evening
    assert one(unit, "Service", "Restart") == "always"
    assert "time-sync.target" in " ".join(values(unit, "Unit", "After"))


def test_the_two_services_have_different_users() -> None:
    users = {one(parse(path), "Service", "User") for path in UNITS}
    assert users == {"mafiakit-table", "mafiakit-screen"}


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_secrets_come_from_an_environment_file_never_the_command_line(path: Path) -> None:
    unit = parse(path)
    assert one(unit, "Service", "EnvironmentFile").startswith("/etc/mafiakit/")
    command = one(unit, "Service", "ExecStart")
    assert "://" not in command and "PASSWORD" not in command.upper()
    for env in values(unit, "Service", "Environment"):
        assert "@" not in env and "://" not in env


def test_the_table_is_watched_by_the_watchdog() -> None:
    unit = parse(ROOT / "deploy" / "systemd" / "mafiakit-table.service")
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    assert int(one(unit, "Service", "WatchdogSec")) > 0
    assert "spi" in one(unit, "Service", "SupplementaryGroups").split()


def test_tables_install_no_broker_and_no_dev_extras() -> None:
    script = (ROOT / "deploy" / "pi-setup.sh").read_text(encoding="utf-8")
    install = script[script.index("apt-get install"):].split(">/dev/null")[0]
    assert "chrony" in install and "mosquitto" not in install
    assert "[dev]" not in script and "[pi]" in script


def fake_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc" / "systemd" / "system").mkdir(parents=True)
    (root / "etc" / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (root / "etc" / "group").write_text("root:x:0:\n")
    for name, line in (("shadow", "root:*:19000:0:99999:7:::\n"), ("gshadow", "root:*::\n")):
        (root / "etc" / name).write_text(line)
        (root / "etc" / name).chmod(0o600)
    return root


def test_the_setup_script_prepares_a_root_whose_table_starts(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    ca = tmp_path / "mafiakit-ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    done = subprocess.run(
        ["bash", str(ROOT / "deploy" / "pi-setup.sh"), "--root", str(root), "--no-apt",
         "--no-venv", "--hub", "hub.local", "--tournament", "cup", "--table", "3",
         "--seats", "15", "--screen", "--data", "/data", "--ca", str(ca)],
        input="s3cret\n", capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    etc = root / "etc" / "mafiakit"
    for secret in ("table.env", "scoreboard.env"):
        assert stat.S_IMODE((etc / secret).stat().st_mode) == 0o600
        assert "s3cret" in (etc / secret).read_text()
    assert "s3cret" not in (etc / "table.toml").read_text()  # readable config, no secret
    assert "s3cret" not in done.stdout + done.stderr
    passwd = (root / "etc" / "passwd").read_text()
    assert "mafiakit-table:" in passwd and "mafiakit-screen:" in passwd
    groups = (root / "etc" / "group").read_text()
    assert "gpio:x:" in groups and "spi:x:" in groups
    assert "dtoverlay=spi0-0cs" in (root / "boot" / "firmware" / "config.txt").read_text()
    assert "server hub.local iburst" in (root / "etc" / "chrony" / "conf.d" /
                                         "mafiakit.conf").read_text()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants"
    assert {p.name for p in wants.iterdir()} == {"mafiakit-table.service",
                                                "mafiakit-scoreboard.service"}
    data = root / "data" / "mafiakit-table"
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    dropin = root / "etc/systemd/system/mafiakit-table.service.d/data.conf"
    assert "BindPaths=/data/mafiakit-table:/var/lib/mafiakit-table" in dropin.read_text()
    # the table it configured starts: its config, its secret, mock pins instead of a Pi's
    lines = (etc / "table.env").read_text().splitlines()
    env = {**os.environ, **dict(line.split("=", 1) for line in lines)}
    settings = load_settings(etc / "table.toml", journal=tmp_path / "t.sqlite",
                             hardware={"pins": "mock", "pin_map": {"seats": 15}})
    assert settings.hardware.pin_map.seats == 15 and settings.table == "3"
    assert env["MAFIAKIT_BROKER__URL"] == "mqtts://table-cup-3:s3cret@hub.local:8883"
    assert settings.broker.ca_file == Path("/etc/mafiakit/mafiakit-ca.crt")
    assert (etc / "mafiakit-ca.crt").read_text() == ca.read_text()
    service = TableService(settings, connect=False)
    try:  # the config's game, opened by its first line (the hub's would come first)
        assert service.submit_line({"action": "roles", "don": 3, "mafia": [5, 8],
                                    "sheriff": 1}) == (True, "")
        assert service.game_id
        assert service.hardware is not None and service.hardware.pin_map.seats == 15
    finally:
        service.close()


def test_a_password_on_the_command_line_is_not_accepted(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", str(ROOT / "deploy" / "pi-setup.sh"), "--root", str(fake_root(tmp_path)),
         "--no-apt", "--no-venv", "--hub", "h", "--tournament", "t", "--table", "1",
         "--ca", "ca.crt", "--password", "x"],
        input="", capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "unknown option --password" in done.stderr


def test_with_a_root_the_packages_and_the_venv_go_into_that_root(tmp_path: Path) -> None:
    """--root without --no-apt/--no-venv (an image or a debootstrap'd root, deploy/pi-setup.md
    "Trying it without a Pi"): apt and pip run inside the root through chroot, never on the
    machine running the script (which may be an x86 laptop preparing an arm64 image)."""
    root = fake_root(tmp_path)
    ca = tmp_path / "mafiakit-ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    bin_dir, calls = tmp_path / "bin", tmp_path / "calls"
    bin_dir.mkdir()
    for name in ("chroot", "apt-get", "python3", "pip"):
        (bin_dir / name).write_text(f'#!/bin/sh\necho "{name} $*" >> {calls}\n')
        (bin_dir / name).chmod(0o755)
    done = subprocess.run(
        ["bash", str(ROOT / "deploy" / "pi-setup.sh"), "--root", str(root), "--hub", "hub.local",
         "--tournament", "cup", "--table", "3", "--ca", str(ca)],
        input="s3cret\n", capture_output=True, text=True, check=False,
        env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"})
    assert done.returncode == 0, done.stderr
    ran = calls.read_text().splitlines()
    assert all(line.startswith(f"chroot {root} ") for line in ran), ran
    assert f"chroot {root} apt-get update -qq" in ran
    assert any("apt-get install" in line and "chrony" in line for line in ran)
    assert f"chroot {root} python3 -m venv /opt/mafiakit/.venv" in ran
    assert f"chroot {root} /opt/mafiakit/.venv/bin/pip install -q /opt/mafiakit[pi]" in ran
    kit = root / "opt" / "mafiakit"
    assert (kit / "pyproject.toml").is_file() and (kit / "deploy" / "pi-setup.sh").is_file()
    # a developer's checkout leaves no caches or stale build metadata on the card
    leftovers = [p for p in kit.rglob("*") if p.name in {"__pycache__", ".mypy_cache",
                 ".ruff_cache", ".pytest_cache", ".venv", ".git"} or p.suffix == ".egg-info"]
    assert leftovers == []
