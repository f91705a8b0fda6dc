"""What the hub holds of a table's current game, by the events' own seq, and when to ask
the table for a rebirth (docs/hub.md "Registry and liveness").

An event's seq is its journal line (every accepted action, night actions and undo lines
included: docs/mqtt.md), so the events of a game are 1, 2, 3 ... with no hole. A gap is a seq
below the highest one seen that the hub has not stored. It is healed by what is stored: the
missing events (the table sends them again, from its journal, on the rebirth the hub asks for
with `since`), or the game's protocol, which carries every action. The public snapshot's seq
counts only changes the players may see and never closes a gap.

A rebirth is asked once per gap (it asks for every event from the first missing one, so a
hole below the highest seq seen then is covered by it), and once for a decided game whose
protocol has not come a grace period after its decided snapshot (snapshots go out before the
protocol, so it normally follows within milliseconds). Asked again only after the table's
next birth: a table that was away never got the first request. Pure: the caller passes the
monotonic time.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class GameSeqs:
    game_id: str | None = None
    stored: set[int] = field(default_factory=set)
    contiguous: int = 0  # events 1..contiguous are all stored
    top: int = 0  # the highest seq seen
    protocol: bool = False  # the game's protocol is stored: nothing can be missing
    decided_since: float | None = None  # a snapshot said "decided" (protocol not stored)
    heard_since: bool = False  # and the table said something after it (the deciding event)
    asked: int | None = None  # a rebirth asked for the events up to this seq
    asked_protocol: bool = False

    def follow(self, game_id: str | None) -> None:
        """A new game at the table: start over."""
        if game_id != self.game_id:
            self.game_id, self.stored, self.contiguous, self.top = game_id, set(), 0, 0
            self.protocol = False
            self.undecided()
            self.reborn()

    def add(self, seq: int) -> bool:
        """One stored event; False for a duplicate (QoS 1, a resend)."""
        if seq in self.stored:
            return False
        self.stored.add(seq)
        self.heard()
        self.top = max(self.top, seq)
        while self.contiguous + 1 in self.stored:
            self.contiguous += 1
        return True

    def first_missing(self) -> int | None:
        if self.protocol or self.contiguous >= self.top:
            return None
        return self.contiguous + 1

    def decided(self, now: float) -> None:
        """A snapshot says the game is decided: its protocol should follow."""
        if self.decided_since is None:
            self.decided_since, self.heard_since = now, False

    def heard(self) -> None:
        """An event or a heartbeat of this game: whatever the table sent before it (the
        protocol goes out before the event that decided the game) has been delivered."""
        if self.decided_since is not None:
            self.heard_since = True

    def undecided(self) -> None:
        """An undo took the game back to running: no protocol is due."""
        self.decided_since, self.heard_since, self.asked_protocol = None, False, False

    def protocol_stored(self) -> None:
        self.protocol = True

    def reborn(self) -> None:
        """The table connected again: what it was asked before may never have reached it."""
        self.asked, self.asked_protocol = None, False

    @property
    def gap(self) -> bool:
        """Something of this game is missing: events, or a protocol asked for."""
        return self.first_missing() is not None or (self.asked_protocol and not self.protocol)

    def protocol_due(self, now: float, grace: float) -> bool:
        """Decided a grace period ago, the table heard from since, and still no protocol: on
        a loaded hub the protocol is never taken for lost while it waits in the queue."""
        return (self.decided_since is not None and not self.protocol and self.heard_since
                and now - self.decided_since >= grace)

    def rebirth(self, now: float, grace: float) -> dict[str, str | int] | None:
        """The rebirth command's arguments when one is due now, else None."""
        missing = self.first_missing()
        if (missing is not None and self.game_id is not None
                and (self.asked is None or missing > self.asked)):
            self.asked = self.top  # the table sends every event from `missing` on
            return {"game_id": self.game_id, "since": missing}
        if self.protocol_due(now, grace) and not self.asked_protocol:
            self.asked_protocol = True
            return {} if self.game_id is None else {"game_id": self.game_id}
        return None


def rebirth_words(args: dict[str, str | int]) -> str:
    """The hub's log line for a rebirth it asks for."""
    if "since" in args:
        return (f"game {args['game_id']}: event {args['since']} never reached the hub, asking "
                "the table to send its events again from there")
    return f"game {args.get('game_id', '?')} is decided but its protocol has not come: asking again"
