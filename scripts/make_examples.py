"""Write the example game logs in examples/ (each checked by the engine as it is built).

Run: .venv/bin/python scripts/make_examples.py
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import (
    BestMove,
    Day,
    Disqualify,
    DonCheck,
    Foul,
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
from engine.classic import (
    Game,
)
from engine.classic.log import dump_lines
from engine.classic.playout import Mix, play_on, random_game
from engine.classic.protocol import result
from engine.log import header

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

    def finish(self, seed: int) -> Script:
        """Play on at random (a seeded, legal game) to the end."""
        self.entered.extend(play_on(self.game, seed, Mix(foul=0.0, disqualify=0.0)))
        return self

    def write(self, name: str, **fields: object) -> None:
        head = header(self.game.rules.id, **fields)
        path = OUT / f"{name}.jsonl"
        path.write_text("\n".join(dump_lines(head, self.entered)) + "\n", encoding="utf-8")
        res = result(self.game.state, self.game.rules.id, self.game.rules)
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


# -- issue 10, "Rules, second reading": one example per item ------------------------------


def shot_then_disqualified() -> None:
    """1. Seat 7 shot in night 1 and disqualified before the morning: no best move, no
    farewell, day 2's vote held (000 I.8.1 "кроме случаев, когда этот игрок был убит ночью")."""
    s = Script("cml")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches()
    s(Night(), Shoot(target=7), Disqualify(seat=7, kind="removal"), DonCheck(seat=1), Day())
    s.speeches({2: 5, 3: 9})
    s.finish(1)
    s.write("cml-shot-then-disqualified", tournament="Second reading", game=1, players=NICKS)


def best_move_blocked_by_any_cause() -> None:
    """2. judge-guide: seat 4 voted out and seat 6 removed by fouls on day 1: the night-1
    victim has no best move (002 "стол покинул не более одного игрока")."""
    s = Script("judge-guide")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches({1: 4, 2: 9})
    s(Votes(seat=4, count=7))
    s(*(Foul(seat=6, reason="речь не в свою минуту") for _ in range(4)))
    s(SpeechEnd(), Night(), Shoot(target=2), Day())
    s.finish(2)
    s.write("judge-guide-best-move-blocked", tournament="Second reading", game=2,
            players=NICKS)


def removal_after_a_day_without_vote() -> None:
    """3. fiim: no nominations on day 1, seat 7 disqualified before the night: day 2's vote
    is cancelled (003 7.1 "ближайшее")."""
    s = Script("fiim")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches()
    s(Disqualify(seat=7, kind="removal"), Night(), Shoot(target=None), Day())
    s.speeches()
    s.finish(3)
    s.write("fiim-removal-after-a-day-without-vote", tournament="Second reading", game=3,
            players=NICKS)


def disqualified_in_farewell() -> None:
    """4. cml: seat 4 (red) leaves by the vote with his own hand and is disqualified with a
    team loss during his farewell: black wins (000 II.3.5)."""
    s = Script("cml")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches({1: 4, 2: 9})
    s(Votes(seat=4, voters=(1, 2, 3, 4, 5, 6, 7)), Disqualify(seat=4, kind="team_loss"))
    s.write("cml-disqualified-in-farewell", tournament="Second reading", game=4,
            players=NICKS)


def disqualified_after_the_decision() -> None:
    """5. fiim: black wins at a kill; the killed player is disqualified during his last
    farewell, a red at the table after it: recorded, the result stands (003 7.12)."""
    s = Script("fiim")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start())
    s(*(Disqualify(seat=seat, kind="removal") for seat in (2, 4, 6)), Day())
    s.speeches()
    s(Night(), Shoot(target=7), Day(), Disqualify(seat=7, kind="removal"),
      Disqualify(seat=9, kind="removal"))
    s.write("fiim-disqualified-after-the-decision", tournament="Second reading", game=5,
            players=NICKS)


def voting_foul() -> None:
    """6. cml: seat 6 gets a voting foul as his third; a fourth one could not be entered
    (000 II.1.6 "4ый фол не выдается")."""
    s = Script("cml")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s(Foul(seat=6, reason="речь не в свою минуту"), Foul(seat=6, reason="жест"))
    s.speeches({1: 4, 2: 9})
    s(Foul(seat=6, reason="рука на столе до голосования", kind="voting"))
    s(Votes(seat=4, count=4))
    s.finish(6)
    s.write("cml-voting-foul", tournament="Second reading", game=6, players=NICKS)


def second_removal_same_day() -> None:
    """7. cml: seats 7 and 9 disqualified during day 1: day 1's vote and day 2's are
    cancelled (000 I.8.1 "ближайшее или текущее")."""
    s = Script("cml")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s(Disqualify(seat=7, kind="removal"), Disqualify(seat=9, kind="removal"))
    s.speeches()
    s(Night(), Shoot(target=None), Day())
    s.speeches()
    s.finish(7)
    s.write("cml-second-removal-same-day", tournament="Second reading", game=7,
            players=NICKS)


def all_tied_no_lift() -> None:
    """8. fiim-2015: all ten nominated and tied twice: no lift of everyone (a choice: 001 is
    silent, the kit borrows 003 7.10, see engine/classic/rulesets/fiim-2015.toml)."""
    s = Script("fiim-2015")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches({seat: seat % 10 + 1 for seat in range(1, 11)})
    for _ in range(2):
        for seat in (2, 3, 4, 5, 6, 7, 8, 9, 10):
            s(Votes(seat=seat, count=1))
        while (sp := s.game.state.speech) is not None and sp.kind == "tie_speech":
            s(SpeechEnd())
    s.finish(8)
    s.write("fiim-2015-all-tied-no-lift", tournament="Second reading", game=8, players=NICKS)


def tie_among_fewer() -> None:
    """9. fiim-2015 by default: a revote tied among fewer gets new speeches and another
    revote (option lift.after_any_repeated_tie for 001 4.4.13's literal reading)."""
    s = Script("fiim-2015")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches({1: 4, 2: 9, 3: 10, 4: 6})
    s(Votes(seat=4, count=3), Votes(seat=9, count=3), Votes(seat=10, count=3))
    s(SpeechEnd(), SpeechEnd(), SpeechEnd())
    s(Votes(seat=4, count=4), Votes(seat=9, count=4))  # 4:4:2, a tie of two
    s(SpeechEnd(), SpeechEnd(), Votes(seat=4, count=6))  # 4 leaves
    s.finish(9)
    s.write("fiim-2015-tie-among-fewer", tournament="Second reading", game=9, players=NICKS)


def last_nominee_all_votes() -> None:
    """10. cml day 1: seat 4 gets 0 votes by count, so seat 9, the last nominee, has every
    vote, his own included: he leaves (000 I.6.15, I.6.18.5), as with `voters: []`."""
    s = Script("cml")
    s(Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day())
    s.speeches({1: 4, 2: 9})
    s(Votes(seat=4, count=0))
    s.finish(10)
    s.write("cml-last-nominee-own-vote", tournament="Second reading", game=10, players=NICKS)


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    cml_red_wins_by_lift()
    cml_quiet_draw()
    fiim_third_foul_and_withdraw()
    random_examples()
    shot_then_disqualified()
    best_move_blocked_by_any_cause()
    removal_after_a_day_without_vote()
    disqualified_in_farewell()
    disqualified_after_the_decision()
    voting_foul()
    second_removal_same_day()
    all_tied_no_lift()
    tie_among_fewer()
    last_nominee_all_votes()
