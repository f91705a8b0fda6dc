"""The site's game JSON as the kit reads it (ratings/site.py, docs/mafiaratings.md): what the
site's reader takes and what it refuses; the JSON Schema in docs is the models'."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ratings.site import SiteGame, known_fields, schema

ROOT = Path(__file__).resolve().parents[2]


def game(**changes: Any) -> dict[str, Any]:
    players: list[dict[str, Any]] = [{"name": f"P{n}"} for n in range(1, 11)]
    players[0]["role"], players[1]["role"] = "sheriff", "don"
    players[2]["role"] = players[3]["role"] = "maf"
    return {"clubId": 1, "startTime": 1764432000, "endTime": "2026-11-29T21:00:00+03:00",
            "winner": "civ", "moderator": {"id": 5}, "players": players, **changes}


def test_the_json_schema_in_docs_is_the_models() -> None:
    """After a change to ratings/site.py: `python -c 'from ratings.site import
    write_schema; write_schema()'`."""
    written = json.loads((ROOT / "docs" / "mafiaratings.schema.json").read_text("utf-8"))
    assert written == schema()
    assert written["properties"]["players"]["minItems"] == 10


def test_a_plain_game_is_taken() -> None:
    SiteGame.model_validate(game())
    SiteGame.model_validate(game(rules="0112300010020", features="gsdutclhvknwro",
                                 tournamentId=9, rating=False, winner="tie"))


@pytest.mark.parametrize(("changes", "why"), [
    ({"winner": "red"}, "winner"),
    ({"rules": "011230001002"}, "rules"),
    ({"features": "gsx"}, "features"),
    ({"players": [{"name": "P"}] * 9}, "players"),
    ({"clubId": "twelve"}, "clubId"),
])
def test_what_the_reader_refuses(changes: dict[str, Any], why: str) -> None:
    with pytest.raises(ValidationError, match=why):
        SiteGame.model_validate(game(**changes))


def test_a_player_as_the_reader_takes_him() -> None:
    g = game()
    g["players"][4].update(
        death={"round": 1, "type": "kickOut", "time": {"round": 1, "time": "speaking",
                                                        "speaker": 4, "order": 1}},
        warnings=[{"round": 0, "time": "voting", "votingRound": 0, "nominee": 3}],
        voting=[None, 10, [5, 5, True]], nominating=[None, 10], bonus=[0.3, "bestMove"],
        record=[{"round": 1, "time": "night kill speaking", "record": [-3, 7]}])
    SiteGame.model_validate(g)


@pytest.mark.parametrize(("field", "value", "why"), [
    ("role", "civilian", "role"),
    ("warnings", [{"round": 0, "time": "speaking", "speaker": 1}] * 5, "at most 4"),
    ("legacy", [1, 2, 3, 4], "one to three"),
    ("voting", [[5, True, 5]], "last item"),
    ("death", {"round": 1, "type": "shot"}, "death"),
    ("warnings", [{"round": 0, "time": "speaking"}], "needs the speaker"),
    ("warnings", [{"round": 0, "time": "voting"}], "votingRound"),
    ("record", [{"round": 0, "time": "speaking", "record": [0]}], "seat 1-10"),
])
def test_a_player_the_reader_refuses(field: str, value: Any, why: str) -> None:
    g = game()
    g["players"][5][field] = value
    with pytest.raises(ValidationError, match=why):
        SiteGame.model_validate(g)


def test_the_role_counts_are_the_readers() -> None:
    g = game()
    g["players"][2]["role"] = "civ"
    with pytest.raises(ValidationError, match="the game has 7 civ: must be 6"):
        SiteGame.model_validate(g)


def test_unknown_fields_are_set_aside_by_name() -> None:
    g = game(hideRoles=True)
    g["players"][0]["avatar"] = "x.png"
    kept, dropped = known_fields(g)
    assert dropped == ["field 'hideRoles'", "seat 1's field 'avatar'"]
    SiteGame.model_validate(kept)
