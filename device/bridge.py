"""The table's hands and lights: pad keys -> game actions; game -> seat LEDs, tones, music.

Runs on the engine thread only (the service calls it): key events arrive through the service
inbox; LEDs, tones and music follow every change of the game and of the countdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from device.feedback import press_feedback_seat, seat_pattern
from device.hardware import TableHardware
from device.keys import Action, DeviceCommand, PadDecoder, PadError, Pending
from device.pad import KeyEvent
from device.pins import seat_of
from device.timer import TimerEvent
from engine.views import view

if TYPE_CHECKING:
    from device.service import TableService


class PadBridge:
    def __init__(self, service: TableService, hardware: TableHardware) -> None:
        self.service = service
        self.hardware = hardware
        self.decoder = PadDecoder()
        self._shown: tuple[Any, ...] | None = None
        self._night = False

    def views(self) -> tuple[dict[str, Any], dict[str, Any]]:
        game = self.service.game
        n = len(game.actions)
        return (view(game.state, game.rules, "public", n),
                view(game.state, game.rules, "judge", n))

    def key(self, event: KeyEvent) -> None:
        """One clean key event from the pad (press, hold or release)."""
        public, judge = self.views()
        service = self.service
        seat, seats = seat_of(event.key), len(public["seats"])
        if seat is not None and seat > seats:  # a club table's key in a smaller game
            if event.kind == "press":
                self.hardware.signal_error()
                service.last_error = f"there is no seat {seat}: this game has {seats} seats"
                service.publish_all(only=("judge",))
            return
        result = self.decoder.feed(event, judge)
        if isinstance(result, Action):
            ok, why = service.submit_line(result.action)
            if ok:
                public, judge = self.views()  # the game moved on
                self.hardware.signal_ok(press_feedback_seat(public, event.key))
            else:
                self.hardware.signal_error()
                service.last_error = why
        elif isinstance(result, DeviceCommand):
            service.timer_key(restart=result.name == "timer_restart")
        elif isinstance(result, PadError):
            self.hardware.signal_error()
            service.last_error = result.message
        elif isinstance(result, Pending) and event.kind == "press":
            self.hardware.signal_ok(press_feedback_seat(public, event.key))
        text = self.decoder.text(judge)
        if text != service.pad_text or isinstance(result, PadError | Action):
            service.pad_text = text
            service.publish_all(only=("judge",))

    def refresh(self) -> None:
        """Seat LEDs from the public view and the countdown; night music by the phase."""
        service = self.service
        countdown = service.countdown
        left = None if countdown is None else countdown.remaining(service.mono())
        public = view(service.game.state, service.game.rules, "public")
        patterns = seat_pattern(public, left)
        if patterns != self._shown:
            self._shown = patterns
            self.hardware.show(patterns)
        night = public["phase"] == "night"
        music = self.hardware.music
        if music is not None and night != self._night:
            music.night() if night else music.morning()
            if night and music.problem is not None:
                service.last_error = music.problem  # the judge's one line: the table is silent
        self._night = night

    def tone(self, event: TimerEvent) -> None:
        music = self.hardware.music
        if music is not None:
            music.tone(event.kind)
