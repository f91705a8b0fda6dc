"""The hand-checked club games (examples/club-*.jsonl, each worked out by hand from 004 and
docs/club.md) replay through the engine to exactly their `.result.json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.club.result import result
from engine.club.testing import replay_club

EXAMPLES = Path(__file__).parents[3] / "examples"
LOGS = sorted(EXAMPLES.glob("club-*.jsonl"))


def test_the_hand_checked_club_games_are_there() -> None:
    assert len(LOGS) >= 3


@pytest.mark.parametrize("log", LOGS, ids=[p.stem for p in LOGS])
def test_the_engine_replays_a_hand_checked_game_to_its_result(log: Path) -> None:
    _, game = replay_club(log.read_bytes().split(b"\n"))
    expected = json.loads(log.with_suffix(".result.json").read_text())
    assert result(game) == expected


def test_mafiakit_evening_replays_the_club_logs_with_the_engine(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`mafiakit evening` over the three logs (replayed by the engine) prints the evening
    that the hand-checked results add up to."""
    from engine.club.evening import club_game, evening
    from mafiakit.cli import main
    from mafiakit.evening import render

    played = [EXAMPLES / f"{stem}.jsonl" for stem in (
        "club-seven-maniac-and-doctor", "club-twelve-catastrophe-and-cancelled-vote",
        "club-fifteen-putana-sapper-fouls")]  # the order played: immunity goes forward
    games = []
    for log in played:
        head = json.loads(log.read_text().split("\n", 1)[0])
        expected = json.loads(log.with_suffix(".result.json").read_text())
        games.append(club_game(head, expected, str(log)))
    assert main(["evening", *map(str, played)]) == 0
    assert capsys.readouterr().out == render(evening(games), "json")
