"""The real engine's views, step by step through random legal games, all read and stay secret."""

from __future__ import annotations

import pytest

from engine import actions as act
from engine.classic.game import Game
from engine.classic.playout import Mix, random_game
from engine.classic.views import reveal, view
from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.secrecy import secret_free, secrets_found
from scoreboard.tablefeed import TableFeed
from scoreboard.view import read_view

NOW = 1_764_403_200.0
MIX = Mix(foul=0.05, disqualify=0.004, undo=0.03, tie_bias=0.5, vote_removal=0.1)


@pytest.mark.parametrize("rules", ["cml", "fiim", "fiim-2015", "judge-guide"])
@pytest.mark.parametrize("seed", range(3))
def test_every_engine_view_reads_and_no_public_frame_leaks(rules: str, seed: int) -> None:
    played = random_game(rules, seed, MIX)
    game = Game(rules)
    checked = 0
    for number, action in enumerate(played.entered, start=1):
        if isinstance(action, act.Undo):
            game.pop()
        else:
            game.push(action)
        for info_class in ("public", "audience", "judge"):
            data = view(game.state, game.rules, info_class, number)
            feed = TableFeed("3", view=read_view(data.model_dump(mode="json")),
                             as_of=NOW - 5, status="online")
            if info_class == "judge":
                assert judge_frame(feed, NOW, "ru").judge is not None
                continue
            for lang in ("ru", "en"):
                frame = table_frame(feed, NOW, lang, info_class)
                assert secrets_found(frame) == [], (rules, seed, number, info_class)
                assert secret_free(wall_frame([feed], NOW, lang))
            checked += 1
    assert game.state.finished and checked > 0
    public = read_view(view(game.state, game.rules, "public"))
    hidden = table_frame(TableFeed("3", view=public), NOW, "ru")
    assert hidden.over and not any(seat.role for seat in hidden.seats)  # no protocol yet
    shown = reveal(game.state)
    assert shown is not None
    final = table_frame(TableFeed("3", view=public, reveal=shown), NOW, "ru")
    assert final.over and final.result and all(seat.role for seat in final.seats)
