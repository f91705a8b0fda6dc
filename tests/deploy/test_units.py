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
import tomllib
from pathlib import Path

import pytest

from bus.config import BrokerConfig
from device.config import load_settings
from device.hardware.bootconfig import check_boot_config
from device.hardware.pins import PinMap
from device.table.service import TableService

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
def test_systemd_analyze_security_scores_the_unit_4_or_better(path: Path) -> None:
    """`systemd-analyze security --offline=true` (systemd.exec(5)'s sandboxing, scored 0 to
    10, "OK" up to 4.9): the table and the screen each score 4.0 or better (--threshold=40 is
    4.0 on its 0-100 scale; it exits non-zero above it)."""
    done = subprocess.run(["systemd-analyze", "security", "--offline=true", "--threshold=40",
                           "--no-pager", str(path)], capture_output=True, text=True,
                          check=False, cwd=path.parent)
    overall = done.stdout.strip().splitlines()[-1]
    assert overall.startswith(f"→ Overall exposure level for {path.name}: "), done.stdout
    score = float(overall.split(": ")[1].split()[0])
    assert score <= 4.0 and done.returncode == 0, (overall, done.stderr)
    # what keeps it there: the file system read-only but for the service's own directories,
    # only the devices it uses, no capabilities, the system-call filter
    unit = parse(path)
    assert one(unit, "Service", "ProtectSystem") == "strict"
    assert one(unit, "Service", "DevicePolicy") == "closed"
    assert one(unit, "Service", "CapabilityBoundingSet") == ""
    assert values(unit, "Service", "SystemCallFilter")[0] == "@system-service"
    assert one(unit, "Service", "SystemCallErrorNumber") == "EPERM"


def test_each_service_may_open_only_the_devices_it_uses() -> None:
    """DeviceAllow= by the kernel's device class names (/proc/devices): the table, the GPIO
    chips (keys), spidev (the LED chain) and ALSA (music); the screen, DRM and, read only,
    input events. Nothing else, no raw memory, no block device."""
    allowed = {path.name: sorted(values(parse(path), "Service", "DeviceAllow")) for path in UNITS}
    assert allowed == {
        "mafiakit-table.service": ["char-alsa rw", "char-gpiochip rw", "char-spi rw"],
        "mafiakit-scoreboard.service": ["char-drm rw", "char-input r"],
    }


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
    # ... except after a wrong configuration: `mafiakit` exits 2 after one line, and stops
    assert one(unit, "Service", "RestartPreventExitStatus") == "2"
    # the pads work at once: nothing waits for the clock (chrony-wait holds this up to 180 s)
    assert "time-sync.target" not in " ".join(values(unit, "Unit", "After")
                                              + values(unit, "Unit", "Wants"))


def test_the_two_services_have_different_users() -> None:
    users = {one(parse(path), "Service", "User") for path in UNITS}
    assert users == {"mafiakit-table", "mafiakit-screen"}


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_secrets_come_as_credentials_never_the_environment_or_command_line(path: Path) -> None:
    """The broker URL with its password: a credential (root's 0600 file, handed to the
    service alone), not an environment variable its children inherit."""
    unit = parse(path)
    name, _, source = one(unit, "Service", "LoadCredential").partition(":")
    assert name == "broker-url" and source.startswith("/etc/mafiakit/")
    command = one(unit, "Service", "ExecStart")
    assert "://" not in command and "PASSWORD" not in command.upper()
    for env in values(unit, "Service", "Environment"):
        assert "@" not in env and "://" not in env
    assert all(not f.endswith("table.env") for f in values(unit, "Service", "EnvironmentFile"))


def test_the_table_is_watched_by_the_watchdog() -> None:
    unit = parse(ROOT / "deploy" / "systemd" / "mafiakit-table.service")
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    assert int(one(unit, "Service", "WatchdogSec")) > 0
    assert "spi" in one(unit, "Service", "SupplementaryGroups").split()


