"""`ClubGame`: one club game (docs/club.md) with push/pop undo, the API of `engine.Game`.

    game = ClubGame(Settings(seats=7))
    game.push(ClubRoles(mafia=(3,), maniac=5, doctor=1))
    game.push(Start())
    ...
    game.pop()            # undo the last action, exactly
"""

from __future__ import annotations

from engine import actions as act
from engine.club.actions import ClubAction
from engine.club.decide import decide, kind_of
from engine.club.events import ClubEvent
from engine.club.setup import Settings
from engine.club.state import ClubState
from engine.errors import IllegalAction
from engine.refusals import R
from engine.roles import Side
from engine.values import Value


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
