"""The demo's tournament: one round at three tables, the hub following them (docs/hub.md).

Table 1 plays the demo's game log (keyed on its pad, mafiakit/demo.py); tables 2 and 3 are
real table services whose scripted judges enter two other example games of the same ruleset
(one tournament plays one ruleset: the standings refuse a mix). The hub sends every table its
round-1 game and roster over `cmd`, exactly as at a tournament, and its standings are the
scoring library's on the games as they count.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Required, TypedDict

if TYPE_CHECKING:  # the parts the demo starts: imported when it runs (never for --help)
    from device.table.service import TableService
    from engine.classic.scoring.standings import RowJson
    from engine.log import JsonObject
    from hub.config import HubSettings
    from hub.service import HubService

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TOURNAMENT = "demo"
TABLES = ("1", "2", "3")
HAND_TABLE = "4"  # windowed only: the table a visitor plays by hand in the simulator
GUARD_S = 60.0  # only turns a hang into a clear message; the demo never waits this long
# Players of tables 2 and 3, then of the hand table (table 1 keeps its game log's names).
NAMES = ("Astra", "Borei", "Cedar", "Dina", "Ermak", "Fenix", "Gloria", "Hugo", "Iris",
         "Jasper", "Kora", "Lev", "Mars", "Nika", "Oskar", "Polar", "Quinta", "Rada", "Sokol",
         "Tayga", "Ulyana", "Vityaz", "Wanda", "Xenon", "Yara", "Zorro", "Alpha", "Bravo",
         "Charlie", "Delta")


def companions(game: Path, rules: str) -> list[Path]:
    """Two other example games of `rules` for tables 2 and 3 (a game with fouls first)."""
    found = sorted(p for p in EXAMPLES.glob("*.jsonl") if p.resolve() != game.resolve()
                   and _rules_of(p) == rules)
    found.sort(key=lambda p: "foul" not in p.name)
    found += [game, game]  # a ruleset with few examples: the same game with other players
    return found[:2]


def _rules_of(log: Path) -> str | None:
    with log.open(encoding="utf-8") as f:
        rules = json.loads(f.readline()).get("rules")
    return rules if isinstance(rules, str) else None


def seating_csv(players: dict[str, list[str]], judges: dict[str, str]) -> str:
    lines = ["round,table,seat,player,judge"]
    for table, names in players.items():
        lines += [f"1,{table},{seat},{name},{judges.get(table, '')}"
                  for seat, name in enumerate(names, start=1)]
    return "\n".join(lines) + "\n"


def actions_of(log: Path) -> list[JsonObject]:
    from engine.log import parse_json_line

    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [parse_json_line(line) for line in lines[1:]]


def wait_for(what: str, condition: Callable[[], object], guard: float = GUARD_S) -> None:
    deadline = time.monotonic() + guard
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"demo: never happened: {what}")
        time.sleep(0.01)


@dataclass
class Scripted:
    """A table service on its own thread and the game its judge enters line by line."""

    service: TableService
    thread: threading.Thread
    actions: list[JsonObject]
    done: int = 0

    def advance_to(self, share: float) -> None:
        """Enter actions until `share` (0..1) of the game is entered."""
        from device.testing import submit

        while self.done < len(self.actions) and self.done < share * len(self.actions):
            ok, why = submit(self.service, self.actions[self.done])
            if not ok:
                raise RuntimeError(f"demo: table {self.service.table} refused "
                                   f"{self.actions[self.done]}: {why}")
            self.done += 1


class GameCount(TypedDict):
    """A game of the round as it counts at the hub (the demo's JSON, `standings.tables`)."""

    table: str
    game_id: str
    winner: str | None
    counts: bool


class RoundStandings(TypedDict, total=False):
    """The hub's standings after the round (`mafiakit standings`' object, none while a game
    is left out) with every game as it counts and the games left out."""

    rules: str
    games: int
    tie_breaks: list[str]
    standings: list[RowJson]
    tables: Required[list[GameCount]]
    left_out: Required[list[str]]


def round_header(game: Path, table: str, players: list[str]) -> JsonObject:
    """The header the hub sends a table for round 1 (hub/outbox.py `round_commands`)."""
    from engine.log import parse_json_line

    head = parse_json_line(game.read_text(encoding="utf-8").splitlines()[0])
    return {"format": "mafia-game-log", "version": 1, "rules": head["rules"],
            "tournament": "Demo Cup", "table": table, "game": 1, "players": players}


@dataclass
class DemoRound:
    """The hub and the scripted tables 2 and 3 of the demo's round, on `broker_url`.

    `sent`: the tables the hub sends their round-1 game (headless: all three; windowed:
    tables 1 and the hand table open their own in the simulator); `tables`: all it follows.
    """

    folder: Path
    broker_url: str
    game: Path
    rules: str
    sent: tuple[str, ...] = TABLES
    tables: tuple[str, ...] = TABLES
    scripted: dict[str, Scripted] = field(default_factory=dict)
    hub: HubService | None = None
    hub_thread: threading.Thread | None = None

    def settings(self) -> HubSettings:
        from engine.log import parse_json_line
        from hub.config import HubSettings

        logs = dict(zip(TABLES, (self.game, *companions(self.game, self.rules)), strict=True))
        first = parse_json_line(self.game.read_text(encoding="utf-8").splitlines()[0])
        seating = self.folder / "seating.csv"
        seating.write_text(seating_csv({t: p for t, p in self.players(first).items()
                                        if t in self.sent},
                                       {"1": str(first.get("judge", ""))}), encoding="utf-8")
        self.logs = logs
        return HubSettings(tournament=TOURNAMENT, name="Demo Cup", rules=self.rules,
                           tables=list(self.tables), seating=seating,
                           database=self.folder / "hub.sqlite",
                           broker={"url": self.broker_url}, aggregate_s=0.2, resend_s=1.0)

    @staticmethod
    def players(first: JsonObject) -> dict[str, list[str]]:
        """Table -> its players: table 1's from its game log's header `first`."""
        own = first.get("players")
        if not isinstance(own, list):
            raise ValueError("demo: the game log's header names no players")
        return {"1": [str(name) for name in own], "2": list(NAMES[:10]),
                "3": list(NAMES[10:20]), HAND_TABLE: list(NAMES[20:30])}

    def start(self) -> DemoRound:
        """The hub, then tables 2 and 3 (table 1 is the caller's simulator)."""
        from device.config import TableSettings
        from device.table.service import TableService
        from hub.service import HubService

        settings = self.settings()
        hub = self.hub = HubService(settings).start()
        self.hub_thread = threading.Thread(target=hub.run, name="hub", daemon=True)
        self.hub_thread.start()
        for table in TABLES[1:]:
            service = TableService(TableSettings(
                tournament=TOURNAMENT, table=table, rules=self.rules,
                journal=self.folder / f"table-{table}.sqlite",
                broker={"url": self.broker_url})).start()
            thread = threading.Thread(target=service.run, name=f"table-{table}", daemon=True)
            thread.start()
            self.scripted[table] = Scripted(service, thread, actions_of(self.logs[table]))
        return self

    def send_round(self) -> None:
        """`mafiakit hub round 1`: the hub sends each table its game and roster."""
        from datetime import UTC, datetime

        from hub.outbox import queue_round
        from hub.store import Store

        hub = self.started()
        store = Store(hub.settings.database)
        try:
            assert hub.seating is not None
            queue_round(store, hub.settings, hub.seating, 1,
                        datetime.now(UTC).isoformat())
        finally:
            store.close()

    def wait_games_open(self) -> None:
        wait_for("tables 2 and 3 opened their round-1 games", lambda: all(
            s.service.game_id == f"r1-t{t}" and len(s.service.names) == 10
            for t, s in self.scripted.items()))

    def advance(self, share: float) -> None:
        for scripted in self.scripted.values():
            scripted.advance_to(share)

    def started(self) -> HubService:
        """The hub, once `start` started it."""
        if self.hub is None:
            raise RuntimeError("demo: the round's hub is not started")
        return self.hub

    def standings(self) -> RoundStandings:
        """Once every table's protocol reached the hub: the scoring library's standings on
        the games as they count, as the head judge exports them."""
        from hub.standings import games_as_they_count, tournament_standings
        from hub.store import Store

        store = Store(self.started().settings.database)
        try:
            wait_for("every protocol at the hub", lambda: len(store.protocols()) >= len(TABLES))
            ranking, left_out = tournament_standings(store.protocols(), store.decisions(),
                                                     self.rules, store.game_rounds())
            games = games_as_they_count(store.protocols(), store.decisions(),
                                        store.game_rounds())
        finally:
            store.close()
        tables: list[GameCount] = [{"table": g["table"], "game_id": g["game_id"],
                                    "winner": g["winner"], "counts": g["counts"]}
                                   for g in games]
        if ranking is None:
            return {"tables": tables, "left_out": left_out}
        return {**ranking.as_dict(), "tables": tables, "left_out": left_out}

    def close(self) -> None:
        from device.table.inbox import Stop as TableStop
        from hub.service import Stop

        for scripted in self.scripted.values():
            scripted.service.inbox.put(TableStop())
            scripted.thread.join(30)
            scripted.service.close()
        if self.hub is not None:
            self.hub.inbox.put(Stop())
            if self.hub_thread is not None:
                self.hub_thread.join(30)
            self.hub.close()
