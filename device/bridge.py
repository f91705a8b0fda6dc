"""The table's hands and lights: pad keys -> what the judge wants done; game -> seat LEDs,
tones.

The bridge never touches the table service: `key` returns a `PadWish` (record an action,
toggle the timer, show a refusal, or wait for more keys) and the service carries it out;
`recorded` then flashes the answer. Runs on the engine thread only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from device.feedback import press_feedback_seat, seat_pattern
from device.hardware import TableHardware
from device.keys import Action, DeviceCommand, PadDecoder, PadError, Pending
from device.leds import Pattern
from device.pad import KeyEvent
from device.pins import seat_of
from device.timer import TimerEvent
from engine.game import Game
from engine.refusals import Phrase, R
from engine.views import judge_view, public_view, reveal


@dataclass(frozen=True)
class PadRecord:
    """A complete action keyed in: record it (a game-log line), then call `recorded`."""

    line: dict[str, object]
    key: str


@dataclass(frozen=True)
class PadTimer:
    """Pause/resume (or restart) the running countdown."""

    restart: bool


@dataclass(frozen=True)
class PadRefusal:
    """An impossible sequence: tell the judge why; nothing is recorded."""

    message: str
    refusal: Phrase | None = None  # the same by key, for the screen's language


@dataclass(frozen=True)
class PadWait:
    """A key of an unfinished sequence: nothing to do yet."""


PadWish = PadRecord | PadTimer | PadRefusal | PadWait


class PadBridge:
    def __init__(self, hardware: TableHardware) -> None:
        self.hardware = hardware
        self.decoder = PadDecoder()
        self._shown: tuple[Pattern, ...] | None = None

    def key(self, event: KeyEvent, game: Game) -> PadWish:
        """One clean key event from the pad (press, hold or release) in the game as it is."""
        judge = judge_view(game.state, game.rules, len(game.actions))
        seat, seats = seat_of(event.key), len(judge.seats)
        if seat is not None and seat > seats:  # a club table's key in a smaller game
            if event.kind != "press":
                return PadWait()
            self.hardware.signal_error()
            no_seat = Phrase(R.PAD_NO_SUCH_SEAT, {"seat": seat, "seats": seats})
            return PadRefusal(no_seat.text("en"), no_seat)
        result = self.decoder.feed(event, judge)
        match result:
            case Action(action=line):
                return PadRecord(line, event.key)
            case DeviceCommand(name=name):
                return PadTimer(restart=name == "timer_restart")
            case PadError(message=message, phrase=phrase):
                self.hardware.signal_error()
                return PadRefusal(message, phrase)
            case Pending():
                if event.kind == "press":
                    public = public_view(game.state, game.rules)
                    self.hardware.signal_ok(press_feedback_seat(public, event.key))
                return PadWait()
            case _:
                assert_never(result)

    def recorded(self, ok: bool, key: str, game: Game) -> None:
        """The answer to a `PadRecord`: the pressed seat flashes, or every LED for a refusal."""
        if ok:
            self.hardware.signal_ok(press_feedback_seat(public_view(game.state, game.rules),
                                                        key))
        else:
            self.hardware.signal_error()

    def text(self, game: Game) -> str:
        """The pad's unfinished key sequence, for the judge's screen."""
        return self.decoder.text(judge_view(game.state, game.rules, len(game.actions)))

    def refresh(self, game: Game, seconds_left: float | None) -> None:
        """Seat LEDs from the public view and the countdown (the music is the night
        script's, device/nightscript.py)."""
        state = game.state
        patterns = seat_pattern(public_view(state, game.rules), seconds_left, reveal(state))
        if patterns != self._shown:
            self._shown = patterns
            self.hardware.show(patterns)

    def tone(self, event: TimerEvent) -> None:
        music = self.hardware.music
        if music is not None:
            music.tone(event.kind)
