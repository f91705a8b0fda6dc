"""The demo's club part (docs/club.md, docs/hub.md "Club tables"): after the tournament round,
a club table plays a short club game on its pins, as a club host does every Friday.

A seven-seat club table (table 5) opens the bundled seven-seat club game at the table (no
hub command: the host opens it), its judge keys the game on the club pad in virtual time,
a PNG of the table's and the judge's screen is taken at every step from what arrived over
MQTT, and the hub, which stores the decided club game apart from the tournament, adds up
the club evening for its date, as `mafiakit hub evening --date` prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from engine.log import JsonObject, parse_json_line
from engine.viewmodels import PublicView
from engine.vocab import InfoClass

if TYPE_CHECKING:  # the parts the demo starts: imported when it runs
    from device.hardware.pad import KeyEvent
    from engine.club.evening import EveningJson
    from firmware_sim.table import SimTable
    from hub.store import StoredProtocol

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CLUB_EXAMPLE = EXAMPLES / "club-seven-maniac-and-doctor.jsonl"
CLUB_TABLE = "5"
SCREENS = ("table", "judge")


class ClubReport(TypedDict):
    """What the demo reports of the club game (its JSON's `club`)."""

    table: str
    game_id: str | None
    result: Mapping[str, object]  # as the hub stored it
    evening: EveningJson
    steps: int
    screenshots: int
    out: str


def club_header(game: Path = CLUB_EXAMPLE) -> JsonObject:
    """The example's header, at the demo's club table."""
    return {**parse_json_line(game.read_text(encoding="utf-8").splitlines()[0]),
            "table": CLUB_TABLE}


def play_club(broker_url: str, folder: Path, *, tournament: str, hub_database: Path,
              out: Path, lang: str = "ru") -> ClubReport:
    """Play the club game at table 5 and return what the demo prints about it: the result
    the hub stored, the evening's rating at the hub, the screenshots taken. RuntimeError in
    words when something never happens."""
    from bus.config import BrokerConfig
    from firmware_sim.clock import ManualClock
    from firmware_sim.fromlog import log_to_script
    from firmware_sim.script import ScriptPlayer, parse_script, replay_virtual, schedule
    from firmware_sim.table import SimTable
    from mafiakit.demo import Shots, _catch_up
    from mafiakit.demo_round import wait_for
    from scoreboard.feed import FeedStore
    from scoreboard.live import LiveFeed

    out.mkdir(parents=True, exist_ok=True)
    text = CLUB_EXAMPLE.read_text(encoding="utf-8")
    header = club_header()
    seats, date = header.get("seats"), header.get("date")
    if not isinstance(seats, int) or not isinstance(date, str):
        raise RuntimeError(f"demo: {CLUB_EXAMPLE.name}: its header names no seats or no date")
    clock = ManualClock()
    sim = SimTable.start(tournament=tournament, table=CLUB_TABLE, rules="club",
                         seats=seats, clock=clock, background=False, music=False,
                         broker_url=broker_url, journal=folder / f"table-{CLUB_TABLE}.sqlite")
    config = BrokerConfig.from_url(broker_url)
    stores = {"public": FeedStore(), "judge": FeedStore()}
    feeds = {name: LiveFeed(config, stores[name], tournament=tournament, table=CLUB_TABLE,
                            view_class=name).start() for name in stores}
    try:
        if not sim.wait_connected() or not all(f.client.wait_ready(30) for f in feeds.values()):
            raise RuntimeError("demo: the club table could not connect to the demo broker")
        sim.service.new_game(header)  # the host opens it at the table
        shots = Shots(out, sim, stores, lang, table=CLUB_TABLE, screens=SCREENS)
        last: list[tuple[object, ...] | None] = [None]

        def seqs() -> dict[str, dict[str, int]]:
            return {"public": {CLUB_TABLE: sim.service.screen_seqs.seq[InfoClass.PUBLIC]},
                    "judge": {CLUB_TABLE: sim.service.seq}}

        def judge_key(event: KeyEvent) -> None:
            sim.service.handle(event)
            public = _public(sim)
            moment = (public.phase, public.number, public.step, public.speaker)
            if moment != last[0]:
                last[0] = moment
                _catch_up(feeds, stores, seqs())
                shots.take(public)

        keyed, typed = split_at_the_console(text)
        steps = parse_script(log_to_script(keyed, gap_ms=400))
        replay_virtual(sim.hardware, ScriptPlayer(sim.board, schedule(steps), clock()), clock,
                       judge_key)
        for line in typed:  # what the club pad has no keys for (docs/pad.md): the console
            ok, why = sim.service.submit_line(line)
            if not ok:
                raise RuntimeError(f"demo: the club table refused {line}: {why}")
        _catch_up(feeds, stores, seqs())
        shots.take(_public(sim), final=True)
        game_id = sim.service.game_id
        if not sim.service.table_game.state.finished:
            raise RuntimeError(f"demo: the club game at table {CLUB_TABLE} did not end: "
                               f"{CLUB_EXAMPLE.name} was not keyed in to its end")
        actions = len(sim.service.table_game.actions)
        stored = _stored_protocol(hub_database, str(game_id), actions, wait_for)
        result = stored.get("result")
        if not isinstance(result, dict):
            raise RuntimeError(f"demo: the hub stored game {game_id} without its result")
        return {"table": CLUB_TABLE, "game_id": game_id, "result": result,
                "evening": _evening(hub_database, date),
                "steps": shots.count, "screenshots": shots.files, "out": str(out)}
    finally:
        for feed in feeds.values():
            feed.close()
        sim.close()


def split_at_the_console(text: str) -> tuple[str, list[JsonObject]]:
    """The log's lines the club pad keys (header first), and from the first it has no keys
    for on (an extra point with its approver, the host's close: docs/pad.md "The club
    game"), the lines the host types at the console."""
    from engine.replay import ReplayError
    from firmware_sim.fromlog import log_to_script

    lines = [line for line in text.splitlines() if line.strip()]
    try:
        log_to_script(text)
    except ReplayError as exc:
        if exc.line <= 1:
            raise
        keyed = lines[:exc.line - 1]
        return "\n".join(keyed) + "\n", [parse_json_line(line) for line in lines[exc.line - 1:]]
    return text, []


def _public(sim: SimTable) -> PublicView:
    from device.table.viewcache import view_of

    view = view_of(sim.service.table_game, InfoClass.PUBLIC)
    assert isinstance(view, PublicView)
    return view


def _stored_protocol(database: Path, game_id: str, actions: int,
                     wait_for: Callable[[str, Callable[[], object]], None]) -> StoredProtocol:
    """The club game's protocol once the hub has checked and stored it with all `actions`
    (a later line, an extra point, republishes it)."""
    from hub.store import Store

    store = Store(database)

    def complete() -> StoredProtocol | None:
        protocol = store.club_protocol(CLUB_TABLE, game_id)
        done = protocol is not None and len(protocol.get("actions", [])) == actions
        return protocol if done else None

    try:
        wait_for(f"the club game of table {CLUB_TABLE} at the hub", complete)
        protocol = complete()
        assert protocol is not None
        return protocol
    finally:
        store.close()


def _evening(database: Path, date: str) -> EveningJson:
    """The club evening of `date` at the hub: `mafiakit hub evening --date` (its JSON)."""
    from engine.club.evening import EveningError
    from hub.club import club_evening
    from hub.store import Store

    store = Store(database)
    try:
        return club_evening(store.club_protocols(), store.decisions(), date).as_dict()
    except EveningError as exc:
        raise RuntimeError(f"demo: the hub cannot add up the club evening: {exc}") from exc
    finally:
        store.close()