def test_tables_install_no_broker_no_extras_and_no_weasyprint() -> None:
    """A table gets the kit alone: no broker, no dev tools, no PDF printing (WeasyPrint is
    the hub machine's extra `report`), lgpio from the system's python3-lgpio."""
    script = (ROOT / "deploy" / "pi-setup.sh").read_text(encoding="utf-8")
    packages = script[script.index("packages=("):].split("in_root env")[0]
    assert "chrony" in packages and "mosquitto" not in packages
    assert "python3-lgpio" in packages and "weasyprint" not in packages
    installs = [line for line in script.splitlines() if "pip\" install" in line]
    assert [line.split("install ")[1] for line in installs] == ["-q --upgrade /opt/mafiakit"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(dep.lower().startswith("weasyprint") for dep in project["dependencies"])
    assert any(dep.startswith("weasyprint") for dep in project["optional-dependencies"]["report"])


def test_a_machine_without_weasyprint_says_what_a_pdf_needs(tmp_path: Path) -> None:
    """A table (or any machine) without the `report` extra: `mafiakit protocol --format pdf`
    names the extra in one line instead of a traceback; html still works there."""
    game = ROOT / "examples" / "cml-red-wins-by-lift.jsonl"
    without = ("import sys; sys.modules['weasyprint'] = None  # as if not installed\n"
               "from mafiakit.cli import main; sys.exit(main(sys.argv[1:]))")
    pdf = subprocess.run([sys.executable, "-c", without, "protocol", str(game), "--format",
                          "pdf", "--out", str(tmp_path / "p.pdf")],
                         capture_output=True, text=True, check=False, timeout=120)
    assert pdf.returncode == 2 and "pip install 'mafiakit[report]'" in pdf.stderr, pdf.stderr
    assert len(pdf.stderr.splitlines()) == 1 and not (tmp_path / "p.pdf").exists()
    html = subprocess.run([sys.executable, "-c", without, "protocol", str(game), "--format",
                           "html"], capture_output=True, text=True, check=False, timeout=120)
    assert html.returncode == 0 and "<html" in html.stdout, html.stderr


CMDLINE = ("console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 "
           "fsck.repair=yes rootwait consoleblank=600 cfg80211.ieee80211_regdom=RU\n")


def fake_root(tmp_path: Path) -> Path:
    """A root as Raspberry Pi OS Lite leaves it: accounts, a boot partition's cmdline.txt."""
    root = tmp_path / "root"
    (root / "etc" / "systemd" / "system").mkdir(parents=True)
    (root / "etc" / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (root / "etc" / "group").write_text("root:x:0:\n")
    for name, line in (("shadow", "root:*:19000:0:99999:7:::\n"), ("gshadow", "root:*::\n")):
        (root / "etc" / name).write_text(line)
        (root / "etc" / name).chmod(0o600)
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "boot" / "firmware" / "cmdline.txt").write_text(CMDLINE)
    return root


def setup(root: Path, *args: str, stdin: str = "", env: dict[str, str] | None = None
          ) -> subprocess.CompletedProcess[str]:
    """pi-setup.sh against `root` (no apt, no venv unless `args` say otherwise)."""
    return subprocess.run(["bash", str(ROOT / "deploy" / "pi-setup.sh"), "--root", str(root),
                           *args], input=stdin, capture_output=True, text=True, check=False,
                          env=env)


def first_setup(tmp_path: Path, *more: str, stdin: str = "s3cret\nscr33n\n"
                ) -> tuple[Path, subprocess.CompletedProcess[str]]:
    root = fake_root(tmp_path)
    ca = tmp_path / "mafiakit-ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    done = setup(root, "--no-apt", "--no-venv", "--hub", "hub.local", "--tournament", "cup",
                 "--table", "3", "--ca", str(ca), *more, stdin=stdin)
    return root, done


