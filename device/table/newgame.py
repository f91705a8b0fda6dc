"""A new game asked for while a game runs waits for the judge's yes or no (issue 24).

A hub's `new_game` (or one typed at the console) in the middle of a game would abandon it:
`mafiakit hub round 2` did it to every table still playing round 1. The table refuses it
in words, keeps it here as the one game that waits, and the judge answers at the table:

- the pad: hold TIMER (the screen asks "NEW GAME r2-t3: hold NEXT"), then hold NEXT opens
  it; UNDO keeps playing and forgets it; any other key only ends the question. Holding, not
  pressing: a stray key never abandons a game (the signature is a hold for the same reason).
  The TIMER press before the hold pauses or resumes the timer as it always does.
- the console: `confirm`.

Pure: the service asks `key` what a pad event means while a game waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from device.hardware.pad import KeyEvent
from device.table.journal import Request
from engine.log import LogLine


@dataclass(frozen=True)
class Waiting:
    """The new game asked for: what `new_game` would have opened, and the hub's request
    (kept in the journal with the game once the judge opens it)."""

    header: LogLine  # admitted
    game_id: str | None
    request: Request | None

    @property
    def name(self) -> str:
        """How the judge's screen names it (its id, or "" for a table-made id)."""
        return self.game_id or ""


GateStep = Literal["pass", "ask", "wait", "open", "keep", "end"]


class NewGameGate:
    """The game that waits (None: none) and where the judge's answer stands."""

    def __init__(self) -> None:
        self.waiting: Waiting | None = None
        self.asking = False  # TIMER held: the next hold of NEXT opens the waiting game

    def wait(self, waiting: Waiting) -> None:
        """A new game was asked for while one runs: it waits (the latest one asked)."""
        self.waiting, self.asking = waiting, False

    def clear(self) -> None:
        self.waiting, self.asking = None, False

    def key(self, event: KeyEvent) -> GateStep:
        """What one pad event means while a game waits: `pass` (the pad's usual meaning),
        `ask` (TIMER held: show the question), `wait` (taken, nothing to do), `open` (the
        judge's yes), `keep` (his no: forget it), `end` (the question ends, nothing else)."""
        if self.waiting is None:
            return "pass"
        if not self.asking:
            if event.key == "TIMER" and event.kind == "hold":
                self.asking = True
                return "ask"
            return "pass"
        if event.kind == "release" or (event.key == "NEXT" and event.kind == "press"):
            return "wait"
        if event.key == "NEXT" and event.kind == "hold":
            return "open"
        self.asking = False
        if event.key == "UNDO" and event.kind == "press":
            self.waiting = None
            return "keep"
        return "end"

    def pad_text(self) -> str:
        """The question on the judge's screen while the gate asks ("" otherwise)."""
        if self.waiting is None or not self.asking:
            return ""
        return f"NEW GAME {self.waiting.name}: hold NEXT (UNDO: keep playing)".replace(
            "NEW GAME :", "NEW GAME:")
