"""`ClubGame`: one club game (docs/club.md) with push/pop undo, the API of `engine.classic.Game`.

    game = ClubGame(Settings(seats=7))
    game.push(ClubRoles(mafia=(3,), maniac=5, doctor=1))
    game.push(Start())
    ...
    game.pop()            # undo the last action, exactly
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine import actions as act
from engine.club.actions import ClubAction
from engine.club.decide import decide, kind_of
from engine.club.events import ClubEvent
from engine.club.log import action_to_dict, parse_action
from engine.club.setup import Settings
from engine.club.state import ClubState
from engine.errors import IllegalAction
from engine.refusals import R
from engine.roles import Side
from engine.values import Value
from engine.variant import Variant
from engine.vocab import InfoClass

if TYPE_CHECKING:
    from engine.club.result import ClubResult
    from engine.log import JsonObject, LogLine
    from engine.timer import Timer
    from engine.viewmodels import View


class ClubOutcome(Value):
    winner: Side
    termination: str


def initial_state(settings: Settings) -> ClubState:
    """Seats 1..N at the table; immunity only in a regular game (004 §5)."""
    n = settings.seats
    immune = frozenset() if settings.tournament else frozenset(settings.immunity)
    return ClubState(seats=n, tournament=settings.tournament, immune=immune,
                     at_table=frozenset(range(1, n + 1)), fouls=(0,) * n,
                     muted_until=(0,) * n, banned_until=(0,) * n)


class ClubGame:
    """One club game. Every accepted action is kept so it can be undone."""

    __slots__ = ("_actions", "_events", "_states", "settings")

    def __init__(self, settings: Settings | int) -> None:
        self.settings = settings if isinstance(settings, Settings) else Settings(seats=settings)
        self._states: list[ClubState] = [initial_state(self.settings)]
        self._actions: list[ClubAction] = []
        self._events: list[tuple[ClubEvent, ...]] = []

    @property
    def rules_id(self) -> str:
        return "club"

    @property
    def initial(self) -> ClubState:
        return self._states[0]

    @property
    def state(self) -> ClubState:
        return self._states[-1]

    @property
    def actions(self) -> tuple[ClubAction, ...]:
        return tuple(self._actions)

    @property
    def events(self) -> tuple[tuple[ClubEvent, ...], ...]:
        return tuple(self._events)

    def push(self, action: ClubAction) -> tuple[ClubEvent, ...]:
        """Apply a host action; return its events. `Undo` is the same as `pop()`.

        Raises IllegalAction (and changes nothing) when the rules do not allow it now."""
        if kind_of(action) is act.Undo:  # no `isinstance`: see `kind_of`
            self.pop()
            return ()
        tx = decide(self._states[-1], action, self.settings)
        events = tuple(tx.events)
        self._states.append(tx.state)
        self._actions.append(action)
        self._events.append(events)
        return events

    def pop(self) -> ClubAction:
        if not self._actions:
            raise IllegalAction(R.CLUB_NOTHING_TO_UNDO)
        self._states.pop()
        self._events.pop()
        return self._actions.pop()

    def is_legal(self, action: ClubAction) -> bool:
        if kind_of(action) is act.Undo:
            return bool(self._actions)
        try:
            decide(self._states[-1], action, self.settings)
        except IllegalAction:
            return False
        return True

    def outcome(self) -> ClubOutcome | None:
        s = self.state
        if s.winner is None or s.termination is None:
            return None
        return ClubOutcome(s.winner, s.termination)

    # -- the variant protocol (engine/variant.py): what the table, replay and screens call --

    @property
    def seats(self) -> int:
        return self.settings.seats

    def parse_line(self, line: JsonObject) -> ClubAction:
        return parse_action(line, self.settings.seats)

    def play_line(self, line: JsonObject) -> LogLine | None:
        action = parse_action(line, self.settings.seats)
        if kind_of(action) is act.Undo:
            return _line(self.pop())
        self.push(action)
        return None

    def is_legal_line(self, line: JsonObject) -> bool:
        from engine.errors import LogError

        try:
            return self.is_legal(self.parse_line(line))
        except LogError:
            return False

    def lines(self) -> list[LogLine]:
        return [_line(a) for a in self._actions]

    def view(self, info_class: InfoClass) -> View:
        from engine.club import views

        match info_class:
            case InfoClass.PUBLIC:
                return views.public_view(self)
            case InfoClass.AUDIENCE:
                return views.audience_view(self)
            case _:
                return views.judge_view(self)

    def timer(self) -> Timer | None:
        from engine.club.timer import timer

        return timer(self.state)

    def timer_identity(self, timer: Timer | None) -> tuple[object, ...] | None:
        """A new club timer: a new speaker (or speech kind), step, night step or day."""
        if timer is None:
            return None
        s = self.state
        night = None if s.night is None else len(s.night.acts)
        return (s.phase, s.number, s.step, s.speaking, timer.kind, night)

    def winners(self) -> frozenset[int] | None:
        """The winning seats: a club role has a side, not a team; 004 §8 scores the whole
        side."""
        s = self.state
        if not s.finished or s.winner is None or s.roles is None:
            return None
        return frozenset(seat for seat, role in enumerate(s.roles, 1) if role.side == s.winner)

    def result(self) -> ClubResult:
        from engine.club.result import result

        return result(self)

    def scored_result(self) -> ClubResult:
        return self.result()  # a club result always has its `score` (004 §8)


@lru_cache(maxsize=1024)
def _line(action: ClubAction) -> LogLine:
    return action_to_dict(action)


def _settings(header: JsonObject) -> Settings:
    from engine.club.log import parse_header

    return parse_header(header)


def _admit_header(header: JsonObject) -> tuple[int, JsonObject]:
    """docs/club.md "Header": seats 3-15 and its fields."""
    return _settings(header).seats, dict(header)


def _default_header(rules: str, tournament: str, table: str, seats: int | None,
                    date: str) -> LogLine:
    """A club table's game: its `seats`, dated (the evening and 004 §8's weekday); its
    `tournament` field means a tournament game (004 §5), so the id is not put there."""
    from engine.club.log import header

    del rules, tournament
    return header(Settings(seats=seats or 10, date=date), table=table, game=1)


CLUB_VARIANT = Variant("club", lambda header: ClubGame(_settings(header)), _admit_header,
                       _default_header, evening=True)
