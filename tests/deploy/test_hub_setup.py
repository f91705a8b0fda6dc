"""The hub machine's part of the venue: the broker certificate names hub.local and the hub's
addresses whatever it is called, and chrony serves the venue's time (deploy/mosquitto/setup.sh
in its dry run; the boot test, scripts/boot-test.sh, runs it for real).
"""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import threading
from pathlib import Path

from bus.broker import free_port

ROOT = Path(__file__).resolve().parents[2]
SETUP = ROOT / "deploy" / "mosquitto" / "setup.sh"


def setup(etc: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SETUP), "cup", "3"], capture_output=True, text=True,
                          check=False, env={**os.environ, "MAFIAKIT_ETC": str(etc),
                                            "MAFIAKIT_NO_SERVICE": "1", **env})


def names(certificate: Path) -> set[str]:
    """The certificate's subjectAltName entries as `DNS:x` / `IP:y` (openssl's own reading)."""
    text = subprocess.run(["openssl", "x509", "-in", str(certificate), "-noout", "-ext",
                           "subjectAltName"], capture_output=True, text=True, check=True).stdout
    entries = text.splitlines()[1].strip().split(", ")
    return {entry.replace("IP Address:", "IP:") for entry in entries}


def test_the_certificate_names_hub_local_and_the_addresses_whatever_the_hostname(
    tmp_path: Path
) -> None:
    done = setup(tmp_path, MAFIAKIT_HUB_ADDRESSES="192.0.2.10")
    assert done.returncode == 0, done.stderr
    host = socket.gethostname()
    crt = tmp_path / "certs" / "mafiakit-broker.crt"
    assert {"DNS:hub.local", "DNS:hub", f"DNS:{host}", f"DNS:{host}.local", "DNS:localhost",
            "IP:192.0.2.10", "IP:127.0.0.1"} <= names(crt)


def test_a_new_address_gets_a_new_certificate_from_the_same_ca_keeping_the_old_names(
    tmp_path: Path
) -> None:
    assert setup(tmp_path, MAFIAKIT_HUB_ADDRESSES="192.0.2.10").returncode == 0
    crt = tmp_path / "certs" / "mafiakit-broker.crt"
    ca = tmp_path / "ca_certificates" / "mafiakit-ca.crt"
    first, ca_text = crt.read_text(), ca.read_text()
    same = setup(tmp_path, MAFIAKIT_HUB_ADDRESSES="192.0.2.10")
    assert same.returncode == 0 and crt.read_text() == first  # nothing new: kept
    moved = setup(tmp_path, MAFIAKIT_HUB_ADDRESSES="198.51.100.7",
                  MAFIAKIT_BROKER_NAMES="hub.lan")
    assert moved.returncode == 0, moved.stderr
    assert "lacks IP:198.51.100.7 DNS:hub.lan: signing a new one" in moved.stderr
    assert crt.read_text() != first and ca.read_text() == ca_text
    assert {"IP:198.51.100.7", "IP:192.0.2.10", "DNS:hub.lan", "DNS:hub.local"} <= names(crt)
    verified = subprocess.run(["openssl", "verify", "-CAfile", str(ca), str(crt)],
                              capture_output=True, text=True, check=False)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_a_table_verifies_the_broker_as_hub_local_over_tls(tmp_path: Path) -> None:
    """What a table does (mqtts://hub.local:8883, the venue CA): the TLS handshake with the
    broker's certificate succeeds for hub.local and fails for a name it does not carry."""
    assert setup(tmp_path, MAFIAKIT_HUB_ADDRESSES="192.0.2.10").returncode == 0
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(tmp_path / "certs" / "mafiakit-broker.crt",
                           tmp_path / "certs" / "mafiakit-broker.key")
    port = free_port()
    listener = socket.create_server(("127.0.0.1", port))
    client = ssl.create_default_context(cafile=str(tmp_path / "ca_certificates" /
                                                  "mafiakit-ca.crt"))
    seen = {}
    try:
        for name in ("hub.local", "elsewhere.local"):
            raw = socket.create_connection(("127.0.0.1", port), timeout=30)
            accepted, _ = listener.accept()
            accepted.settimeout(30)
            accepted.setblocking(True)
            served = threading.Thread(target=_serve, args=(server, accepted), daemon=True)
            served.start()
            try:
                with client.wrap_socket(raw, server_hostname=name):
                    seen[name] = "verified"
            except ssl.SSLCertVerificationError as exc:
                seen[name] = exc.verify_message
            served.join(30)
    finally:
        listener.close()
    assert seen["hub.local"] == "verified"
    assert "mismatch" in seen["elsewhere.local"].lower()


def _serve(context: ssl.SSLContext, sock: socket.socket) -> None:
    try:
        with context.wrap_socket(sock, server_side=True):
            pass
    except (ssl.SSLError, OSError):
        sock.close()


def test_the_hub_serves_time_to_the_lan_from_its_own_clock(tmp_path: Path) -> None:
    assert setup(tmp_path).returncode == 0
    conf = (tmp_path / "chrony" / "conf.d" / "mafiakit-hub.conf").read_text()
    directives = [line.split() for line in conf.splitlines()
                  if line.strip() and not line.startswith("#")]
    assert ["local", "stratum", "10"] in directives
    allowed = {words[1] for words in directives if words[0] == "allow"}
    assert allowed == {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
                       "fc00::/7", "fe80::/10"}  # the LAN's ranges, never the internet
