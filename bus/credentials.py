"""Secrets that systemd hands to a service: `LoadCredential=NAME:PATH` in the unit.

systemd reads PATH as root before it drops to the service's user and puts a copy in
$CREDENTIALS_DIRECTORY/NAME, a directory only that service can read (systemd.exec(5),
"Credentials"). Unlike an environment variable, the secret is not inherited by every child
process and is not in /proc/PID/environ; unlike a config file, the service's user cannot read
the original. The table and the screen read their broker URL (with its password) this way
(deploy/systemd/*.service). Outside systemd the variable is unset and nothing is read.

Only the standard library here: `mafiakit scoreboard` reads it before pydantic is loaded.
"""

from __future__ import annotations

import os
from pathlib import Path


class CredentialError(ValueError):
    """A credential that is there but cannot be used; the message says which file."""


def credential(name: str) -> str | None:
    """The credential `name` (its text without the final newline), or None when there is no
    credentials directory or no such credential in it."""
    directory = os.environ.get("CREDENTIALS_DIRECTORY", "")
    if not directory:
        return None
    path = Path(directory) / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise CredentialError(f"the credential {name} ({path}) cannot be read: {exc}") from None
    value = text.rstrip("\r\n")
    if not value.strip() or "\n" in value:
        raise CredentialError(f"the credential {name} ({path}) must be one line, not "
                              f"{'empty' if not value.strip() else 'several lines'}")
    return value