def test_the_setup_script_prepares_a_root_whose_table_starts(tmp_path: Path) -> None:
    root, done = first_setup(tmp_path, "--seats", "15", "--screen", "--data", "/data")
    assert done.returncode == 0, done.stderr
    etc = root / "etc" / "mafiakit"
    for secret, password in (("table-broker-url", "s3cret"), ("scoreboard-broker-url", "scr33n")):
        assert stat.S_IMODE((etc / secret).stat().st_mode) == 0o600
        assert f":{password}@hub.local:8883" in (etc / secret).read_text()
    assert not (etc / "table.env").exists()
    for public in ("table.toml", "scoreboard.env"):  # readable config, no secret
        assert stat.S_IMODE((etc / public).stat().st_mode) == 0o644
        assert "s3cret" not in (etc / public).read_text()
        assert "scr33n" not in (etc / public).read_text()
    assert (etc / "scoreboard.env").read_text() == (
        "MAFIAKIT_SCOREBOARD_ARGS=--table 3 --tournament cup\n")
    assert "s3cret" not in done.stdout + done.stderr
    passwd = (root / "etc" / "passwd").read_text()
    assert "mafiakit-table:" in passwd and "mafiakit-screen:" in passwd
    groups = (root / "etc" / "group").read_text()
    assert "gpio:x:" in groups and "spi:x:" in groups
    config_txt = (root / "boot" / "firmware" / "config.txt").read_text()
    assert "dtoverlay=spi0-0cs" in config_txt and "dtparam=watchdog=on" in config_txt
    for seats in (10, 15):  # what it wrote passes the table's own check at start
        check_boot_config(PinMap(seats=seats), root / "boot" / "firmware" / "config.txt")
    cmdline = (root / "boot" / "firmware" / "cmdline.txt").read_text()
    assert cmdline == CMDLINE.replace(" consoleblank=600", "").replace(
        "\n", " consoleblank=0 video=HDMI-A-1:1920x1080@60D\n")
    chrony = (root / "etc" / "chrony" / "conf.d" / "mafiakit.conf").read_text()
    assert "\nserver hub.local iburst prefer trust\n" in chrony and "\nmakestep 1 3\n" in chrony
    assert "wifi.powersave = 2" in (
        root / "etc/NetworkManager/conf.d/mafiakit-wifi-powersave.conf").read_text()
    assert "RuntimeWatchdogSec=15s" in (
        root / "etc/systemd/system.conf.d/mafiakit-watchdog.conf").read_text()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants"
    assert {p.name for p in wants.iterdir()} == {"mafiakit-table.service",
                                                "mafiakit-scoreboard.service"}
    data = root / "data" / "mafiakit-table"
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    dropin = root / "etc/systemd/system/mafiakit-table.service.d/data.conf"
    assert "BindPaths=/data/mafiakit-table:/var/lib/mafiakit-table" in dropin.read_text()
    # the table it configured starts: its config, its credential, mock pins instead of a Pi's
    credentials = tmp_path / "credentials"  # what systemd makes of LoadCredential=
    credentials.mkdir()
    shutil.copy(etc / "table-broker-url", credentials / "broker-url")
    os.environ["CREDENTIALS_DIRECTORY"] = str(credentials)
    try:
        settings = load_settings(etc / "table.toml", journal=tmp_path / "t.sqlite",
                                 hardware={"pins": "mock", "pin_map": {"seats": 15}})
    finally:
        del os.environ["CREDENTIALS_DIRECTORY"]
    assert settings.hardware.pin_map.seats == 15 and settings.table == "3"
    assert (settings.rules, settings.seats) == ("club", 15)  # fifteen keys: the club table
    assert settings.broker.url == "mqtts://table-cup-3:s3cret@hub.local:8883"
    assert settings.broker.ca_file == Path("/etc/mafiakit/mafiakit-ca.crt")
    assert (etc / "mafiakit-ca.crt").read_text() == "-----BEGIN CERTIFICATE-----\n"
    service = TableService(settings, connect=False)
    try:  # the config's club game, opened by its first line (the hub's would come first)
        assert service.submit_line({"action": "roles", "mafia": [3, 12, 14], "don": 10,
                                    "maniac": 8, "doctor": 6, "commissar": 1, "kamikaze": 11,
                                    "sapper": 4, "putana": 13}) == (True, "")
        assert service.game_id
        assert service.hardware is not None and service.hardware.pin_map.seats == 15
    finally:
        service.close()


