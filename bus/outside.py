"""Both ends of the venue bridge on one machine: an outside broker (the followers' side) and
a venue broker bridged to it, as real mosquitto processes, for trials, tests and `mafiakit
bench fans`. Production sets them up from deploy/mosquitto (bridge.sh, outside/).

The outside broker here speaks TLS to bridges with a throwaway CA made by `openssl` (as
setup.sh makes the venue's), takes followers over plain WebSockets on 127.0.0.1 (in
production a TLS front stands before it: deploy/mosquitto/outside/README.md) and applies the
outside ACL (bus.bridge.render_outside_acl).
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bus.bridge import FOLLOWER, Bridge, bridge_account, render_outside_acl
from bus.broker import BrokerError, MosquittoProcess, free_port

CA_NAMES: Final = ("localhost", "127.0.0.1")


@dataclass(frozen=True)
class Certificates:
    """A CA and one server certificate it signed (PEM files)."""

    ca: Path
    cert: Path
    key: Path


def throwaway_ca(folder: Path, names: Iterable[str] = CA_NAMES,
                 label: str = "mafiakit outside CA (throwaway)") -> Certificates:
    """A new CA and a broker certificate for `names` in `folder`, made with `openssl` (the
    same recipe as deploy/mosquitto/setup.sh); keys readable by their owner only."""
    tool = shutil.which("openssl")
    if tool is None:
        raise BrokerError("openssl is missing: apt-get install openssl")
    names = list(names)
    folder.mkdir(parents=True, exist_ok=True)
    files = Certificates(folder / "ca.crt", folder / "broker.crt", folder / "broker.key")
    ca_key, csr, ext = folder / "ca.key", folder / "broker.csr", folder / "broker.ext"
    san = ",".join(f"IP:{n}" if n.replace(".", "").isdigit() or ":" in n else f"DNS:{n}"
                   for n in names)
    ext.write_text(f"subjectAltName={san}\nextendedKeyUsage=serverAuth\n"
                   "basicConstraints=CA:FALSE\n", encoding="utf-8")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-sha256"]
    steps = [
        [tool, "req", "-x509", *ec, "-days", "30", "-subj", f"/CN={label}",
         "-addext", "basicConstraints=critical,CA:TRUE",
         "-addext", "keyUsage=critical,keyCertSign,cRLSign",
         "-keyout", str(ca_key), "-out", str(files.ca)],
        [tool, "req", "-new", *ec, "-subj", f"/CN={names[0]}",
         "-keyout", str(files.key), "-out", str(csr)],
        [tool, "x509", "-req", "-in", str(csr), "-CA", str(files.ca), "-CAkey", str(ca_key),
         "-CAcreateserial", "-days", "30", "-sha256", "-extfile", str(ext),
         "-out", str(files.cert)],
    ]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BrokerError(f"openssl could not make the test CA: {done.stderr.strip()}")
    for key in (ca_key, files.key):
        key.chmod(0o600)
    return files


class OutsideBroker(MosquittoProcess):
    """The broker outside the venue: TLS for the venues' bridges on `tls_port`, WebSockets
    for followers on `ws_port` (the followers' page served there too), the outside ACL with
    a bridge account for each of `tournaments` and the `follower` account. `users` adds
    accounts outside the ACL's blocks (tests: a `watcher` that may read everything)."""

    def __init__(self, tournaments: Iterable[str], *, follower_password: str = FOLLOWER,
                 users: Mapping[str, str] | None = None, http_dir: Path | None = None,
                 max_queued_messages: int | None = None, host: str = "127.0.0.1",
                 port: int | None = None, ws_port: int | None = None) -> None:
        self.tournaments = list(tournaments)
        accounts = {FOLLOWER: follower_password,
                    **{bridge_account(t): secrets.token_urlsafe(16) for t in self.tournaments},
                    **(users or {})}
        super().__init__(port, host=host, users=accounts, websockets=True, ws_port=ws_port,
                         http_dir=http_dir)
        self.certificates = throwaway_ca(self.workdir / "tls")
        self.tls_port = free_port(self.host)
        acl = self.workdir / "outside.acl"
        extra = "".join(f"topic read {f}\n" for f in ("#", "$SYS/#"))
        acl.write_text(render_outside_acl(self.tournaments) + "".join(
            f"user {name}\n{extra}" for name in (users or {})), encoding="utf-8")
        certs = self.certificates
        lines = [f"acl_file {acl}", "max_connections -1",
                 f"listener {self.tls_port} {self.host}", f"cafile {certs.ca}",
                 f"certfile {certs.cert}", f"keyfile {certs.key}"]
        if max_queued_messages is not None:
            lines.insert(0, f"max_queued_messages {max_queued_messages}")
        with self.config_path.open("a", encoding="utf-8") as config:
            config.write("\n".join(lines) + "\n")

    def bridge_url(self, tournament: str) -> str:
        """`mqtts://bridge-T:PW@127.0.0.1:PORT?ca=...`: what the venue's bridge connects to."""
        account = bridge_account(tournament)
        return (f"mqtts://{account}:{self.users[account]}@{self.host}:{self.tls_port}"
                f"?ca={self.certificates.ca}")

    def bridge(self, tournament: str) -> Bridge:
        """The venue's bridge of `tournament` to this broker."""
        return Bridge.from_url(self.bridge_url(tournament), tournament)

    def trial_lines(self) -> list[str]:
        """How to use this broker in a trial: the venue's command, the followers' address."""
        pages = self.ws_url.replace("ws://", "http://")
        out = [f"outside broker (trial): bridges log in over TLS at {self.host}:{self.tls_port}"
               f" (throwaway CA {self.certificates.ca})"]
        for t in self.tournaments:
            url = self.bridge_url(t).split("?")[0]
            out.append(f"  the venue: mafiakit broker --bridge '{url}' --bridge-ca "
                       f"{self.certificates.ca} --tournament {t}")
            out.append(f"  followers: {pages}/followers/index.html?tournament={t}"
                       f"&user={FOLLOWER}&password={self.users[FOLLOWER]}")
        return out

    def start(self) -> OutsideBroker:
        super().start()
        return self

    def __enter__(self) -> OutsideBroker:
        return self.start()


def add_bridge(venue: MosquittoProcess, bridge: Bridge,
               template: str | None = None) -> MosquittoProcess:
    """Append `bridge`'s section to a venue broker's config (before it starts): the section
    must come last, since mosquitto reads every line after `connection` as the bridge's.
    `template`: another text than deploy/mosquitto/bridge.conf (tests: shorter timers)."""
    if venue.running:
        raise BrokerError("add the bridge before the venue broker starts")
    with venue.config_path.open("a", encoding="utf-8") as config:
        config.write("\n" + bridge.section(template))
    return venue


def bridged(venue: MosquittoProcess, url: str | None, tournament: str | None,
            ca_file: Path | None) -> MosquittoProcess:
    """`mafiakit broker --bridge URL --tournament T [--bridge-ca FILE]`: the venue broker
    with the bridge of T to URL (unchanged without --bridge)."""
    if url is None:
        if tournament is not None or ca_file is not None:
            raise ValueError("--tournament and --bridge-ca only matter with --bridge")
        return venue
    if tournament is None:
        raise ValueError("--bridge needs --tournament T: a bridge carries one tournament")
    return add_bridge(venue, Bridge.from_url(url, tournament, ca_file))


def outside_trial(tournaments: list[str], options: argparse.Namespace,
                  web_dir: Path) -> OutsideBroker:
    """`mafiakit broker --outside T`: a trial outside broker on this machine (a throwaway
    CA; `--port`, `--host`, `--ws-port` as for the venue's broker)."""
    if options.bridge or options.acl or options.user or options.table:
        raise ValueError("--outside runs the outside broker: it takes no --bridge, --acl, "
                         "--user or --table (its accounts are the followers' and the bridges')")
    return OutsideBroker(tournaments, http_dir=web_dir, host=options.host,
                         port=options.port or None, ws_port=options.ws_port or None)
