"""The hub against a real broker with simulated tables playing whole games at once."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.testing import connected_client
from bus.topics import hub_topic
from device.table.service import TableService
from device.testing import running_table
from engine.classic.ruleset import load_ruleset
from engine.classic.scoring.logs import game_from_log
from engine.classic.scoring.standings import standings
from hub.decisions import effective_games
from hub.registry import Liveness
from hub.seating import TableSeating
from hub.service import HubService
from tests.hub.helpers import (
    HEARTBEAT_S,
    T,
    actions_of,
    hub_settings,
    own_protocol,
    play_all,
    running_hub,
    stored,
    wait_for,
)

TABLES = 20


def test_twenty_tables_play_a_round_and_the_hub_keeps_every_protocol(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, TABLES)
    with running_hub(settings) as hub, contextlib.ExitStack() as stack:
        tables: list[TableService] = [
            stack.enter_context(running_table(tmp_path / f"t{n}.sqlite", private_broker.url,
                                              tournament=T, table=str(n),
                                              heartbeat_s=HEARTBEAT_S))
            for n in range(1, TABLES + 1)]
        wait_for("every table online", lambda: all(
            live.state is Liveness.ONLINE for live in hub.registry.tables.values()))
        hub.start_round(1)
        wait_for("every table opened its round-1 game with its roster", lambda: all(
            t.game_id == f"r1-t{t.table}" and len(t.names) == 10 for t in tables))
        seating = {g.table: list(g.seats) for g in settings_round(hub)}
        assert all(t.names == seating[t.table] for t in tables)
        games = {t.table: actions_of(int(t.table)) for t in tables}
        play_all(tables, games)
        assert all(t.table_game.state.finished for t in tables)
        # (a table republishes its protocol after a farewell that follows the decision)
        wait_for("every table's final protocol stored", lambda: {
            table: p for table, _, p in stored(hub).protocols()} == {
            t.table: own_protocol(t) for t in tables})
        for t in tables:
            events = stored(hub).events(t.table, t.game_id)
            assert [seq for seq, _ in events] == list(range(1, len(games[t.table]) + 1))
        assert stored(hub).quarantined() == []
        counted = {g["table"]: g["winner"] for g in effective_games(
            stored(hub).protocols(), stored(hub).decisions(), stored(hub).game_rounds())}
        assert counted == {t.table: t.table_game.state.winner for t in tables}
        # the wall's retained aggregate says the same, with no alert but the protest windows
        wall = connected_client(private_broker.config(), "wall",
                                hub_topic(T, "public/aggregate"))
        aggregate: dict[str, Any] = {}

        def latest_has_every_game() -> bool:
            item = wall.inbox.get(timeout=30)
            if isinstance(item, Received):
                aggregate.update(json.loads(item.payload))
            return len(aggregate.get("games", ())) == TABLES

        wait_for("the aggregate with every game", latest_has_every_game)
        wall.close()
        assert {g["table"]: g["winner"] for g in aggregate["games"]} == counted
        assert {t["state"] for t in aggregate["tables"]} == {"online"}
        assert {a["kind"] for a in aggregate["alerts"]} == {"protest_window"}
        # the standings are the scoring library's on the tables' own logs
        own = [game_from_log([json.dumps(t.header),
                              *(json.dumps(line) for line in t.table_game.lines())],
                             f"table {t.table}") for t in tables]
        assert aggregate["standings"] == standings(own, load_ruleset("cml")).as_dict()


def settings_round(hub: HubService) -> tuple[TableSeating, ...]:
    assert hub.seating is not None
    return hub.seating.rounds[0].games
