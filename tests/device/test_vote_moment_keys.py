"""The pad and a removal during the vote (issue 26): the judge keys the votes, a fourth FOUL
or a held FOUL (removal) between two candidates' votes, and goes on keying the vote that
stands; the real engine decides what the removal does (000 I.8.1-8.2, 003 7.1-7.2)."""

from __future__ import annotations

from device.hardware.pad import KeyEvent
from device.table.keys import Action, PadDecoder, Pending, Result
from engine import Day, Shoot
from engine.classic import Game
from engine.classic.log import parse_action
from engine.classic.testing import second_day
from engine.classic.views import judge_view


def key(game: Game, decoder: PadDecoder, keys: str) -> list[Result]:
    """Press (and hold, "FOUL^") each key on the judge view of the moment; every complete
    action goes into the game as the table service records it."""
    results: list[Result] = []
    for token in keys.split():
        name = token.rstrip("^")
        events = [KeyEvent(name, "press", 0.0)]
        if token.endswith("^"):
            events.append(KeyEvent(name, "hold", 0.8))
        events.append(KeyEvent(name, "release", 1.0))
        for event in events:
            got = decoder.feed(event, judge_view(game.state, game.rules, len(game.actions)))
            if isinstance(got, Action):
                game.push(parse_action(got.action))
            results.append(got)
    return results


def day_2_round(rules: str) -> Game:
    """Day 2 of a game: candidates 4, 9, 6, 2 (10 at the table), the vote open on #4."""
    return second_day(rules, {2: 4, 3: 9, 4: 6, 5: 2})


def test_a_fourth_foul_keyed_after_the_result_is_known_keeps_the_vote() -> None:
    """VOTE 6 VOTE gives 4 six of ten: with four left nobody reaches six. FOUL 7 four times
    removes 7; the screen stays on the vote (#9 next); the judge keys 9's count and the
    round closes: 4 leaves with his farewell; tomorrow's vote is cancelled (003 7.2)."""
    game = day_2_round("fiim")
    decoder = PadDecoder()
    key(game, decoder, "VOTE 6 VOTE")
    key(game, decoder, "FOUL 7 FOUL 7 FOUL 7 FOUL 7")
    assert 7 not in game.state.at_table
    judge = judge_view(game.state, game.rules, len(game.actions))
    assert judge.step == "vote" and judge.vote is not None and judge.vote.current == 9
    assert decoder.text(judge) == "VOTE #9: _"
    key(game, decoder, "VOTE 1 VOTE VOTE VOTE")  # 9 gets one, 6 none; 2 the rest
    speech = game.state.speech
    assert speech is not None and (speech.seat, speech.kind) == (4, "farewell")
    key(game, decoder, "NEXT NEXT")  # 4's farewell; then the night
    game.push(Shoot(target=None))
    game.push(Day())
    assert judge_view(game.state, game.rules).day_vote == "cancelled"


def test_a_held_foul_on_a_candidate_still_to_be_counted_drops_him_out() -> None:
    """After 4's six votes, FOUL held then 9 removes 9 (a candidate not yet counted): the
    screen moves past him to #6, and the round goes on; before the result is known the same
    keys cancel today's vote and the vote leaves the screen."""
    game = day_2_round("cml")
    decoder = PadDecoder()
    key(game, decoder, "VOTE 6 VOTE")
    results = key(game, decoder, "FOUL^ 9")
    assert any(isinstance(r, Action) and r.action == {"action": "disqualify", "seat": 9,
                                                        "kind": "removal"} for r in results)
    judge = judge_view(game.state, game.rules, len(game.actions))
    assert judge.vote is not None and judge.vote.candidates == (4, 6, 2)
    assert decoder.text(judge) == "VOTE #6: _"
    assert all(isinstance(r, Pending) for r in key(game, decoder, "VOTE 1"))
    key(game, decoder, "VOTE")
    assert game.state.voting is None and 4 not in game.state.at_table

    game = day_2_round("cml")
    decoder = PadDecoder()
    key(game, decoder, "VOTE 5 VOTE FOUL^ 9")  # five of ten: 9 or 6 could still tie
    judge = judge_view(game.state, game.rules, len(game.actions))
    assert judge.vote is None and judge.day_vote == "cancelled" and judge.step == "await_night"
