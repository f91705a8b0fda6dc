"""What the table's callers read of it (the console, the simulator, the benches, the
tests): each a read-only property of the part that holds it (device/table/service.py).

None can be set from outside: the parts change only on the engine thread, through the
table's operations.
"""

from __future__ import annotations

from datetime import datetime

from bus.client import BusClient
from device.hardware.kit import TableHardware
from device.table import snapshots as snap
from device.table.clocks import TableClocks
from device.table.core import GameCore
from device.table.link import TableLink
from device.table.newgame import NewGameGate
from device.table.notes import JudgeNotes
from device.table.publisher import Publisher
from device.table.stream import DelayedStream
from device.table.timer import Countdown
from engine.log import LogLine
from engine.refusals import Lang, Phrase
from engine.variant import GameVariant
from engine.vocab import InfoClass


class TableReadings:
    core: GameCore
    notes: JudgeNotes
    clocks: TableClocks
    link: TableLink
    publisher: Publisher
    hardware: TableHardware | None

    @property
    def table_game(self) -> GameVariant:
        return self.core.game

    @property
    def header(self) -> LogLine:
        return self.core.header

    @property
    def game_id(self) -> str:
        return self.core.game_id

    @property
    def seq(self) -> int:
        return self.core.seq

    @property
    def names(self) -> list[str]:
        return self.core.names

    @property
    def screen_seqs(self) -> snap.ScreenSeqs:
        return self.core.screen_seqs

    @property
    def decided_at(self) -> datetime | None:
        return self.core.decided_at

    @property
    def countdown(self) -> Countdown | None:
        return self.clocks.countdown

    @property
    def clock_step(self) -> tuple[str, float] | None:
        return self.clocks.clock_step

    @property
    def last_error(self) -> str | None:
        return self.notes.last_error

    @property
    def refusal(self) -> Phrase | None:
        return self.notes.refusal

    @property
    def pad_text(self) -> str:
        return self.notes.pad_text

    @property
    def lang(self) -> Lang:
        return self.notes.lang

    @property
    def gate(self) -> NewGameGate:
        return self.notes.gate

    @property
    def bus(self) -> BusClient | None:
        return self.link.bus

    @property
    def instance(self) -> str:
        return self.link.instance

    @property
    def stream(self) -> DelayedStream | None:
        return self.publisher.stream

    @property
    def pad_seats(self) -> int | None:
        """The pad's seat keys (None: no pad): a game it cannot key is refused."""
        return None if self.hardware is None else self.hardware.pin_map.seats

    def next_header(self) -> LogLine:
        """The table's own next game (the console's `{"command": "new_game"}` without a
        header): the config's game; at a club table numbered after tonight's last one."""
        return self.core.next_header()

    def summary(self) -> str:
        """One plain line for the simulator's status bar (no secrets: players see it; the
        result is the decided game's, which everyone may know)."""
        state = self.table_game.state
        if state.winner is not None:
            return f"game over: {state.winner}" + (" wins" if state.winner != "draw" else "")
        v = self.core.views.of(self.table_game, InfoClass.PUBLIC)
        speaker = f" #{v.speaker}" if v.speaker else ""
        return f"{v.phase} {v.number}: {v.step}{speaker}".replace("_", " ")

    def judge_extra(self) -> snap.JudgeExtra:
        """The judge's own lines (device/table/notes.py)."""
        core = self.core
        return self.notes.extra(core.game_id, len(core.game.actions), core.decided_at)
