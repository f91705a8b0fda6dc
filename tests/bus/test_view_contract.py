"""Every view the engine and the table produce fits the published schema (docs/views.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from bus.schema import all_schemas
from bus.views import View
from device.config import TableSettings
from device.service import TableService
from device.snapshots import snapshot
from engine import actions as act
from engine.game import Game
from engine.playout import Mix, random_game
from engine.views import view


@pytest.mark.parametrize("rules", ["cml", "fiim", "fiim-2015", "judge-guide"])
@pytest.mark.parametrize("seed", range(3))
def test_every_engine_view_fits_the_schema(rules: str, seed: int) -> None:
    played = random_game(rules, seed, Mix(undo=0.05, foul=0.05, disqualify=0.005))
    game = Game(rules)
    for action in played.entered:
        if isinstance(action, act.Undo):
            game.pop()
        else:
            game.push(action)
        for info_class in ("public", "audience", "judge"):
            View.model_validate(view(game.state, game.rules, info_class, len(game.actions)))


def test_table_snapshots_with_timer_and_judge_extras_fit(tmp_path: Path) -> None:
    table = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    for line in ({"action": "roles", "don": 1, "mafia": [2, 3], "sheriff": 4},
                 {"action": "start"}, {"action": "day"}):
        assert table.submit_line(line)[0]
    table.timer_key()  # paused: the timer carries paused/remaining
    for info_class in ("public", "audience", "judge"):
        shot = snapshot(table.game, info_class, tournament="t", table="1", seq=table.seq,
                        game_id=table.game_id, names=[], countdown=table.countdown,
                        mono_now=table.mono(), wall_now=table.wall(),
                        judge_extra=table.judge_extra() if info_class == "judge" else None)
        checked = View.model_validate(shot.view)
        assert checked.timer is not None and checked.timer.paused is True
    table.close()


def test_the_schema_is_strict_and_published() -> None:
    with pytest.raises(ValidationError):
        View.model_validate({"view": "public", "surprise": 1})
    schemas = all_schemas()
    public = schemas["public"]["properties"]["view"]
    assert "seats" in public["properties"] and public["additionalProperties"] is False
    json.dumps(schemas)  # plain JSON