def test_running_it_again_keeps_every_setting_it_was_not_told_to_change(
    tmp_path: Path
) -> None:
    """The update (deploy/pi-setup.md "Updating"): the club's own lines in table.toml, both
    passwords and the screen's other words stay; only --audio's key changes."""
    root, done = first_setup(tmp_path, "--screen", "--audio", "plughw:CARD=Device")
    assert done.returncode == 0, done.stderr
    etc = root / "etc" / "mafiakit"
    toml = etc / "table.toml"
    toml.write_text(toml.read_text().replace("[hardware]\n", (
        "[hardware]\nmusic_dir = \"/srv/music\"   # the club's playlist\nvolume = 0.35\n"
        "announcements_dir = \"/srv/calls\"\n")) + "\n[stream]\ndelay_minutes = 5\n")
    env_file = etc / "scoreboard.env"
    env_file.write_text(env_file.read_text().replace("\n", " --lang en\n"))
    secrets = {name: (etc / name).read_text() for name in ("table-broker-url",
                                                         "scoreboard-broker-url")}
    before = tomllib.loads(toml.read_text())
    again = setup(root, "--no-apt", "--no-venv", "--audio", "hdmi:CARD=vc4hdmi0,DEV=0",
                  stdin="\n\n")
    assert again.returncode == 0, again.stderr
    after = tomllib.loads(toml.read_text())
    before["hardware"]["audio_device"] = "hdmi:CARD=vc4hdmi0,DEV=0"
    assert after == before
    assert "/srv/music\"   # the club's playlist\n" in toml.read_text()
    assert {name: (etc / name).read_text() for name in secrets} == secrets
    assert env_file.read_text() == "MAFIAKIT_SCOREBOARD_ARGS=--table 3 --tournament cup --lang en\n"
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants"
    assert "mafiakit-scoreboard.service" in {p.name for p in wants.iterdir()}
    # a new hub: the URLs follow, with the passwords they had
    moved = setup(root, "--no-apt", "--no-venv", "--hub", "10.0.0.2", stdin="")
    assert moved.returncode == 0, moved.stderr
    assert (etc / "table-broker-url").read_text() == "mqtts://table-cup-3:s3cret@10.0.0.2:8883\n"
    assert (etc / "scoreboard-broker-url").read_text() == (
        "mqtts://scoreboard:scr33n@10.0.0.2:8883?ca=/etc/mafiakit/mafiakit-ca.crt\n")
    assert tomllib.loads(toml.read_text())["broker"]["url"] == "mqtts://10.0.0.2:8883"
    assert "server 10.0.0.2 iburst" in (root / "etc/chrony/conf.d/mafiakit.conf").read_text()
    cmdline = (root / "boot" / "firmware" / "cmdline.txt").read_text()
    assert cmdline.count("consoleblank=") == 1 and cmdline.count("video=") == 1


def test_the_update_turns_an_old_hdmi_name_into_the_one_that_plays(tmp_path: Path) -> None:
    """deploy/wiring.md "Sound": plughw: on the Pi's HDMI stays silent and the table refuses
    it; an earlier version wrote it, so running the setup again writes the hdmi: name."""
    root, done = first_setup(tmp_path, "--audio", "plughw:CARD=vc4hdmi1")
    assert done.returncode == 0, done.stderr
    toml = root / "etc" / "mafiakit" / "table.toml"
    again = setup(root, "--no-apt", "--no-venv", stdin="\n")
    assert again.returncode == 0, again.stderr
    assert tomllib.loads(toml.read_text())["hardware"]["audio_device"] == (
        "hdmi:CARD=vc4hdmi1,DEV=0")
    assert "audio_device plughw:CARD=vc4hdmi1 stays silent on the Pi's HDMI" in again.stderr
    kept = setup(root, "--no-apt", "--no-venv", stdin="\n")  # a name that plays stays
    assert kept.returncode == 0 and "stays silent" not in kept.stderr
    assert tomllib.loads(toml.read_text())["hardware"]["audio_device"] == (
        "hdmi:CARD=vc4hdmi1,DEV=0")


def test_a_password_with_url_characters_reaches_the_table_intact(tmp_path: Path) -> None:
    root, done = first_setup(tmp_path, stdin="p@ss:w/rd%\n")
    assert done.returncode == 0, done.stderr
    url = (root / "etc" / "mafiakit" / "table-broker-url").read_text().strip()
    password = BrokerConfig.from_url(url).password
    assert password is not None and password.get_secret_value() == "p@ss:w/rd%"


