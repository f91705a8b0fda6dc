"""The table builds each engine view once per state (device.table.snapshots.Views): a cached view
must always be the one the engine would build now, also after an undo that lands on a
state with the same number of actions as the cached one."""

from __future__ import annotations

from device.table import snapshots as snap
from engine import Undo
from engine.classic.game import Game
from engine.classic.playout import Mix, random_game
from engine.vocab import InfoClass


def test_a_cached_view_is_the_engines_view_at_every_step_undos_included() -> None:
    entered = random_game("cml", 5, Mix(undo=0.2)).entered
    assert any(isinstance(a, Undo) for a in entered)
    game, views = Game("cml"), snap.Views()
    for action in entered:
        game.pop() if isinstance(action, Undo) else game.push(action)
        if isinstance(action, Undo):
            continue  # asked next after the action entered instead: as many actions as
            # the state the cache holds, another state
        for info_class in InfoClass:
            assert views.of(game, info_class) == game.view(info_class)


def test_the_same_state_is_built_once_and_a_new_game_is_never_mixed_up() -> None:
    first, views = Game("cml"), snap.Views()
    judge = views.of(first, InfoClass.JUDGE)
    assert views.of(first, InfoClass.JUDGE) is judge  # asked again: not built again
    other = Game("fiim")
    assert views.of(other, InfoClass.JUDGE) == other.view(InfoClass.JUDGE)
    assert views.of(other, InfoClass.JUDGE) is not judge
