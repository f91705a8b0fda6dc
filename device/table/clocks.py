"""The table's clocks and what runs on them: the countdown of whoever is timed, the seat
LEDs' refresh and the timer's tones, the night script's music, and the wall clock's steps.

One job: time. The countdown runs on the monotonic clock (docs/clock.md); a new one starts
when the timed thing changes (a new speaker, candidate, step or night step: the variant's
`timer_identity`). What the judge must hear of it (no timer to pause, the night's music
cannot play, the wall clock stepped mid-game) goes to the judge's notes, and `tell_judge`
publishes his snapshot.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from device.table.bridge import PadBridge
from device.table.core import GameCore
from device.table.nightscript import NightScript
from device.table.notes import JudgeNotes
from device.table.timer import Countdown, TimerError, TimerEvent
from engine.refusals import Phrase, R
from engine.viewmodels import JudgeView
from engine.vocab import InfoClass, Phase

log = logging.getLogger("mafiakit.table")
# A wall-clock move between two looks (at most a quarter of a second apart) larger than this is
# a step (chrony's makestep, a date set by hand), not chrony slewing it (at most 83 ms a second).
CLOCK_STEP_S = 1.0


class TableClocks:
    def __init__(self, core: GameCore, notes: JudgeNotes, bridge: PadBridge | None,
                 night_script: NightScript | None, *, wall: Callable[[], float],
                 mono: Callable[[], float], booted: float,
                 tell_judge: Callable[[], None]) -> None:
        self.core, self.notes, self.bridge, self.night_script = core, notes, bridge, night_script
        self.wall, self.mono, self.tell_judge = wall, mono, tell_judge
        self.countdown: Countdown | None = None
        self._timer_id: tuple[object, ...] | None = None
        self._clock_offset = wall() - booted  # wall minus monotonic: moves on a step
        self.clock_step: tuple[str, float] | None = None  # (game, seconds): the last mid-game
        self._followed: object = None  # the game state the night script last followed

    def retime(self) -> None:
        """A new countdown when the timed thing changed (new speaker, candidate, step)."""
        game = self.core.game
        timer = game.timer()
        ident = game.timer_identity(timer)
        if ident == self._timer_id:
            return
        self._timer_id = ident
        self.countdown = None
        if timer is not None and timer.seconds > 0:
            self.countdown = Countdown.start(timer.kind, timer.seconds, self.mono())

    def timer_key(self, restart: bool = False) -> None:
        """Pause/resume (or restart) the countdown; without one, the judge is told so."""
        if self.countdown is None:
            self.notes.refuse(Phrase(R.TIMER_NONE))
            return
        try:
            now = self.mono()
            self.countdown = (self.countdown.restart(now) if restart
                              else self.countdown.toggle(now))
        except TimerError as exc:
            self.notes.say(str(exc))

    def poll(self) -> None:
        """The countdown's "10 seconds" and "time", then the seat LEDs."""
        if self.countdown is None:
            return
        self.countdown, events = self.countdown.poll(self.mono())
        for e in events:
            self._timer_event(e)
        self.refresh()  # the speaker's LED blinks in his last 10 seconds

    def refresh(self) -> None:
        """The seat LEDs as the game stands, and the night script following the night."""
        game = self.core.game
        if self.bridge is not None:
            countdown = self.countdown
            left = None if countdown is None else countdown.remaining(self.mono())
            self.bridge.refresh(game, left)
        state, script = game.state, self.night_script
        # classic and club alike; a frozen state needs no second look, and a day in which
        # the script hears no night needs no judge view (one is built per action: 0.3 ms)
        if script is not None and state is not self._followed and (
                script.at_night or state.phase == Phase.NIGHT):
            self._followed = state
            silent = script.follow(self._judge_view())
            if silent is not None:  # the judge's one line: the table cannot play its music
                self.notes.say(silent)
                self.tell_judge()

    def _judge_view(self) -> JudgeView:
        view = self.core.views.of(self.core.game, InfoClass.JUDGE)
        assert isinstance(view, JudgeView)
        return view

    def _timer_event(self, event: TimerEvent) -> None:
        """"10 seconds" and "time": a tone at the table; screens count down by themselves."""
        if self.bridge is not None:
            self.bridge.tone(event)
        if self.night_script is not None and event.kind == "time_up":
            self.night_script.time_up(self._judge_view())  # a night step's time is over

    def watch(self, mono_now: float) -> None:
        """Notice the wall clock stepping (docs/clock.md). Before a game starts that is what
        the venue's time server is for; during one the journal's and the protocol's times jump
        there, so the head judge hears of it (`clock_step_s` in the heartbeat's next beat)
        and the judge at the table reads it. Countdowns run on the monotonic clock and do not
        notice."""
        offset = self.wall() - mono_now
        step, self._clock_offset = offset - self._clock_offset, offset
        if abs(step) < CLOCK_STEP_S:
            return
        core = self.core
        if core.seq == 0 or core.game.state.finished:
            log.info("the wall clock stepped %+.1f s between games", step)
            return
        self.clock_step = (core.game_id, round(step, 1))
        self.notes.say(f"the table's clock jumped {step:+.0f} s during game {core.game_id}: "
                       "its protocol's times jump there; the timers ran on")
        log.warning("%s", self.notes.last_error)
        self.tell_judge()  # the head judge: at the grid's next beat
