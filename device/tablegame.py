"""The game a table plays: the classic `engine.Game` or the club `ClubGame` (docs/club.md).

The service holds either; this module is the one place that tells them apart, so the
journal, admission, snapshots and the timer ask here instead of asking "which game?" each
time. The header's `rules` chooses: "club" opens a club game of `seats` seats (3-15,
004 §1), anything else a classic ruleset.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any, Final

from engine import Undo
from engine.actions import Action
from engine.club import log as club_log
from engine.club import views as club_views
from engine.club.actions import ClubAction
from engine.club.game import ClubGame
from engine.club.result import ClubResult
from engine.club.result import result as club_result
from engine.club.timer import timer as club_timer
from engine.errors import IllegalAction, LogError
from engine.game import Game
from engine.log import action_to_dict, parse_action
from engine.protocol import Result
from engine.protocol import result as classic_result
from engine.refusals import R
from engine.timer import Timer, current_timer
from engine.viewmodels import View
from engine.views import view as classic_view
from engine.vocab import InfoClass

CLUB: Final = "club"
TableGame = Game | ClubGame


def is_club_header(header: dict[str, Any]) -> bool:
    return header.get("rules") == CLUB


def open_game(header: dict[str, Any]) -> TableGame:
    """A fresh game for an admitted header."""
    if is_club_header(header):
        return ClubGame(club_log.parse_header(header))
    return Game(header["rules"])


def seats(game: TableGame) -> int:
    return game.settings.seats if isinstance(game, ClubGame) else 10


def parse_line(game: TableGame, line: dict[str, Any]) -> Action | ClubAction:
    """A game-log line -> the action of this game's kind (LogError in words)."""
    if isinstance(game, ClubGame):
        return club_log.parse_action(line, game.settings.seats)
    return parse_action(line)


def apply(game: TableGame, action: Action | ClubAction) -> Action | ClubAction | None:
    """Push `action` (or pop for an undo): the undone action, or None. IllegalAction
    (nothing changed) when the rules refuse it."""
    if isinstance(action, Undo):
        if not game.actions:
            raise IllegalAction(R.NOTHING_TO_UNDO)
        return game.pop()
    if isinstance(game, ClubGame):
        game.push(action)  # type: ignore[arg-type]  # parse_line made it for this game
    else:
        game.push(action)  # type: ignore[arg-type]
    return None


def push_back(game: TableGame, action: Action | ClubAction) -> None:
    """Redo an action taken back (an undo whose journal write failed)."""
    game.push(action)  # type: ignore[arg-type]


def decided(game: TableGame) -> bool:
    return game.state.finished


def result(game: TableGame) -> Result | ClubResult:
    """The result object (docs/game-log.md; the club's with `score`, docs/club.md)."""
    if isinstance(game, ClubGame):
        return club_result(game)
    return classic_result(game.state, game.rules.id)


# The views of the state each game is in, built once: one key press asks for the judge's
# and the public view up to a dozen times (the pad's grammar, its text, the seat LEDs, the
# snapshots); a club view costs 60-130 us on the dev machine, four times that on a Pi 4.
# A view is a function of the (frozen, never mutated) state and the number of actions, so
# a new state object means new views; the entry holds the state, so its id is not reused.
_MEMO_GAMES = 16  # tables served by one process at most (tests, the demo)
_memo: dict[int, tuple[TableGame, object, int, dict[InfoClass, View]]] = {}
_memo_lock = threading.Lock()  # any thread may ask (the memo is one per process)


def class_view(game: TableGame, info_class: InfoClass) -> View:
    """The engine's view of one information class (the club's from engine.club.views)."""
    state, actions = game.state, len(game.actions)
    with _memo_lock:  # the view is built inside: it must be of the state it is kept under
        held = _memo.get(id(game))
        if held is None or held[0] is not game or held[1] is not state or held[2] != actions:
            if held is None and len(_memo) >= _MEMO_GAMES:
                _memo.pop(next(iter(_memo)), None)  # the oldest game's
            held = _memo[id(game)] = (game, state, actions, {})
        view = held[3].get(info_class)
        if view is None:
            view = held[3][info_class] = _class_view(game, info_class)
        return view


def _class_view(game: TableGame, info_class: InfoClass) -> View:
    if isinstance(game, ClubGame):
        match info_class:
            case InfoClass.PUBLIC:
                return club_views.public_view(game)
            case InfoClass.AUDIENCE:
                return club_views.audience_view(game)
            case _:
                return club_views.judge_view(game)
    return classic_view(game.state, game.rules, info_class, len(game.actions))


def timer(game: TableGame) -> Timer | None:
    if isinstance(game, ClubGame):
        return club_timer(game.state)
    return current_timer(game.state, game.rules)


def club_timer_identity(game: ClubGame, t: Timer | None) -> tuple[object, ...] | None:
    """A new club timer: a new speaker (or speech kind), step, night step or day."""
    if t is None:
        return None
    s = game.state
    night = None if s.night is None else len(s.night.acts)
    return (s.phase, s.number, s.step, s.speaking, t.kind, night)


def line_of(game: TableGame, action: Action | ClubAction) -> dict[str, Any]:
    """An action in effect -> its game-log line (for the protocol). Shared: never change it
    (the protocol model copies what it is given)."""
    return _club_line(action) if isinstance(game, ClubGame) else _line(action)


# Every line after the decision republishes the whole protocol, and admission builds it
# before the journal: an action's line is made once per game, not once per line
# (bench bus: 0.5 ms of a decided line's 2.3 ms went to building the protocol).
@lru_cache(maxsize=1024)
def _line(action: Action) -> dict[str, Any]:
    return action_to_dict(action)


@lru_cache(maxsize=1024)
def _club_line(action: ClubAction) -> dict[str, Any]:
    return club_log.action_to_dict(action)


__all__ = ["CLUB", "LogError", "TableGame"]
