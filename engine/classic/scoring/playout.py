"""Random legal after-game lines and whole random tournaments: for tests and benchmarks.

Every line is offered to the engine and kept only if the rules accept it, so the result is
legal by construction (an extra over a limit is simply refused and not kept).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import actions as act
from engine.classic.game import Game
from engine.classic.log import dump_lines
from engine.classic.playout import Mix, random_game
from engine.classic.ruleset import Ruleset, load_ruleset
from engine.errors import IllegalAction
from engine.jsonvalue import JsonValue
from engine.log import header


def random_after_game(game: Game, rng: random.Random, tries: int = 6) -> None:
    """Push a few random legal extras, penalties and protests onto a decided game."""
    while game.state.speech is not None:
        game.push(act.SpeechEnd())
    for _ in range(rng.randint(0, tries)):
        seat = rng.randint(1, 10)
        pick = rng.random()
        line: act.Action
        if pick < 0.75:
            line = act.Extra(seat, 10 * rng.randint(1, 7),
                             approved_by="Head judge" if rng.random() < 0.5 else None)
        elif pick < 0.9:
            line = act.Penalty(seat, -10 * rng.randint(1, 5), "000 III.6" if rng.random() < 0.5
                               else "000 III.5.4.5")
        else:
            line = act.Protest(seat, "протест")
        try:
            game.push(line)
        except IllegalAction:
            continue
    if rng.random() < 0.8:
        game.push(act.Close("Judge"))


def random_tournament(rules: Ruleset | str, players: int, rounds: int,
                      seed: int = 0) -> Iterator[list[str]]:
    """The game logs (as lines) of `rounds` rounds of `players` // 10 tables each; every
    player plays once a round, seated at random. Players are "P001"..."Pnnn" with a few
    Cyrillic nicknames among them."""
    ruleset = rules if isinstance(rules, Ruleset) else load_ruleset(rules)
    rng = random.Random(seed)
    names = [f"{'Игрок' if i % 7 == 0 else 'P'}{i:03d}" for i in range(1, players + 1)]
    number = 0
    for rnd in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        for table in range(len(order) // 10):
            number += 1
            p = random_game(ruleset, rng.randrange(1 << 30), Mix(undo=0.0, foul=0.03))
            game = p.game
            assert game is not None
            random_after_game(game, rng)
            seated: list[JsonValue] = [*order[table * 10:(table + 1) * 10]]
            head = header(ruleset.id, tournament="Generated", stage=f"round {rnd}",
                          game=number, table=str(table + 1),
                          players=seated)
            yield list(dump_lines(head, game.actions))