@pytest.mark.parametrize(("args", "stdin", "said"), [
    (("--seats", "12"), "pw\n", "--seats is 10 or 15"),
    (("--table", "3/4"), "pw\n", "--table: letters, digits"),
    (("--hub", "hub.local;reboot"), "pw\n", "--hub is a host name"),
    (("--audio", 'x" evil'), "pw\n", "--audio: an ALSA name"),
    ((), "", "give the table's broker password"),
    (("--screen",), "pw\n", "the scoreboard account's password"),
], ids=["seats", "table", "hub", "audio", "no-password", "no-screen-password"])
def test_the_setup_script_refuses_what_it_cannot_use(
    tmp_path: Path, args: tuple[str, ...], stdin: str, said: str
) -> None:
    root, done = first_setup(tmp_path, *args, stdin=stdin)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert not (root / "etc" / "mafiakit" / "table.toml").exists()


def test_a_password_on_the_command_line_is_not_accepted(tmp_path: Path) -> None:
    done = setup(fake_root(tmp_path), "--no-apt", "--no-venv", "--hub", "h", "--tournament",
                 "t", "--table", "1", "--ca", "ca.crt", "--password", "x")
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
    for name in ("chroot", "apt-get", "apt-cache", "pip"):  # one line per call
        (bin_dir / name).write_text(f'#!/bin/sh\nprintf "%s" "{name} $*" | tr "\\n" " " '
                                    f'>> {calls}\necho >> {calls}\n')
        (bin_dir / name).chmod(0o755)
    done = setup(root, "--hub", "hub.local", "--tournament", "cup", "--table", "3", "--screen",
                 "--ca", str(ca), stdin="s3cret\nscr33n\n",
                 env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"})
    assert done.returncode == 0, done.stderr
    ran = calls.read_text().splitlines()
    assert all(line.startswith(f"chroot {root} ") for line in ran), ran
    assert f"chroot {root} apt-get update -qq" in ran
    install = next(line for line in ran if "apt-get install" in line).split()
    assert {"chrony", "fake-hwclock", "python3-lgpio", "libdrm2", "libgbm1", "libegl1",
            "libgles2"} <= set(install)
    assert f"chroot {root} python3 -m venv --system-site-packages /opt/mafiakit/.venv" in ran
    assert f"chroot {root} /opt/mafiakit/.venv/bin/pip install -q --upgrade /opt/mafiakit" in ran
    assert f"chroot {root} /opt/mafiakit/.venv/bin/python -c import lgpio" in ran
    assert any("libGLESv2.so.2" in line for line in ran)  # the screen's libraries, dlopen'ed
    kit = root / "opt" / "mafiakit"
    assert (kit / "pyproject.toml").is_file() and (kit / "deploy" / "pi-setup.sh").is_file()
    # a developer's checkout leaves no caches or stale build metadata on the card
    leftovers = [p for p in kit.rglob("*") if p.name in {"__pycache__", ".mypy_cache",
                 ".ruff_cache", ".pytest_cache", ".venv", ".git"} or p.suffix == ".egg-info"]
    assert leftovers == []


@pytest.mark.parametrize(("toml", "said"), [
    ('rules = "mafia99"\n', "config: "),
    ('[hardware]\npins = "arduino"\n', "config: "),
    ('[broker]\nurl = "mqtts://table-cup-3:s3cret@hub.local:88883"\n', "bad port number"),
    ("tournament = \n", "config: "),
    (None, "does not exist"),
], ids=["rules", "pins", "broker-url", "syntax", "no-file"])
def test_a_config_error_is_one_line_and_exit_status_2(
    tmp_path: Path, toml: str | None, said: str
) -> None:
    """What the unit's RestartPreventExitStatus=2 relies on: a wrong table.toml ends
    `mafiakit table` with 2 after one line that names the option (and never a password), so
    systemd stops there instead of printing it again every 5 s all evening."""
    config = tmp_path / "table.toml"
    if toml is not None:
        config.write_text(f'journal = "{tmp_path}/t.sqlite"\n' + toml, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAFIAKIT_")}
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--config",
                           str(config)], capture_output=True, text=True, check=False,
                          env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0], lines
    assert "s3cret" not in done.stderr and done.stdout == ""


def test_a_journal_that_cannot_be_opened_is_retried_not_stopped(tmp_path: Path) -> None:
    """Not a config error: a data partition mounted late, a full card... exit 1, and
    Restart=always tries again in 5 s."""
    config = tmp_path / "table.toml"
    config.write_text(f'journal = "{tmp_path}"\n', encoding="utf-8")  # a folder, not a file
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--config",
                           str(config), "--no-broker"], capture_output=True, text=True,
                          check=False, stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 1 and "cannot open the journal" in done.stderr, done.stderr


