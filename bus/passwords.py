"""mosquitto password files: with `mosquitto_passwd` when installed, else hashed here.

mosquitto 2.x stores `user:$7$<iterations>$<base64 salt>$<base64 PBKDF2-SHA512 hash>`;
writing that ourselves keeps tests and the demo working where only the broker is installed.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Final

ITERATIONS: Final = 101  # mosquitto_passwd's own default
SALT_BYTES: Final = 12


def check_account(username: str, password: str) -> None:
    """Refuse names and passwords the password file cannot hold."""
    if not username or any(c in username for c in ": \t\r\n"):
        raise ValueError(f"broker user name {username!r} must be non-empty, without ':' or spaces")
    if not password or any(c in password for c in "\r\n"):
        raise ValueError(f"the password of {username!r} must be non-empty and on one line")


def hash_line(username: str, password: str, salt: bytes | None = None) -> str:
    """One password-file line in mosquitto's PBKDF2-SHA512 format."""
    check_account(username, password)
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, ITERATIONS)
    encoded = [base64.b64encode(part).decode("ascii") for part in (salt, digest)]
    return f"{username}:$7${ITERATIONS}${encoded[0]}${encoded[1]}"


def find_passwd_tool() -> str | None:
    """`mosquitto_passwd` if installed (it ships with the mosquitto package)."""
    return shutil.which("mosquitto_passwd") or next(
        (p for p in ("/usr/bin/mosquitto_passwd", "/usr/sbin/mosquitto_passwd")
         if os.access(p, os.X_OK)),
        None,
    )


def write_password_file(
    path: Path, users: Mapping[str, str], tool: str | None = None, use_tool: bool = True
) -> None:
    """Write `users` ({name: password}) to `path`, readable by its owner only.

    With `mosquitto_passwd`, the file first holds `name:password` lines, private from its
    first byte, which `mosquitto_passwd -U` hashes in place: a password never goes on a
    command line, where `ps` shows it to every user of the machine (issue 24)."""
    for username, password in users.items():
        check_account(username, password)
    path.write_text("", encoding="utf-8")
    path.chmod(0o600)
    tool = (tool or find_passwd_tool()) if use_tool else None
    if tool is None:
        lines = [hash_line(name, password) for name, password in users.items()]
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        return
    path.write_text("".join(f"{name}:{password}\n" for name, password in users.items()),
                    encoding="utf-8")
    subprocess.run([tool, "-U", str(path)], check=True, capture_output=True, text=True)


def read_accounts(path: Path) -> dict[str, str]:
    """`NAME PASSWORD` lines (the format of setup.sh's `mafiakit-credentials`; blank lines and
    `#` comments skipped) from a file only its owner may read."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"the accounts file {path} cannot be read: {exc.strerror}") from None
    if mode & 0o077:
        raise ValueError(f"the accounts file {path} may be read by other users of this "
                         f"machine: run `chmod 600 {path}` first")
    accounts: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, _, password = line.partition(" ")
        if not password.strip():
            raise ValueError(f"{path} line {number}: write it as NAME PASSWORD")
        check_account(name, password.strip())
        accounts[name] = password.strip()
    return accounts
