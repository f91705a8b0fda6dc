"""The views of the state each game is in, built once per process (docs/architecture.md,
"The one view cache").

One key press asks for the judge's and the public view up to a dozen times (the pad's
grammar, its text, the seat LEDs, the snapshots, the stream); a club view costs 60-130 us on
the dev machine, four times that on a Pi 4. A view is a function of the game, its (frozen,
never mutated) state and the number of actions it holds, so a new state object means new
views; the entry holds the state, so its id is not reused. The snapshots (`snapshots.Views`)
and the pad bridge share this one cache; any thread may ask, so it is kept under a lock and
each view is built inside it (never kept under another state's key).
"""

from __future__ import annotations

import threading

from engine.variant import GameVariant
from engine.viewmodels import View
from engine.vocab import InfoClass

_MEMO_GAMES = 16  # tables served by one process at most (tests, the demo)
_memo: dict[int, tuple[GameVariant, object, int, dict[InfoClass, View]]] = {}
_memo_lock = threading.Lock()


def view_of(game: GameVariant, info_class: InfoClass) -> View:
    """The engine's view of one information class of `game` as it stands (`game.view`)."""
    state, actions = game.state, len(game.actions)
    with _memo_lock:  # the view is built inside: it must be of the state it is kept under
        held = _memo.get(id(game))
        if held is None or held[0] is not game or held[1] is not state or held[2] != actions:
            if held is None and len(_memo) >= _MEMO_GAMES:
                _memo.pop(next(iter(_memo)), None)  # the oldest game's
            held = _memo[id(game)] = (game, state, actions, {})
        view = held[3].get(info_class)
        if view is None:
            view = held[3][info_class] = game.view(info_class)
        return view
