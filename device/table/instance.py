"""Which table this is, beyond its number: the instance id, and one service per journal.

The instance id goes into every birth (docs/mqtt.md "One table per number"). It must be the
same across restarts of one table, so its own earlier life (a crash, a power cut) never
blocks it, and another on a second machine given the same number (a typo in the setup) or a
cloned SD card, whose machine-id and journal are copies. So it is a random id made at the
first start and kept in the journal, together with the fingerprint of where it was made: the
machine-id, the network card's hardware address and the journal's path. A journal that finds
itself elsewhere (another card, another Pi, another folder) makes a new id.

Two services on one journal on one machine would share the id: a lock file beside the
journal keeps the second one out.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import os
import secrets
import socket
import uuid
from pathlib import Path
from typing import IO

from bus.claim import ClaimUnanswered, NumberHeld, probe
from bus.config import BrokerConfig
from device.table.journal import Journal

log = logging.getLogger("mafiakit.table")
MACHINE_ID_FILES = (Path("/etc/machine-id"), Path("/var/lib/dbus/machine-id"))
_MULTICAST = 1 << 40  # uuid.getnode() sets it on a made-up address (no network card found)


class JournalInUse(RuntimeError):
    """Another table service on this machine has the journal open; the message says which."""


def machine_id() -> str:
    for path in MACHINE_ID_FILES:
        with contextlib.suppress(OSError):
            text = path.read_text(encoding="ascii").strip()
            if text:
                return text
    return ""


def hardware_address() -> str:
    """The network card's address (a cloned card on another Pi has another one), or ""."""
    node = uuid.getnode()
    return "" if node & _MULTICAST else f"{node:012x}"


def fingerprint(machine: str, hardware: str, journal: Path) -> str:
    """Where an instance id was made (pure: the inputs are passed in)."""
    where = "\n".join((machine, hardware, str(journal)))
    return hashlib.sha256(where.encode()).hexdigest()[:32]


def host_name() -> str | None:
    name = socket.gethostname().strip()
    return name[:100] if name else None


def instance_id(journal: Journal, where: str | None = None) -> str:
    """This table's instance id, kept in its journal; a new one when the journal was made
    elsewhere (`where`: the fingerprint, by default of this machine and journal path)."""
    here = where if where is not None else fingerprint(
        machine_id(), hardware_address(), journal.path.resolve())
    kept, made_at = journal.meta("instance"), journal.meta("instance_of")
    if kept is not None and made_at == here:
        return kept
    made = secrets.token_hex(8)
    if kept is not None:
        log.warning("journal %s was written by another machine or in another folder (a copied "
                    "card?): this table is a new instance (%s)", journal.path, made)
    journal.set_meta("instance", made)
    journal.set_meta("instance_of", here)
    return made


class JournalLock:
    """An exclusive lock on `<journal>.lock` for as long as the service runs (flock: the
    kernel lets go when the process dies, so a crash leaves nothing to clean up)."""

    def __init__(self, journal: Path) -> None:
        self.path = Path(f"{journal}.lock")
        self._file: IO[str] | None = None

    def take(self) -> JournalLock:
        if self.path.name == ":memory:.lock" or self._file is not None:
            return self  # an in-memory journal has no file to share; taken already
        handle = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise JournalInUse(
                f"the journal {self.path.name.removesuffix('.lock')} is in use by another table "
                f"service on this machine ({holder}): stop that one first, or give this one "
                "its own journal (--journal)") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}")
        handle.flush()
        self._file = handle
        return self

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing lets go of the lock
            self._file = None


def claim_number(config: BrokerConfig, tournament: str, table: str, instance: str) -> bool:
    """Ask the broker whether another live instance holds `table` (bus/claim.py); NumberHeld
    in one line naming its machine if so; True once the number is this table's. A broker
    that cannot be asked does not stop the table (False): the game goes on from its
    journal, and the hub still tells two instances apart."""
    try:
        holder = probe(config, tournament, table, instance=instance, host=host_name())
    except ClaimUnanswered as exc:
        # the table's own link line says the broker is away; this one only with --verbose
        log.info("%s: could not check that no other machine is table %s; starting anyway",
                 exc, table)
        return False
    if holder is not None:
        raise NumberHeld(
            f"table {table} of tournament {tournament} is already running on {holder.where} "
            f"(since {holder.since}): stop that one first, or give this machine another table "
            "number (table = ... in table.toml, or MAFIAKIT_TABLE)")
    return True
