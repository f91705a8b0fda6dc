"""Write the example game logs in examples/ (each checked by the engine as it is built).

Run: .venv/bin/python scripts/make_examples.py
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import (
    BestMove,
    Day,
    DonCheck,
    Foul,
    Game,
    Lift,
    Night,
    Nominate,
    Roles,
    SheriffCheck,
    Shoot,
    SpeechEnd,
    Start,
    Votes,
    Withdraw,
)
from engine.actions import Action
from engine.log import dump_lines, header
from engine.playout import Mix, random_game
from engine.protocol import result

OUT = Path(__file__).resolve().parents[1] / "examples"
NICKS = ["Сова", "Lynx", "Барон", "Mira", "Кит", "Orion", "Туман", "Vega", "Эхо", "Zed"]


class Script:
    def __init__(self, rules: str) -> None:
        self.game = Game(rules)
        self.entered: list[Action] = []

    def __call__(self, *actions: Action) -> Script:
        for a in actions:
            self.game.push(a)
            self.entered.append(a)
        return self

    def speeches(self, noms: dict[int, int] | None = None, fouls: dict[int, int] | None = None,
                 withdraw: dict[int, int] | None = None) -> Script:
        noms, fouls, withdraw = dict(noms or {}), dict(fouls or {}), dict(withdraw or {})
        while (sp := self.game.state.speech) is not None and sp.kind in (
                "speech", "muted_turn", "short_speech", "farewell"):
            if sp.seat in noms and sp.kind != "farewell":
                self(Nominate(seat=noms.pop(sp.seat), by=sp.seat))
            if sp.seat in withdraw and sp.kind != "farewell":
                self(Withdraw(seat=withdraw.pop(sp.seat)))
            if sp.seat in fouls:
                self(Foul(seat=fouls.pop(sp.seat), reason="речь не в свою минуту"))
            self(SpeechEnd())
            if self.game.state.voting is not None:
                break
        return self

    def write(self, name: str, **fields: object) -> None:
        head = header(self.game.rules.id, **fields)
        path = OUT / f"{name}.jsonl"
        path.write_text("\n".join(dump_lines(head, self.entered)) + "\n", encoding="utf-8")
        res = result(self.game.state, self.game.rules.id)
        (OUT / f"{name}.result.json").write_text(
            json.dumps(res, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(path.name, res["winner"], res["termination"], len(self.entered), "actions")


def cml_red_wins_by_lift() -> None:
    """A tie on day 1, a night kill with a best move, a lift that ends the game."""
    s = Script("cml")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches({1: 4, 2: 9}, fouls={5: 6})
    s(Votes(seat=4, count=5), SpeechEnd(), SpeechEnd())  # tie 5:5, tie speeches
    s(Votes(seat=4, voters=(1, 2, 4, 6, 7, 9, 10)))  # 4 wins with his own vote: leaves (I.6.18.5)
    s(SpeechEnd(), Night())
    s(Shoot(shots=((3, 7), (5, 7), (8, 7))))
    s(DonCheck(seat=1), SheriffCheck(seat=8), BestMove(seats=(3, 5, 2)), Day())
    s.speeches({2: 5, 6: 3}, fouls={9: 8})
    s(Votes(seat=5, count=6))  # 5 leaves
    s(SpeechEnd(), Night())
    s(Shoot(target=1), DonCheck(seat=2), SheriffCheck(seat=3), Day())
    s.speeches({6: 8, 9: 3}, fouls={10: 8})
    s(Votes(seat=8, count=3), SpeechEnd(), SpeechEnd(), Votes(seat=8, count=3))
    s(Lift(voters=(2, 6, 9, 10)))  # 4 of 6: both leave, no black left
    s(SpeechEnd(), SpeechEnd())
    s.write("cml-red-wins-by-lift", tournament="Autumn Cup", stage="qualifier", game=12,
            table="3", date="2026-11-29", judge="Ivanova", players=NICKS)


def cml_quiet_draw() -> None:
    """Three nights in a row without any removal (000 I.8.5): a draw."""
    s = Script("cml")
    s(Roles(don=10, mafia=(2, 6), sheriff=4), Start(), Day())
    s.speeches({1: 7})  # a single nominee on day 1: no vote
    for _ in range(2):
        s(Night(), Shoot(target=None), Day())
        s.speeches()
    s(Night(), Shoot(shots=((2, 5), (6, 5), (10, 9))), Day())
    s.write("cml-quiet-draw", tournament="Autumn Cup", game=13, table="3", players=NICKS)


def fiim_third_foul_and_withdraw() -> None:
    """fiim: a third foul (6.4) mutes day 2's turn, a best move, black wins at a kill."""
    s = Script("fiim")
    s(Roles(don=2, mafia=(4, 9), sheriff=7), Start(), Foul(seat=3), Day())
    s.speeches({1: 5, 3: 6, 6: 8, 9: 2}, fouls={4: 3, 8: 3}, withdraw={9: 2})
    s(Votes(seat=5, count=2), Votes(seat=6, count=3))  # 8 gets 5 -> leaves
    s(SpeechEnd(), Night(), Shoot(target=7), DonCheck(seat=7), SheriffCheck(seat=2),
      BestMove(seats=(2, 4, 9)), Day())
    s.speeches({3: 1, 5: 10})
    s(Votes(seat=1, count=2))  # 10 leaves
    s(SpeechEnd(), Night(), Shoot(target=5), DonCheck(seat=6), Day())  # 3 black v 3 red
    s(SpeechEnd())  # the decisive leaver's farewell (002)
    s.write("fiim-third-foul-black-wins", tournament="Winter Open", game=4, table="1",
            players=NICKS)


def random_examples() -> None:
    for rules, seed in (("fiim-2015", 7), ("judge-guide", 11)):
        p = random_game(rules, seed, Mix(foul=0.03))
        s = Script(rules)
        s(*p.entered)
        s.write(f"{rules}-random-{seed}", tournament="Generated", game=seed)


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    cml_red_wins_by_lift()
    cml_quiet_draw()
    fiim_third_foul_and_withdraw()
    random_examples()
