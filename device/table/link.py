"""The table's link to the venue: its number (the claim and the birth, docs/mqtt.md "One
table per number"), the broker connection, and the hub's commands as they arrive.

One job: who this table is on the bus and whether it is connected. The journal lock and the
claim are taken before the link opens; a command is decoded and answered once per request
id by the command desk (device/table/commands.py); the table service carries it out.
"""

from __future__ import annotations

import logging
import queue
from importlib.metadata import version as _version

from bus import topics
from bus.client import BusClient, Presence, Received
from device.config import TableSettings
from device.table.commands import CommandDesk, DeskWish
from device.table.inbox import InboxItem
from device.table.instance import JournalLock, claim_number, host_name, instance_id
from device.table.journal import Journal

log = logging.getLogger("mafiakit.table")
VERSION = _version("mafiakit")
BIRTH_WAIT_S = 10.0  # start() waits this long at most for its birth once the broker answered


class TableLink:
    def __init__(self, settings: TableSettings, journal: Journal,
                 inbox: queue.Queue[InboxItem], *, connect: bool) -> None:
        self.settings = settings
        self.tournament, self.table = settings.tournament, settings.table
        self.desk = CommandDesk(journal.answered)
        self.instance = instance_id(journal)  # one table per number (device/table/instance.py)
        self._lock = JournalLock(settings.journal)
        self._down = False
        self.bus: BusClient | None = None
        if connect:
            self.bus = BusClient(settings.broker.config(), name=f"table-{self.table}",
                                 presence=self._presence(), inbox=inbox)

    def _presence(self) -> Presence:
        status = topics.table_topic(self.tournament, self.table, "status")
        return Presence(status, VERSION, instance=self.instance, host=host_name(),
                        claim_topic=topics.table_topic(self.tournament, self.table, "claim"))

    def start(self) -> None:
        """Take the journal and the table's number, then connect. JournalInUse or NumberHeld
        (one line each) when another service has them."""
        self._lock.take()
        if self.bus is not None:
            asked = claim_number(self.bus.config, self.tournament, self.table, self.instance)
            self.bus.subscribe(topics.table_filter("cmd", self.tournament, self.table))
            self.bus.start()
            if asked:  # the broker answers: hold the number (the birth) before saying ready
                self.bus.wait_ready(BIRTH_WAIT_S)

    def close(self) -> None:
        if self.bus is not None:
            self.bus.close()

    def release(self) -> None:
        """Give the journal back (after it is closed)."""
        self._lock.release()

    def up(self, bdseq: int) -> None:
        log.info("broker connected (bdseq %d): publishing everything", bdseq)
        self._down = False

    def down(self, reason: str, tls: bool) -> None:
        """Said once per outage: paho retries every second or so, the judge needs one line."""
        if not self._down:
            mend = ("give the venue's CA file ([broker] ca_file, or ?ca= in the URL; "
                    "deploy/mosquitto/README.md)" if tls else
                    "start the broker, or run with --no-broker")
            log.warning("broker link down at %s: %s (the game goes on and the journal "
                        "keeps everything; %s)", self.broker_address(), reason, mend)
        self._down = True

    def broker_address(self) -> str:
        """host:port of the broker, never the account's password."""
        config = self.settings.broker.config()
        return f"{config.host}:{config.port}"

    def received(self, item: Received) -> DeskWish:
        """A message on the table's cmd topics: what the desk says to do about it."""
        return self.desk.received(item)

