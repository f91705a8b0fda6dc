"""The table's hands and lights: pad keys -> what the judge wants done; game -> seat LEDs,
tones.

The bridge never touches the table service: `key` returns a `PadWish` (record an action,
toggle the timer, show a refusal, or wait for more keys) and the service carries it out;
`recorded` then flashes the answer. Runs on the engine thread only. Each game is keyed with
its variant's grammar (device/table/tablevariant.py: the classic one of device/table/keys.py,
the club's of device/table/clubkeys.py); everything else is the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from device.hardware.kit import TableHardware
from device.hardware.leds import Pattern
from device.hardware.pad import KeyEvent
from device.hardware.pins import seat_of
from device.table.feedback import press_feedback_seat, seat_pattern
from device.table.keys import Action, DeviceCommand, PadError, Pending
from device.table.tablevariant import PadGrammar, table_variant
from device.table.timer import TimerEvent
from device.table.viewcache import view_of
from engine.refusals import Phrase, R
from engine.variant import GameVariant, find_variant
from engine.viewmodels import JudgeView, PublicView
from engine.vocab import InfoClass


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


def _judge(game: GameVariant) -> JudgeView:
    view = view_of(game, InfoClass.JUDGE)
    assert isinstance(view, JudgeView)
    return view


def _public(game: GameVariant) -> PublicView:
    view = view_of(game, InfoClass.PUBLIC)
    assert isinstance(view, PublicView)
    return view


class PadBridge:
    def __init__(self, hardware: TableHardware) -> None:
        self.hardware = hardware
        self._grammars: dict[str, PadGrammar] = {}  # variant name -> its grammar
        self._by_rules: dict[str, PadGrammar] = {}  # the same by the header's rules
        self._shown: tuple[Pattern, ...] | None = None

    def grammar(self, game: GameVariant) -> PadGrammar:
        """The pad's grammar for the game's variant (one decoder a variant, as its rulesets
        key alike; each keeps its unfinished sequence while another variant is played)."""
        rules = game.rules_id
        found = self._by_rules.get(rules)
        if found is None:
            name = find_variant({"rules": rules}).name
            if name not in self._grammars:
                self._grammars[name] = table_variant(rules).pad()
            found = self._by_rules[rules] = self._grammars[name]
        return found

    def key(self, event: KeyEvent, game: GameVariant) -> PadWish:
        """One clean key event from the pad (press, hold or release) in the game as it is."""
        judge = _judge(game)
        seat, seats = seat_of(event.key), len(judge.seats)
        if seat is not None and seat > seats:  # a club table's key in a smaller game
            if event.kind != "press":
                return PadWait()
            self.hardware.signal_error()
            no_seat = Phrase(R.PAD_NO_SUCH_SEAT, {"seat": seat, "seats": seats})
            return PadRefusal(no_seat.text("en"), no_seat)
        result = self.grammar(game).feed(event, game, judge)
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
                    self.hardware.signal_ok(press_feedback_seat(_public(game), event.key))
                return PadWait()
            case _:
                assert_never(result)

    def recorded(self, ok: bool, key: str, game: GameVariant) -> None:
        """The answer to a `PadRecord`: the pressed seat flashes, or every LED for a refusal."""
        if ok:
            self.hardware.signal_ok(press_feedback_seat(_public(game), key))
        else:
            self.hardware.signal_error()

    def text(self, game: GameVariant) -> str:
        """The pad's unfinished key sequence, for the judge's screen."""
        return self.grammar(game).text(game, _judge(game))

    def refresh(self, game: GameVariant, seconds_left: float | None) -> None:
        """Seat LEDs from the public view and the countdown (the music is the night
        script's, device/table/nightscript.py)."""
        patterns = seat_pattern(_public(game), seconds_left, game.winners())
        if patterns != self._shown:
            self._shown = patterns
            self.hardware.show(patterns)

    def tone(self, event: TimerEvent) -> None:
        music = self.hardware.music
        if music is not None:
            music.tone(event.kind)