def test_every_line_of_the_checklist_names_its_expected_reading() -> None:
    """deploy/checklist.md: each row is a check, a command (or an action) and what it prints
    when all is well; none left empty."""
    rows = [line for line in (ROOT / "deploy" / "checklist.md").read_text(
        encoding="utf-8").splitlines() if line.startswith("| ") and not line.startswith("|--")]
    checks = [row for row in rows if not row.startswith("| check |")]
    assert len(checks) >= 25
    for row in checks:
        cells = [cell.strip() for cell in row.replace("\\|", "/").strip("|").split(" | ")]
        assert len(cells) == 3 and all(cells), row


def test_a_table_set_up_by_an_earlier_version_keeps_its_secrets(tmp_path: Path) -> None:
    """The old layout (the broker URLs in 0600 environment files, table.toml written whole):
    the update moves each URL into its credential file and leaves no secret in the
    environment files, without asking for a password again."""
    root = fake_root(tmp_path)
    etc = root / "etc" / "mafiakit"
    etc.mkdir()
    (etc / "mafiakit-ca.crt").write_text("-----BEGIN CERTIFICATE-----\n")
    (etc / "table.toml").write_text(
        'tournament = "cup"\ntable = "3"\njournal = "/var/lib/mafiakit-table/table-3.sqlite"\n'
        '[broker]\nurl = "mqtts://hub.local:8883"   # the account and password: '
        '/etc/mafiakit/table.env\nca_file = "/etc/mafiakit/mafiakit-ca.crt"\n[hardware]\n'
        'pins = "lgpio"\nvolume = 0.4\n[hardware.pin_map]\nseats = 10\n')
    (etc / "table.env").write_text(
        "MAFIAKIT_BROKER__URL=mqtts://table-cup-3:old-pw@hub.local:8883\n")
    (etc / "scoreboard.env").write_text(
        "MAFIAKIT_SCOREBOARD_BROKER=mqtts://scoreboard:scr-pw@hub.local:8883"
        "?ca=/etc/mafiakit/mafiakit-ca.crt\nMAFIAKIT_SCOREBOARD_ARGS=--table 3 --tournament cup\n")
    (root / "etc/systemd/system/mafiakit-scoreboard.service").write_text("[Unit]\n")
    before = tomllib.loads((etc / "table.toml").read_text())
    done = setup(root, "--no-apt", "--no-venv", stdin="")
    assert done.returncode == 0, done.stderr
    assert (etc / "table-broker-url").read_text() == "mqtts://table-cup-3:old-pw@hub.local:8883\n"
    assert (etc / "scoreboard-broker-url").read_text() == (
        "mqtts://scoreboard:scr-pw@hub.local:8883?ca=/etc/mafiakit/mafiakit-ca.crt\n")
    assert not (etc / "table.env").exists()
    assert (etc / "scoreboard.env").read_text() == (
        "MAFIAKIT_SCOREBOARD_ARGS=--table 3 --tournament cup\n")
    assert tomllib.loads((etc / "table.toml").read_text()) == before


def test_a_new_table_number_needs_its_own_password(tmp_path: Path) -> None:
    """--table 4 on a Pi set up as table 3: table-cup-4 is another broker account, so the kept
    password (table-cup-3's) would be refused all evening; nothing is changed."""
    root, done = first_setup(tmp_path)
    assert done.returncode == 0, done.stderr
    etc = root / "etc" / "mafiakit"
    files = {p.name: p.read_text() for p in etc.iterdir()}
    moved = setup(root, "--no-apt", "--no-venv", "--table", "4", stdin="")
    assert moved.returncode == 2
    assert "table-cup-4 is a new account (the kept one is table-cup-3)" in moved.stderr
    assert {p.name: p.read_text() for p in etc.iterdir()} == files
    given = setup(root, "--no-apt", "--no-venv", "--table", "4", stdin="pw4\n")
    assert given.returncode == 0, given.stderr
    assert (etc / "table-broker-url").read_text() == "mqtts://table-cup-4:pw4@hub.local:8883\n"
    assert tomllib.loads((etc / "table.toml").read_text())["journal"] == (
        "/var/lib/mafiakit-table/table-4.sqlite")
