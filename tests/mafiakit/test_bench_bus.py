"""The bus benchmark's path works end to end (its numbers belong to `mafiakit bench bus`)."""

from __future__ import annotations

from pathlib import Path

from bus.broker import MosquittoProcess
from device.table.journal import Journal
from engine.classic.playout import random_game
from mafiakit.bench.bus import BenchTable


def test_one_table_process_plays_every_round_game_after_game(
        broker: MosquittoProcess, tmp_path: Path) -> None:
    journal = tmp_path / "bench.sqlite"
    first_game = len(random_game("cml", 0).entered)
    table = BenchTable(broker.url, journal)
    try:
        first = table.play(first_game + 1)  # the table's own game, then a new_game
        second = table.play(5)  # the next round starts a new game in the same process
    finally:
        table.close()
    assert len(first) == first_game + 1 and len(second) == 5
    assert all(ms > 0 for ms in first + second)
    kept = Journal(journal)
    games = kept.archive()
    kept.close()
    assert len(games) == 3
    assert [g["finished"] for g in games] == [True, True, True]
