"""Decided games to score: the bundled examples under any ruleset, and a black win."""

from __future__ import annotations

import json
from pathlib import Path

from engine import actions as act
from engine.classic.game import Game
from engine.classic.replay import replay
from engine.classic.scoring.game import SeatScore, score_game
from engine.classic.testing import speeches, started, to_day

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def example(name: str, rules: str, **swap: str) -> Game:
    """An example log replayed under `rules`; `swap` replaces text in its lines first."""
    lines = (EXAMPLES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["rules"] = rules
    body = "\n".join(lines[1:])
    for old, new in swap.items():
        assert old.replace("_", " ") in body
        body = body.replace(old.replace("_", " "), new)
    _, game = replay([json.dumps(head), *body.splitlines()])
    while game.state.speech is not None:
        game.push(act.SpeechEnd())
    return game


def red_win(rules: str) -> Game:
    """Roles: don 3, mafia 5 and 8, sheriff 1; red wins; seat 7 (citizen) killed in
    night 1 named 3, 5, 2 (two blacks)."""
    return example("cml-red-wins-by-lift", rules)


def red_win_three_found(rules: str) -> Game:
    """As `red_win`, seat 7 named 3, 5, 8 (three blacks)."""
    return example("cml-red-wins-by-lift", rules, **{"[3,_5,_2]": "[3, 5, 8]"})


def black_win(rules: str, kill: int | None = None) -> Game:
    """Zero night: seats 2, 4, 6 (red) disqualified; night 1 `kill` (None = a miss, then
    day 2 votes out 7). Black (3, 5, 8) wins by parity; the last speech is still current."""
    game = black_win_setup(rules)
    to_day(game, shot=kill)
    if kill is None:
        speeches(game, {3: 7})
    assert game.state.winner == "black"
    return game


def black_win_setup(rules: str) -> Game:
    """Seats 2, 4, 6 (red) disqualified in the zero night, a quiet day 1, night 1 begun."""
    game = started(rules)
    for seat in (2, 4, 6):
        game.push(act.Disqualify(seat))
    game.push(act.Day())
    speeches(game)
    game.push(act.Night())
    return game


def scores(game: Game) -> dict[int, SeatScore]:
    out = score_game(game.state, game.rules)
    assert out is not None
    return out
