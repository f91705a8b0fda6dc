"""`Game`: the record keeper of one game, with push/pop undo (like python-chess's Board).

    game = Game("cml")
    game.push(Roles(don=3, mafia=(5, 8), sheriff=1))
    game.push(Start())
    ...
    game.pop()            # undo the last action, exactly
    game.outcome()        # None while the game goes on
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine import actions as act
from engine.classic.events import Event
from engine.classic.log import action_to_dict, parse_action
from engine.classic.rules import decide
from engine.classic.ruleset import Ruleset, load_ruleset
from engine.classic.state import GameState
from engine.errors import IllegalAction
from engine.refusals import R
from engine.values import Value
from engine.variant import Variant
from engine.vocab import InfoClass, Termination, Winner

if TYPE_CHECKING:
    from engine.classic.protocol import Result
    from engine.log import JsonObject, LogLine
    from engine.timer import Timer
    from engine.viewmodels import Reveal, View

CLASSIC_SEATS = 10


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

    # -- the variant protocol (engine/variant.py): what the table, replay and screens call --

    @property
    def rules_id(self) -> str:
        return self.rules.id

    @property
    def seats(self) -> int:
        return CLASSIC_SEATS

    def parse_line(self, line: JsonObject) -> act.Action:
        return parse_action(line)

    def play_line(self, line: JsonObject) -> LogLine | None:
        action = parse_action(line)
        if type(action) is act.Undo:
            return _line(self.pop())
        self.push(action)
        return None

    def is_legal_line(self, line: JsonObject) -> bool:
        from engine.errors import LogError

        try:
            action = self.parse_line(line)
        except LogError:
            return False
        return bool(self._actions) if type(action) is act.Undo else self.is_legal(action)

    def lines(self) -> list[LogLine]:
        return [_line(a) for a in self._actions]

    def view(self, info_class: InfoClass) -> View:
        from engine.classic.views import view

        return view(self.state, self.rules, info_class, len(self._actions))

    def timer(self) -> Timer | None:
        from engine.classic.timer import current_timer

        return current_timer(self.state, self.rules)

    def timer_identity(self, timer: Timer | None) -> tuple[object, ...] | None:
        from engine.classic.timer import timer_identity

        return timer_identity(self.state, timer)

    def winners(self) -> Reveal | None:
        """The end-of-game reveal: the seat LEDs show the teams."""
        from engine.classic.views import reveal

        return reveal(self.state)

    def result(self) -> Result:
        from engine.classic.protocol import result

        return result(self.state, self.rules.id)

    def scored_result(self) -> Result:
        from engine.classic.protocol import result

        return result(self.state, self.rules.id, self.rules)


# Every line after the decision republishes the whole protocol, and the table builds it
# before the journal: an action's line is made once per game, not once per line
# (bench bus: 0.5 ms of a decided line's 2.3 ms went to building the protocol).
@lru_cache(maxsize=1024)
def _line(action: act.Action) -> LogLine:
    return action_to_dict(action)


def _open(header: JsonObject) -> Game:
    rules = header["rules"]
    if not isinstance(rules, str):  # an admitted header's is (engine.classic.log.parse_header)
        raise TypeError("the header's rules must be a ruleset id")
    return Game(rules)


def _admit_header(header: JsonObject) -> tuple[int, JsonObject]:
    from engine.classic.log import parse_header

    return CLASSIC_SEATS, dict(parse_header(header))


def _default_header(rules: str, tournament: str, table: str, seats: int | None,
                    date: str) -> LogLine:
    from engine.log import header

    del seats, date  # ten seats; a tournament game is dated by its tournament
    return header(rules, tournament=tournament, table=table)


CLASSIC_VARIANT = Variant("classic", _open, _admit_header, _default_header, standings=True)
