"""Every retained page a real hub publishes during a real evening (a tournament round at a
classic table, a club game at a club table, a head judge's decision) reads through its model
in bus/hubpages.py and fits the JSON Schema `mafiakit schema` prints for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import JsonValue, ValidationError

from bus.broker import MosquittoProcess
from bus.errors import PayloadError
from bus.hubpages import PAGE_MODELS, build_page, page_model, read_round
from device.table.inbox import NewGame
from device.testing import running_table, submit
from hub.registry import Liveness
from mafiakit.cli import main
from tests.hub.helpers import (
    HEARTBEAT_S,
    HubWatcher,
    T,
    actions_of,
    hub_settings,
    play,
    running_hub,
    stored,
    wait_for,
)

EXAMPLES = Path(__file__).parents[2] / "examples"
CLUB = EXAMPLES / "club-seven-maniac-and-doctor.jsonl"


def play_an_evening(broker: MosquittoProcess, tmp_path: Path) -> list[tuple[str, str]]:
    """Table 1 plays its round-1 game, table 2 a club game; a protest is filed on the
    classic game. Every hub page published meanwhile, in order: (name, text)."""
    settings = hub_settings(tmp_path, broker.url, 2)
    config = tmp_path / "hub.toml"
    config.write_text(f'tournament = "{T}"\nseating = "seating.csv"\n', encoding="utf-8")
    watcher = HubWatcher(broker.config())
    rows = [json.loads(t) for t in CLUB.read_text("utf-8").splitlines() if t.strip()]
    try:
        with running_hub(settings) as hub, running_table(
                tmp_path / "t1.sqlite", broker.url, tournament=T, table="1",
                heartbeat_s=HEARTBEAT_S) as classic, running_table(
                tmp_path / "t2.sqlite", broker.url, tournament=T, table="2",
                heartbeat_s=HEARTBEAT_S, rules="club", seats=7) as club:
            wait_for("both tables online", lambda: all(
                live.state is Liveness.ONLINE for live in hub.registry.tables.values()))
            hub.start_round(1)
            wait_for("table 1 opened its game", lambda: classic.game_id == "r1-t1")
            play(classic, actions_of(1))
            club.inbox.put(NewGame(header={**rows[0], "table": "2"}))
            wait_for("the club game open", lambda: club.table_game.seats == rows[0]["seats"])
            for line in rows[1:]:
                assert submit(club, line) == (True, ""), line
            wait_for("both protocols stored", lambda: len(stored(hub).protocols()) == 1
                     and len(stored(hub).club_protocols()) == 1)
            assert main(["hub", "decide", "--config", str(config), "--table", "1", "--game",
                         "r1-t1", "--kind", "protest_filed", "--who", "Head",
                         "--why", "a protest at table one", "--arg", "seat=3"]) == 0
            watcher.until("the pages with both games and the protest", lambda p: (
                len(p.get("public/aggregate", {}).get("games", ())) == 1
                and len(p.get("public/aggregate", {}).get("club_games", ())) == 1
                and len(p.get("judge/state", {}).get("protests", ())) == 1))
        watcher.drain()
        return watcher.seen
    finally:
        watcher.close()


def schemas() -> dict[str, Any]:
    """What `mafiakit schema` prints, read as a third party would."""
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "schema"],
                          capture_output=True, text=True, check=True)
    printed: dict[str, Any] = json.loads(done.stdout)
    return printed


def schema_name(page: str) -> str:
    """The key of `mafiakit schema` for a hub page (`public/rounds/1`: `hub/public/rounds/{n}`)."""
    head = page.rpartition("/")[0]
    if head in ("public/rounds", "judge/rounds"):
        return f"hub/{head}/{{n}}"
    if head == "judge/club":
        return "hub/judge/club/{date}"
    return f"hub/{page}"


def test_every_page_a_real_hub_publishes_fits_its_model_and_schema(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    seen = play_an_evening(private_broker, tmp_path)
    printed = schemas()
    pages = [(name, text) for name, text in seen if name not in ("status", "sync")]
    assert {schema_name(name) for name, _ in pages} == set(PAGE_MODELS) == {
        k for k in printed if k.startswith("hub/")}
    for name, text in pages:
        data = json.loads(text)
        assert data["schema_version"] == 1, name
        Draft202012Validator(printed[schema_name(name)]).validate(data)
        page_model(name).model_validate(data)  # the screens' reading of it


def test_a_page_that_says_more_than_its_schema_is_refused() -> None:
    """A field the page's model does not declare (a role on a public round page) is refused
    before the page goes out, and a screen refuses it too."""
    game: dict[str, JsonValue] = {"table": "1", "game_id": "r1-t1", "players": ["A"],
                                  "roles": ["don"]}
    with pytest.raises(ValidationError):
        build_page("public/rounds/1", {"round": 1, "games": [{**game, "nights": []}]})
    sneaky = json.dumps({"round": 1, "games": [{**game, "shots": [1]}]}).encode()
    with pytest.raises(PayloadError, match="round page"):
        read_round(sneaky)
    assert json.loads(build_page("public/rounds/1", {"round": 1, "games": [game]})) == {
        "schema_version": 1, "round": 1, "games": [game]}
    for page in ("public/aggregate", "judge/state", "judge/rounds/2", "judge/club/2026-11-25",
                 "public/players", "public/rounds/0", "public/club"):
        assert page_model(page).model_json_schema()["additionalProperties"] is False, page
