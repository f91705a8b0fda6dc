"""`Game`: the record keeper of one game, with push/pop undo (like python-chess's Board).

    game = Game("cml")
    game.push(Roles(don=3, mafia=(5, 8), sheriff=1))
    game.push(Start())
    ...
    game.pop()            # undo the last action, exactly
    game.outcome()        # None while the game goes on
"""

from __future__ import annotations

from engine import actions as act
from engine.errors import IllegalAction
from engine.events import Event
from engine.refusals import R
from engine.rules import decide
from engine.ruleset import Ruleset, load_ruleset
from engine.state import GameState
from engine.values import Value
from engine.vocab import Termination, Winner


class Outcome(Value):
    winner: Winner
    termination: Termination


class Game:
    """One game under one ruleset. Every accepted action is kept so it can be undone."""

    __slots__ = ("_actions", "_events", "_states", "rules")

    def __init__(self, rules: Ruleset | str = "cml") -> None:
        self.rules = rules if isinstance(rules, Ruleset) else load_ruleset(rules)
        self._states: list[GameState] = [GameState()]
        self._actions: list[act.Action] = []
        self._events: list[tuple[Event, ...]] = []

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def actions(self) -> tuple[act.Action, ...]:
        """The actions in effect (undone ones are gone), oldest first."""
        return tuple(self._actions)

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """The events of each action in effect, aligned with `actions`."""
        return tuple(self._events)

    def push(self, action: act.Action) -> tuple[Event, ...]:
        """Apply a judge action; return its events. `Undo` is the same as `pop()`.

        Raises IllegalAction (and changes nothing) when the rules do not allow it now.
        """
        if type(action) is act.Undo:  # not isinstance: a miss through the values' metaclass
            self.pop()  # costs several times a type check, on every action
            return ()
        tx = decide(self._states[-1], action, self.rules)
        events = tuple(tx.events)
        self._states.append(tx.state)
        self._actions.append(action)
        self._events.append(events)
        return events

    def pop(self) -> act.Action:
        """Undo the last action still in effect, restoring the earlier state exactly."""
        if not self._actions:
            raise IllegalAction(R.NOTHING_TO_UNDO)
        self._states.pop()
        self._events.pop()
        return self._actions.pop()

    def is_legal(self, action: act.Action) -> bool:
        try:
            decide(self._states[-1], action, self.rules)
        except IllegalAction:
            return False
        return True

    def outcome(self) -> Outcome | None:
        s = self.state
        if s.winner is None or s.termination is None:
            return None
        return Outcome(Winner(s.winner), Termination(s.termination))
