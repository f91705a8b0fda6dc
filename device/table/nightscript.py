"""The night script at the table: music from nightfall to morning, and each night step called
aloud in the order of the game's rules, read from the engine's judge view.

The game's variant gives the order and the step the engine waits for (`TableVariant`,
device/table/tablevariant.py: 004 §7 for a club game, 000 I.7.3-7.8 for a classic one).
Everyone at the table hears the calls, and the step the engine names is the judge's secret: it
passes over a player the putana blocked (club R15) or a removed one whose card stays hidden
(004 §9). So the script calls every step of the deal in the engine's order, also the ones the
engine passed over, once a night: the players hear the same calls whatever happened. Steps that
exist only on a public condition are called only when the engine names them: the kamikaze "если
был убит" (004 §7.7) and the classic best move (000 I.7.8), both told at dawn anyway.

Runs on the engine thread, like the pad bridge.
"""

from __future__ import annotations

from typing import Protocol

from device.table.tablevariant import Call, table_variant
from engine.viewmodels import JudgeView
from engine.vocab import NightAct, NightStep, Phase

ONLY_WHEN_NAMED: frozenset[Call] = frozenset({NightAct.KAMIKAZE, NightStep.BEST_MOVE})


def night_order(view: JudgeView) -> tuple[Call, ...]:
    """The steps of this game's nights in the engine's order, for the roles it dealt."""
    return table_variant(view.rules).night_order(view)


def current_step(view: JudgeView) -> Call | None:
    """The step the engine waits for now, None when none (a day, the zero night, dawn)."""
    if view.phase is not Phase.NIGHT or view.number == 0:
        return None
    return table_variant(view.rules).night_step(view)


class Announcer(Protocol):
    """What the table says: music at night and the calls (device.hardware.music.NightMusic)."""

    problem: str | None  # why the table is silent, for the judge's screen

    def night(self) -> None: ...
    def morning(self) -> None: ...
    def announce(self, step: str) -> bool: ...


class NightScript:
    """Follows the judge view: music on at nightfall, off in the morning, the calls between."""

    def __init__(self, music: Announcer) -> None:
        self.music = music
        self._night = False
        self._number = 0  # the night whose steps `calls` holds
        self._called = 0  # how many steps of that night's order were called
        self.calls: list[Call] = []  # that night's calls, in order

    @property
    def at_night(self) -> bool:
        """The music plays: the script waits for the morning."""
        return self._night

    def follow(self, view: JudgeView) -> str | None:
        """Play what the view asks for; the judge's one line when night fell on a table that
        cannot play its sound (the music tries its device again at every nightfall)."""
        night = view.phase is Phase.NIGHT
        silent = None
        if night != self._night:
            self.music.night() if night else self.music.morning()
            silent = self.music.problem if night else None
            self._night = night
        if not night or view.number == 0:
            return silent
        if view.number != self._number:  # a new night (an undo into the last one calls no
            self._number, self._called, self.calls = view.number, 0, []  # step twice)
        order = night_order(view)
        step = current_step(view)
        if step is None:  # time for `day`: the steps left are called all the same
            upto = len(order) if self._called else 0
        elif step in order:
            upto = order.index(step) + 1
        else:
            return silent
        upto = max(upto, self._called)
        self._call(order[self._called:upto], step)
        return silent

    def time_up(self, view: JudgeView) -> None:
        """A night step's time ran out without its line (004 §7 "до 15 секунд"): call the
        next one, whose line the judge enters next."""
        if view.phase is not Phase.NIGHT or view.number != self._number or not self._called:
            return
        order = night_order(view)
        rest = [i for i in range(self._called, len(order)) if order[i] not in ONLY_WHEN_NAMED]
        if rest:
            self._call(order[self._called:rest[0] + 1], None)

    def _call(self, steps: tuple[Call, ...], named: Call | None) -> None:
        for step in steps:
            self._called += 1
            if step not in ONLY_WHEN_NAMED or step == named:
                self.calls.append(step)
                self.music.announce(step.value)
