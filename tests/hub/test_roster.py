"""A hub no roster can kill (issue 24, item 4): every name of the seating CSV is checked like a
nickname with its row named; a command no table could take, or a table's refusal, costs an
alert, never the hub; fixing the CSV and restarting sends the fixed roster."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from device.testing import running_table
from hub.outbox import queue_round
from hub.registry import Liveness
from hub.roster_csv import read_seating, write_seating
from hub.seating import Seating, SeatingError, TournamentPlan, generate
from hub.service import HubService
from hub.store import Store
from tests.hub.helpers import (
    HEARTBEAT_S,
    HubWatcher,
    T,
    hub_settings,
    running_hub,
    stored,
    wait_for,
)

ZWSP, RLO = "\u200b", "\u202e"


def seating_with(name: str) -> Seating:
    """Ten players at table 1, one round; `name` sits somewhere."""
    names = (name, *(f"Player{i}" for i in range(1, 10)))
    return generate(TournamentPlan(players=names, tables=("1",), rounds=1), seed=1, effort=0.1)


@pytest.mark.parametrize(("name", "why"), [
    (f"Ann{ZWSP}", "the player contains the invisible or control character U+200B"),
    ("A" * 70_000, "the player is 70000 characters long; at most 40"),
    (f"{RLO}nnA", "the player contains the invisible or control character U+202E"),
    ("Ann\x00", "the player contains the invisible or control character U+0000"),
    ("Ann  Lee", "has spaces at its ends or two in a row"),
])
def test_a_name_no_table_would_take_is_refused_with_its_row(name: str, why: str) -> None:
    text = write_seating(seating_with("Ann")).replace("Ann", name)
    row = next(n for n, line in enumerate(text.splitlines(), start=1) if name in line)
    seat = text.splitlines()[row - 1].split(",")[2]
    with pytest.raises(SeatingError) as refused:
        read_seating(text)
    assert str(refused.value).startswith(f"row {row} (round 1, table 1, seat {seat}): ")
    assert why in str(refused.value)


def test_a_judge_is_checked_too() -> None:
    lines = write_seating(seating_with("Ann")).splitlines()
    lines[1] = lines[1] + f"Iva{ZWSP}nov"  # the judge column of the first row
    with pytest.raises(SeatingError, match=r"row 2 .*the judge contains the invisible"):
        read_seating("\n".join(lines))


def test_the_players_file_of_hub_seat_is_checked(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from mafiakit.cli import main

    players = tmp_path / "players.txt"
    players.write_text("".join(f"Player{i}\n" for i in range(9)) + f"Vega{ZWSP}\n",
                       encoding="utf-8")
    assert main(["hub", "seat", "--players", str(players), "--tables", "1", "--rounds", "1",
                 "--out", str(tmp_path / "s.csv")]) == 2
    assert f"{players} line 10: a nickname contains the invisible or control character " \
        "U+200B" in capsys.readouterr().err


def test_a_bad_roster_in_the_store_and_a_table_refusing_it_never_stop_the_hub(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    """A store written by an older hub holds a roster with a zero-width space: the table
    refuses the game's header with it, and the hub cannot even build the roster command
    (the bus refuses the name). Both become alerts; the hub runs on. Then the head judge
    fixes the CSV and restarts the hub: the fixed game and roster go out under new ids."""
    settings = hub_settings(tmp_path, private_broker.url, 1)
    bad = seating_with(f"Vega{ZWSP}")
    store = Store(settings.database)
    queue_round(store, settings, bad, 1, "2026-11-30T10:00:00+00:00")  # as an old hub did
    store.close()
    fixed = write_seating(bad).replace(ZWSP, "")
    assert settings.seating is not None
    settings.seating.write_text(fixed, encoding="utf-8")
    good = read_seating(fixed).rounds[0].games[0].seats
    with running_table(tmp_path / "t1.sqlite", private_broker.url, tournament=T, table="1",
                       heartbeat_s=HEARTBEAT_S) as table:
        # the hub of the bad store, running on it as an older hub would have (its seating
        # given in code: the CSV check would refuse it now)
        hub = HubService(settings.model_copy(update={"seating": None, "tables": ["1"]}))
        hub.start()
        thread = threading.Thread(target=hub.run, daemon=True)
        thread.start()
        try:
            watcher = HubWatcher(private_broker.config(), filters=("judge/state",))
            state = watcher.until("both refusals as alerts", lambda p: len([
                a for a in p.get("judge/state", {}).get("alerts", [])
                if a["kind"] == "command_refused"]) == 2)
            texts = [a["text"] for a in state["judge/state"]["alerts"]
                     if a["kind"] == "command_refused"]
            assert "refused the hub's command r1-t1-new_game" in texts[0]  # the table's own words
            assert "r1-t1-roster: the hub cannot send it" in texts[1]
            assert "U+200B" in texts[1]
            assert thread.is_alive() and hub.registry.tables["1"].state is Liveness.ONLINE
            assert table.game_id != "r1-t1"
            watcher.close()
        finally:
            from hub.service import Stop

            hub.inbox.put(Stop())
            thread.join(30)
            hub.close()
        # the CSV is fixed (done above) and the hub restarted: the fixed game goes out
        with running_hub(settings) as hub:
            wait_for("the fixed game and roster at the table",
                     lambda: table.game_id == "r1-t1" and table.names == list(good))
            wait_for("the old commands replaced, the new ones taken", lambda: {
                r: ok for r, _, ok, _ in stored(hub).command_answers()} == {
                "r1-t1-new_game": None, "r1-t1-roster": None,
                "r1-t1-new_game-v2": True, "r1-t1-roster-v2": True})
            assert not [a for a in hub.alerts() if a.kind == "command_refused"]
