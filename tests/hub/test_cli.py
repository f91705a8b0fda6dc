"""`mafiakit hub seat | round | decide | export` as a head judge types them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hub.roster_csv import read_seating
from hub.store import Store
from mafiakit.cli import main


def test_seat_round_decide_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = tmp_path / "players.txt"
    players.write_text("".join(f"Player{i}\n" for i in range(30)), encoding="utf-8")
    seating = tmp_path / "seating.csv"
    assert main(["hub", "seat", "--players", str(players), "--tables", "3", "--rounds", "4",
                 "--apart", "Player1,Player2", "--out", str(seating)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["figures"]["seats_within_one"] == 1.0
    assert all("Player1" not in g.seats or "Player2" not in g.seats
               for r in read_seating(seating).rounds for g in r.games)
    config = tmp_path / "hub.toml"
    config.write_text('tournament = "cup"\nseating = "seating.csv"\n', encoding="utf-8")
    assert main(["hub", "round", "2", "--config", str(config)]) == 0
    assert "queued r2-t1, r2-t2, r2-t3" in capsys.readouterr().out
    assert main(["hub", "round", "9", "--config", str(config)]) == 2
    assert "rounds 1-4, not 9" in capsys.readouterr().err
    assert main(["hub", "decide", "--config", str(config), "--table", "1", "--game", "r2-t1",
                 "--kind", "change_result", "--who", "Petrova", "--why", "video",
                 "--arg", "winner=blue"]) == 2
    assert "winner red, black or draw" in capsys.readouterr().err
    assert main(["hub", "decide", "--config", str(config), "--table", "1", "--game", "r2-t1",
                 "--kind", "extra_points", "--who", "Petrova", "--why", "best move, seen",
                 "--arg", "seat=3", "--arg", "points=1"]) == 0
    assert "decision 1 recorded: extra_points at table 1" in capsys.readouterr().out
    store = Store(tmp_path / "hub.sqlite")  # relative to hub.toml, not to the current folder
    assert [d[4] for d in store.decisions()] == ["extra_points"]
    assert [r.name for r in store.pending_commands()] == ["new_game", "roster"] * 3
    store.close()
    assert main(["hub", "export", "--config", str(config), "--out", str(tmp_path / "out")]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] == 1


def test_a_missing_config_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["hub", "export", "--config", str(tmp_path / "nope.toml")])
    assert "nope.toml does not exist" in capsys.readouterr().err
