"""deploy/mosquitto: setup.sh (dry run into a temporary /etc) and the production config.

The files setup.sh writes are loaded by a real mosquitto laid out as Debian does it (a main
config that includes conf.d/), so a typo in mafiakit.conf or the ACL fails here first.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bus import topics
from bus.acl import render_acl
from bus.broker import find_mosquitto, free_port
from bus.client import BusClient, LinkDown
from bus.config import BrokerConfig
from bus.testing import (
    GUARD_S,
    connected_client,
    lan_address,
    next_message,
    next_of,
    reachable,
    received_until,
)

SETUP = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto" / "setup.sh"


def setup(etc: Path, *args: str, **more: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAFIAKIT_ETC": str(etc), "MAFIAKIT_NO_SERVICE": "1", **more}
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
    per_table = {f"{role}-cup-{n}" for role in ("table", "overlay", "stream")
                 for n in (1, 2, 3)}
    assert set(credentials(tmp_path)) == {"hub", "scoreboard", "venue", "head-judge",
                                          "player", *per_table}
    assert (tmp_path / "mafiakit-credentials").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "mafiakit.passwd").stat().st_mode & 0o777 == 0o640


def test_setup_makes_personal_head_judges_accounts(tmp_path: Path) -> None:
    """docs/web.md "Who decided": one account per head judge, kept for later runs."""
    assert setup(tmp_path, "cup", "1", MAFIAKIT_HEAD_JUDGES="anna boris").returncode == 0
    assert setup(tmp_path, "cup", "2").returncode == 0
    acl = (tmp_path / "mafiakit.acl").read_text()
    assert acl == render_acl([("cup", "1"), ("cup", "2")],
                             head_judges=["head-judge-anna", "head-judge-boris"])
    assert "topic write mafia/v1/+/hub/decide/head-judge-anna" in acl.splitlines()
    assert {"head-judge", "head-judge-anna", "head-judge-boris"} <= set(credentials(tmp_path))
    bad = setup(tmp_path / "x", "cup", "1", MAFIAKIT_HEAD_JUDGES="an/na")
    assert bad.returncode == 2 and "head judge name 'an/na'" in bad.stderr


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


VENUE_CA = Path("ca_certificates") / "mafiakit-ca.crt"


def stunnel_binary() -> str:
    found = shutil.which("stunnel4") or shutil.which("stunnel")
    assert found, "stunnel4 is missing: run `make setup` (scripts/bootstrap.sh installs it)"
    return found


def wait_for_ports(process: subprocess.Popen[bytes], log: Path, *ports: int) -> None:
    deadline = time.monotonic() + GUARD_S
    for port in ports:
        while True:
            assert process.poll() is None, log.read_text() if log.exists() else "no log"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, f"the production config did not start: {log}"
                time.sleep(0.05)


@dataclass
class Production:
    """The production broker and its front as the `production` fixture runs them."""

    config: BrokerConfig
    accounts: dict[str, str]
    main: Path
    log: Path
    ports: tuple[int, ...]
    process: subprocess.Popen[bytes]

    def restart(self) -> None:
        """A clean stop (a persistent broker would save its retained messages) and a start."""
        self.process.terminate()
        self.process.wait()
        self.process = subprocess.Popen([find_mosquitto(), "-c", str(self.main)])
        wait_for_ports(self.process, self.log, *self.ports)


@pytest.fixture
def production_run(tmp_path: Path, mosquitto_binary: str) -> Iterator[Production]:
    """mosquitto and its https front (stunnel) running the files setup.sh wrote, on free
    ports: the TLS listener (what the venue LAN gets, on every address as in production; the
    config yielded, verifying the venue CA), the plain one and the websockets one (localhost
    only), and stunnel's https/wss port for browsers (every address). The main config is the
    Debian package's (with its `persistence true`), including conf.d. The ports are in the
    files plain_port, ws_port and wss_port in tmp_path."""
    assert setup(tmp_path, "cup", "1").returncode == 0
    tls_port, plain_port, ws_port, wss_port = free_port(), free_port(), free_port(), free_port()
    conf = tmp_path / "conf.d" / "mafiakit.conf"
    text = conf.read_text()
    assert "listener 1883 127.0.0.1\n" in text and "listener 8883\n" in text
    assert "listener 9001 127.0.0.1\n" in text
    conf.write_text(text.replace("listener 1883 127.0.0.1", f"listener {plain_port} 127.0.0.1")
                    .replace("listener 8883\n", f"listener {tls_port}\n")
                    .replace("listener 9001 127.0.0.1", f"listener {ws_port} 127.0.0.1"))
    front = tmp_path / "stunnel" / "mafiakit.conf"
    text = front.read_text()
    assert "accept = 9443\n" in text and "connect = 127.0.0.1:9001\n" in text
    text = (text.replace("accept = 9443\n", f"accept = {wss_port}\n")
            .replace("connect = 127.0.0.1:9001\n", f"connect = 127.0.0.1:{ws_port}\n"))
    if os.getuid() != 0:  # only root may switch to the stunnel4 user
        text = text.replace("setuid = stunnel4\n", "").replace("setgid = stunnel4\n", "")
    front.write_text(text)
    for name, port in (("plain_port", plain_port), ("ws_port", ws_port), ("wss_port", wss_port)):
        (tmp_path / name).write_text(str(port))
    (tmp_path / "db").mkdir()
    main = tmp_path / "mosquitto.conf"
    main.write_text(
        f"persistence true\npersistence_location {tmp_path}/db/\n"
        f"log_dest file {tmp_path}/log\nuser {pwd.getpwuid(os.getuid()).pw_name}\n"
        f"include_dir {tmp_path}/conf.d\n"
    )
    process = subprocess.Popen([find_mosquitto(), "-c", str(main)])
    front_log = tmp_path / "stunnel.log"
    with front_log.open("wb") as log:
        tunnel = subprocess.Popen([stunnel_binary(), str(front)], stdout=log, stderr=log)
    run = Production(
        BrokerConfig.from_url(f"mqtts://127.0.0.1:{tls_port}?ca={tmp_path / VENUE_CA}"),
        credentials(tmp_path), main, tmp_path / "log", (tls_port, plain_port, ws_port), process)
    try:
        wait_for_ports(process, tmp_path / "log", tls_port, plain_port, ws_port)
        wait_for_ports(tunnel, front_log, wss_port)
        yield run
    finally:
        for running in (tunnel, run.process):
            running.terminate()
            running.wait()


@pytest.fixture
def production(production_run: Production) -> tuple[BrokerConfig, dict[str, str]]:
    """The production broker's TLS config for the LAN (verifying the venue CA) and its
    accounts."""
    return production_run.config, production_run.accounts


def test_the_production_broker_keeps_no_secret_across_a_restart(
        production_run: Production) -> None:
    """Issue 24: a broker back from an autosave served the protocol of a game an undo had
    reopened to every screen that connected before the table did. The production config
    turns persistence off (over the Debian package's `persistence true`): nothing retained
    survives a restart; every publisher puts its own back at its link-up."""
    hub = production_run.config.as_user("hub", production_run.accounts["hub"])
    topic = topics.table_topic("cup", "1", "protocol")
    table = connected_client(production_run.config.as_user(
        "table-cup-1", production_run.accounts["table-cup-1"]), "table")
    table.publish(topic, b'{"reveal": "every role"}', qos=1, retain=True).wait_for_publish(30)
    table.close()
    before = connected_client(hub, "before", topic)
    assert next_message(before, topic).payload  # retained while the broker runs
    before.close()
    production_run.restart()
    after = connected_client(hub, "after", topic, topics.table_topic("cup", "1", "judge"))
    marker = connected_client(production_run.config.as_user(
        "table-cup-1", production_run.accounts["table-cup-1"]), "marker")
    judge = topics.table_topic("cup", "1", "judge")
    marker.publish(judge, b"marker", qos=1, retain=False).wait_for_publish(30)
    assert [m.topic for m in received_until(after, judge, b"marker")] == []
    for client in (after, marker):
        client.close()


def test_the_production_config_runs_with_its_accounts(
    production: tuple[BrokerConfig, dict[str, str]],
) -> None:
    config, accounts = production
    assert config.tls and config.ca_file is not None
    public = topics.table_topic("cup", "1", "public")
    judge = topics.table_topic("cup", "1", "judge")
    screen = connected_client(config.as_user("scoreboard", accounts["scoreboard"]), "sb", "#")
    table = connected_client(config.as_user("table-cup-1", accounts["table-cup-1"]), "t")
    table.publish(judge, b"secret", qos=1, retain=False)
    table.publish(public, b"open", qos=1, retain=False)
    assert received_until(screen, public, b"open") == []
    anonymous = BusClient(config, name="anonymous").start()
    refusal = next_of(anonymous, LinkDown)
    assert refusal.reason.startswith("the broker refused the connection")
    for client in (anonymous, table, screen):
        client.close()


def test_tables_that_would_share_an_account_are_refused(tmp_path: Path) -> None:
    """`a-b/c` and `a/b-c` are both `table-a-b-c`: one account must never serve two tables
    (the same refusal as `mafiakit acl`)."""
    assert setup(tmp_path, "a-b", "c").returncode == 0
    acl_before = (tmp_path / "mafiakit.acl").read_text()
    done = setup(tmp_path, "a", "b-c")
    assert done.returncode == 2
    assert "a-b/c and a/b-c would share the account table-a-b-c" in done.stderr
    assert (tmp_path / "mafiakit.acl").read_text() == acl_before
    assert "a/b-c" not in (tmp_path / "mafiakit-tables").read_text()


def test_a_dot_in_a_table_id_is_not_a_wildcard(tmp_path: Path) -> None:
    """Table `1.5` after `1-5`: `grep "^table-cup-1.5:"` matched `table-cup-1-5:`."""
    assert setup(tmp_path, "cup", "1-5").returncode == 0
    assert setup(tmp_path, "cup", "1.5").returncode == 0
    assert {"table-cup-1-5", "table-cup-1.5"} <= set(credentials(tmp_path))
    users = [line.split(":")[0] for line in (tmp_path / "mafiakit.passwd").read_text().split()]
    assert {"table-cup-1-5", "table-cup-1.5"} <= set(users)


def test_passwords_never_show_and_the_password_file_is_never_world_readable(
    tmp_path: Path,
) -> None:
    """A `mosquitto_passwd` spy on PATH records its arguments and the password file's mode
    at each call: no password on a command line (the process list shows it to every user),
    and the file is private from its first byte, not only after the final chmod."""
    spy_dir, etc = tmp_path / "bin", tmp_path / "etc"
    spy_dir.mkdir()
    etc.mkdir()
    calls = tmp_path / "calls"
    real = subprocess.run(["bash", "-c", "command -v mosquitto_passwd"], capture_output=True,
                          text=True, check=True).stdout.strip()
    spy = spy_dir / "mosquitto_passwd"
    spy.write_text("#!/usr/bin/env bash\n"
                   f'echo "ARGS $*" >> {calls}\n'
                   f'stat -c "MODE %a" {etc}/mafiakit.passwd >> {calls} 2>/dev/null || true\n'
                   f'exec {real} "$@"\n')
    spy.chmod(0o755)
    env = {**os.environ, "MAFIAKIT_ETC": str(etc), "MAFIAKIT_NO_SERVICE": "1",
           "PATH": f"{spy_dir}:{os.environ['PATH']}"}
    done = subprocess.run(["bash", str(SETUP), "cup", "1", "2"], env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    log = calls.read_text()
    assert "ARGS" in log
    for password in credentials(etc).values():
        assert password not in log
    modes = [int(line.split()[1], 8) for line in log.splitlines() if line.startswith("MODE")]
    assert modes and all(mode & 0o007 == 0 for mode in modes)
    assert (etc / "mafiakit.passwd").stat().st_mode & 0o007 == 0


def test_the_shipped_config_speaks_plain_mqtt_only_to_localhost() -> None:
    """Passwords and judge snapshots (every role) must not cross the venue Wi-Fi in clear:
    every listener without a certificate is bound to 127.0.0.1."""
    lines = (SETUP.parent / "mafiakit.conf").read_text().splitlines()
    blocks: list[list[str]] = []
    for line in lines:
        if line.startswith("listener "):
            blocks.append([line])
        elif blocks and line and not line.startswith("#"):
            blocks[-1].append(line)
    assert len(blocks) == 3  # localhost, TLS for the LAN, secure WebSockets for browsers
    for block in blocks:
        tls = any(line.startswith("certfile ") for line in block)
        assert tls or block[0].split()[2:] == ["127.0.0.1"], block


def test_setup_makes_a_venue_ca_and_keeps_it(tmp_path: Path) -> None:
    assert setup(tmp_path, "cup", "1").returncode == 0
    files = [tmp_path / VENUE_CA, tmp_path / "certs" / "mafiakit-broker.crt",
             tmp_path / "certs" / "mafiakit-broker.key", tmp_path / "mafiakit-ca.key"]
    first = [f.read_bytes() for f in files]
    for key in files[2:]:
        assert key.stat().st_mode & 0o007 == 0, key
    assert setup(tmp_path, "cup", "2").returncode == 0
    assert [f.read_bytes() for f in files] == first  # screens keep trusting the same CA


def test_tls_refuses_plain_clients_and_other_cas(
    production: tuple[BrokerConfig, dict[str, str]], tmp_path: Path
) -> None:
    config, accounts = production
    plain = BrokerConfig(host="127.0.0.1", port=config.port).as_user("hub", accounts["hub"])
    other = tmp_path / "other"
    other.mkdir()
    assert setup(other, "cup", "1").returncode == 0  # another venue's CA
    stranger_ca = config.model_copy(update={"ca_file": other / VENUE_CA})
    for name, cfg in (("plain", plain), ("stranger", stranger_ca.as_user("hub", accounts["hub"]))):
        client = BusClient(cfg, name=name).start()
        next_of(client, LinkDown)
        assert not client.connected, f"{name} got through"
        client.close()
    hub = connected_client(config.as_user("hub", accounts["hub"]), "hub")
    assert hub.connected
    hub.close()
    local = BrokerConfig(host="127.0.0.1", port=int((tmp_path / "plain_port").read_text()))
    on_the_broker_host = connected_client(local.as_user("hub", accounts["hub"]), "local")
    assert on_the_broker_host.connected
    on_the_broker_host.close()


def test_the_browsers_listener_serves_the_pages_over_tls_only(
    production: tuple[BrokerConfig, dict[str, str]], tmp_path: Path
) -> None:
    """docs/web.md: the pages and MQTT over WebSockets share one TLS port (the stunnel front,
    forwarding to mosquitto on 127.0.0.1); the page is the
    kit's own web/ folder, found by setup.sh."""
    import ssl
    import urllib.error
    import urllib.request

    port = int((tmp_path / "wss_port").read_text())
    venue = ssl.create_default_context(cafile=str(tmp_path / VENUE_CA))
    with urllib.request.urlopen(f"https://127.0.0.1:{port}/overlay/index.html",
                                context=venue) as answer:
        assert b'id="overlay"' in answer.read()
    with pytest.raises(urllib.error.URLError):  # a device that does not trust the venue CA
        urllib.request.urlopen(f"https://127.0.0.1:{port}/overlay/index.html",
                               context=ssl.create_default_context())


def listeners(conf: str) -> dict[str, list[str]]:
    """`listener PORT [ADDRESS]` line -> the settings under it, up to the next listener."""
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in conf.splitlines():
        line = raw.strip()
        if line.startswith("listener "):
            current = blocks.setdefault(line, [])
        elif line.startswith(("allow_anonymous", "password_file", "acl_file", "persistence")):
            current = None  # the global settings follow the listeners
        elif current is not None and line and not line.startswith("#"):
            current.append(line.split()[0])
    return blocks


def test_only_tls_answers_on_the_lan(
    production: tuple[BrokerConfig, dict[str, str]], tmp_path: Path
) -> None:
    """Issue 24: the production config's "127.0.0.1 only" websockets listener answered on
    every address (mosquitto 2.0.x binds `*:9001` for a websockets listener unless
    `socket_domain` is set): plain ws, passwords in clear, from any laptop. Checked at the
    socket, from this machine's own LAN address, against the running broker and front."""
    config, _ = production
    lan = lan_address()
    ports = {name: int((tmp_path / name).read_text())
             for name in ("plain_port", "ws_port", "wss_port")}
    assert reachable("127.0.0.1", ports["ws_port"])  # stunnel's way in
    assert reachable("127.0.0.1", ports["plain_port"])
    assert not reachable(lan, ports["ws_port"]), "plain websockets answer on the LAN"
    assert not reachable(lan, ports["plain_port"]), "plain MQTT answers on the LAN"
    assert reachable(lan, config.port) and reachable(lan, ports["wss_port"])  # TLS only


def test_only_tls_listens_beyond_localhost(tmp_path: Path) -> None:
    """Plain MQTT and plain websockets (pages, passwords, judge snapshots) on 127.0.0.1 only;
    the LAN gets mosquitto's TLS on 8883 and stunnel's on 9443, which forwards to the
    websockets listener. No websockets listener has mosquitto's own TLS: it offers HTTP/2 by
    ALPN and fails it (docs/web.md "https for browsers")."""
    assert setup(tmp_path, "cup", "1").returncode == 0
    blocks = listeners((tmp_path / "conf.d" / "mafiakit.conf").read_text())
    assert set(blocks) == {"listener 1883 127.0.0.1", "listener 8883", "listener 9001 127.0.0.1"}
    for listener, settings in blocks.items():
        assert "certfile" in settings or listener.endswith(" 127.0.0.1"), listener
        if "protocol" in settings:
            assert "certfile" not in settings, listener
    assert "protocol" in blocks["listener 9001 127.0.0.1"]
    front = (tmp_path / "stunnel" / "mafiakit.conf").read_text().splitlines()
    assert {"accept = 9443", "connect = 127.0.0.1:9001", "foreground = yes",
            f"cert = {tmp_path}/certs/mafiakit-broker.crt",
            f"key = {tmp_path}/certs/mafiakit-broker.key"} <= set(front)


def negotiated(port: int, ca: Path) -> str | None:
    """The protocol a TLS server picks when a browser offers h2 and http/1.1 by ALPN."""
    context = ssl.create_default_context(cafile=str(ca))
    context.set_alpn_protocols(["h2", "http/1.1"])
    with socket.create_connection(("127.0.0.1", port), timeout=GUARD_S) as raw, \
            context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        return tls.selected_alpn_protocol()


def test_the_https_front_offers_no_http2_where_mosquittos_own_tls_does(
    production: tuple[BrokerConfig, dict[str, str]], tmp_path: Path
) -> None:
    """The problem the front solves, kept as a check: mosquitto 2.0.11 with Debian's
    libwebsockets picks h2 on a TLS websockets listener (eclipse-mosquitto/mosquitto#2251);
    stunnel picks nothing, so a browser speaks HTTP/1 there."""
    ca = tmp_path / VENUE_CA
    assert negotiated(int((tmp_path / "wss_port").read_text()), ca) is None
    direct, plain = free_port(), free_port()
    conf = tmp_path / "direct.conf"
    # mosquitto 2.0.11 will not start with websockets listeners only: a plain one as well
    conf.write_text(f"listener {plain} 127.0.0.1\n"
                    f"listener {direct} 127.0.0.1\nprotocol websockets\ncafile {ca}\n"
                    f"certfile {tmp_path}/certs/mafiakit-broker.crt\n"
                    f"keyfile {tmp_path}/certs/mafiakit-broker.key\n"
                    f"allow_anonymous false\nlog_dest file {tmp_path}/direct.log\n"
                    f"user {pwd.getpwuid(os.getuid()).pw_name}\n")
    process = subprocess.Popen([find_mosquitto(), "-c", str(conf)])
    try:
        wait_for_ports(process, tmp_path / "direct.log", direct)
        assert negotiated(direct, ca) == "h2"
    finally:
        process.terminate()
        process.wait()


def test_tls_failures_are_named_as_such_by_the_client_the_table_and_the_screen(
    production: tuple[BrokerConfig, dict[str, str]], tmp_path: Path,
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 24: an untrusted certificate was reported as "the broker cannot be reached",
    which sends a venue tech to look for a dead broker. Now the hub's, the table's and the
    screen's client say what failed."""
    import logging

    from device.config import TableSettings
    from device.table.service import TableService
    from mafiakit.cli import main

    config, accounts = production
    other = tmp_path / "other"
    other.mkdir()
    assert setup(other, "cup", "1").returncode == 0  # another venue's CA
    hub = ("hub", accounts["hub"])
    plain = int((tmp_path / "plain_port").read_text())
    cases = {  # the config -> how its failure must begin
        "untrusted": (config.model_copy(update={"ca_file": other / VENUE_CA}).as_user(*hub),
                      "the broker's certificate is not trusted: self-signed certificate"),
        "other host": (config.model_copy(update={"host": "127.0.0.2"}).as_user(*hub),
                       "the broker's certificate is not trusted: IP address mismatch"),
        "plain port": (config.model_copy(update={"port": plain}).as_user(*hub),
                       f"TLS handshake failed with 127.0.0.1:{plain}: the broker closed the "
                       "connection (is it its TLS port, 8883?)"),
    }
    for name, (cfg, words) in cases.items():
        client = BusClient(cfg, name=name.replace(" ", "-")).start()
        down = next_of(client, LinkDown)
        client.close()
        assert down.reason.startswith(words) and down.tls, (name, down)
    untrusted = cases["untrusted"][0].as_user("table-cup-1", accounts["table-cup-1"])
    url = untrusted.url(with_password=True) + f"?ca={other / VENUE_CA}"
    caplog.set_level(logging.WARNING, logger="mafiakit.table")
    table = TableService(TableSettings(journal=tmp_path / "t.sqlite", tournament="cup",
                                       table="1", broker={"url": url})).start()
    try:
        deadline = time.monotonic() + GUARD_S
        while not any("link down" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, "the table never said its link is down"
            table.step(0.1)
    finally:
        table.close()
    said = next(r.getMessage() for r in caplog.records if "link down" in r.getMessage())
    assert "the broker's certificate is not trusted" in said and "CA file" in said, said
    screen_url = untrusted.as_user("scoreboard", accounts["scoreboard"]).url(
        with_password=True) + f"?ca={other / VENUE_CA}"
    assert main(["scoreboard", "--table", "1", "--tournament", "cup", "--broker", screen_url,
                 "--wait", "0.5", "--screenshot", str(tmp_path / "s.png")]) == 1
    err = capsys.readouterr().err
    assert "answers but TLS failed: the broker's certificate is not trusted" in err, err
    assert accounts["scoreboard"] not in err
