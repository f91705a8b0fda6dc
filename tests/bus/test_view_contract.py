"""Every view the engine and the table produce fits the published schema (docs/views.md),
and the public and audience schemas have no field that can hold a secret (issue 8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import JsonValue, ValidationError

from bus.schema import VIEW_MODELS, all_schemas
from device.config import TableSettings
from device.table.service import TableService
from device.table.snapshots import snapshot
from engine import actions as act
from engine.classic.game import Game
from engine.classic.playout import Mix, random_game
from engine.classic.views import view
from engine.roles import Role, Team

# Names of fields that could carry a role, a team, a shot, a check or the best move.
SECRET_FIELDS = {"roles", "role", "team", "winner", "termination", "nights", "shot", "shots",
                 "don_check", "sheriff_check", "best_move", "guess", "black_found", "black",
                 "sheriff", "night_steps", "reveal", "actions"}
SECRET_VALUES = {*(r.value for r in Role), *(t.value for t in Team)}


def _names_and_enums(node: JsonValue, names: set[str], values: set[str]) -> None:
    """Every property name and every enum/const value anywhere in a JSON Schema."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            names.update(props)
        for key in ("enum", "const"):
            found = node.get(key)
            values.update(v for v in (found if isinstance(found, list) else [found])
                          if isinstance(v, str))
        for child in node.values():
            _names_and_enums(child, names, values)
    elif isinstance(node, list):
        for child in node:
            _names_and_enums(child, names, values)


@pytest.mark.parametrize("view_class", ["public", "audience"])
def test_screen_schemas_have_no_field_for_a_secret(view_class: str) -> None:
    names: set[str] = set()
    values: set[str] = set()
    _names_and_enums(all_schemas()[view_class], names, values)
    assert "seats" in names and "speaker" in names  # the walk does see the view
    assert names & SECRET_FIELDS == set()
    assert values & SECRET_VALUES == set()


def test_the_judge_schema_has_the_secret_fields_the_walk_looks_for() -> None:
    """The check above can fail: the judge schema has every field it looks for."""
    names: set[str] = set()
    values: set[str] = set()
    _names_and_enums(all_schemas()["judge"], names, values)
    assert {"roles", "winner", "nights", "shot", "best_move", "guess"} <= names
    assert SECRET_VALUES - {"red", "black"} <= values


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
            shown = view(game.state, game.rules, info_class, len(game.actions))
            again = VIEW_MODELS[info_class].model_validate_json(shown.model_dump_json())
            assert again == shown


def test_table_snapshots_with_timer_and_judge_extras_fit(tmp_path: Path) -> None:
    table = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    for line in ({"action": "roles", "don": 1, "mafia": [2, 3], "sheriff": 4},
                 {"action": "start"}, {"action": "day"}):
        assert table.submit_line(line)[0]
    table.timer_key()  # paused: the timer carries paused/remaining
    for info_class in ("public", "audience", "judge"):
        shot = snapshot(table.table_game, info_class, tournament="t", table="1", seq=table.seq,
                        game_id=table.game_id, names=[], countdown=table.countdown,
                        mono_now=table.mono(), wall_now=table.wall(),
                        judge_extra=table.judge_extra() if info_class == "judge" else None)
        checked = VIEW_MODELS[info_class].model_validate_json(shot.view.model_dump_json())
        timer = getattr(checked, "timer", None)
        assert timer is not None and timer.paused is True
    table.close()


def test_the_schema_is_strict_and_published() -> None:
    with pytest.raises(ValidationError):
        VIEW_MODELS["public"].model_validate({"view": "public", "surprise": 1})
    schemas = all_schemas()
    public = schemas["public"]
    assert isinstance(public, dict)
    properties = public["properties"]
    assert isinstance(properties, dict)
    view_schema = properties["view"]
    assert isinstance(view_schema, dict) and isinstance(view_schema["properties"], dict)
    assert "seats" in view_schema["properties"]
    assert view_schema["additionalProperties"] is False
    json.dumps(schemas)  # plain JSON
